-- The character card a draft was imported from (issue 45), kept whole so that its fields the draft has
-- no place for are written back when the character is exported. It goes with its draft.
CREATE TABLE "draft_cards" (
	"draft_id" bigint PRIMARY KEY NOT NULL,
	"character" text NOT NULL,
	"card" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "draft_cards" ADD CONSTRAINT "draft_cards_draft_id_story_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."story_drafts"("id") ON DELETE cascade ON UPDATE no action;