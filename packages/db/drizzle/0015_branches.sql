CREATE TABLE "chat_branches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"story_id" text NOT NULL,
	"parent_id" bigint,
	"fork_origin" bigint,
	"fork_alt" integer,
	"active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "branch_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "origin_id" bigint;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "parked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_branches" ADD CONSTRAINT "chat_branches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_branches" ADD CONSTRAINT "chat_branches_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_branches_chat_idx" ON "chat_branches" USING btree ("user_id","story_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_branches_active_idx" ON "chat_branches" USING btree ("user_id","story_id") WHERE "chat_branches"."active";--> statement-breakpoint
CREATE INDEX "chat_messages_origin_idx" ON "chat_messages" USING btree ("user_id","story_id","origin_id");