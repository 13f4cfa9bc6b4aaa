-- A story's lorebook (world-info entries the prompt builder adds when the recent turns name them) travels
-- like its characters: the draft's, each frozen version's and the playing story's copy; older rows start
-- with none. chat_prompts keeps what each model reply's prompt was built from (the prompt inspector),
-- apart from chat_messages so that reading a thread never reads it; it goes with its message.
CREATE TABLE "chat_prompts" (
	"message_id" bigint PRIMARY KEY NOT NULL,
	"record" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "lorebook" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "lorebook" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "story_versions" ADD COLUMN "lorebook" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "chat_prompts" ADD CONSTRAINT "chat_prompts_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;