-- A chat's memory (#45): the rolling summary the model folds older turns into, the facts the player
-- pinned and how far the summary reaches; per chat and branch ('' = the chat's only line). It goes with
-- its player (erased with their chats, moved when a guest signs up).
CREATE TABLE "chat_memories" (
	"user_id" integer NOT NULL,
	"story_id" text NOT NULL,
	"branch_id" text DEFAULT '' NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"summary_through" bigint DEFAULT 0 NOT NULL,
	"pins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_memories_user_id_story_id_branch_id_pk" PRIMARY KEY("user_id","story_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "chat_memories" ADD CONSTRAINT "chat_memories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_memories" ADD CONSTRAINT "chat_memories_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;