ALTER TABLE "story_drafts" ALTER COLUMN "premise" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "hook" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "category_id" text;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "characters" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "script" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "story_id" text;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD CONSTRAINT "story_drafts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD CONSTRAINT "story_drafts_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_author_idx" ON "stories" USING btree ("author_id");--> statement-breakpoint
ALTER TABLE "story_drafts" ADD CONSTRAINT "story_drafts_story_id_unique" UNIQUE("story_id");--> statement-breakpoint
-- Pitches saved before the editor existed open in it with their premise as the hook.
UPDATE "story_drafts" SET "hook" = left("premise", 300) WHERE "hook" = '';
