CREATE TABLE "account_deletions" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "flagged_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"story_id" text NOT NULL,
	"categories" text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reporter_id" integer NOT NULL,
	"reporter_registered" boolean NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"story_id" text NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_target_kind_check" CHECK ("reports"."target_kind" in ('story', 'character', 'message')),
	CONSTRAINT "reports_status_check" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned'))
);
--> statement-breakpoint
CREATE TABLE "staff_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draft_id" bigint NOT NULL,
	"story_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"hook" text NOT NULL,
	"category_id" text NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"characters" jsonb NOT NULL,
	"script" text NOT NULL,
	"opening" text DEFAULT '' NOT NULL,
	"rating" text DEFAULT 'general' NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"moderation" jsonb,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_versions_state_check" CHECK ("story_versions"."state" in ('pending', 'approved', 'rejected', 'superseded'))
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "review_state" text DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "rating" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "visible" boolean GENERATED ALWAYS AS (published and review_state = 'approved' and hidden_at is null) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "story_drafts" ADD COLUMN "rating" text DEFAULT 'general' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "adult_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "publish_banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flagged_messages" ADD CONSTRAINT "flagged_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_actions" ADD CONSTRAINT "staff_actions_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_draft_id_story_drafts_id_fk" FOREIGN KEY ("draft_id") REFERENCES "public"."story_drafts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_versions" ADD CONSTRAINT "story_versions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("due_at") WHERE "account_deletions"."done_at" is null;--> statement-breakpoint
CREATE INDEX "flagged_messages_user_idx" ON "flagged_messages" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notices_user_idx" ON "notices" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_key" ON "reports" USING btree ("reporter_id","target_kind","target_id") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("target_kind","target_id","status");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("created_at") WHERE "reports"."status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "staff_actions_target_idx" ON "staff_actions" USING btree ("target_kind","target_id","id");--> statement-breakpoint
CREATE INDEX "staff_actions_staff_idx" ON "staff_actions" USING btree ("staff_id","id");--> statement-breakpoint
CREATE INDEX "story_versions_draft_idx" ON "story_versions" USING btree ("draft_id","id");--> statement-breakpoint
CREATE INDEX "story_versions_story_idx" ON "story_versions" USING btree ("story_id","id");--> statement-breakpoint
CREATE INDEX "story_versions_pending_idx" ON "story_versions" USING btree ("created_at","id") WHERE "story_versions"."state" = 'pending';--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_review_state_check" CHECK ("stories"."review_state" in ('pending', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_rating_check" CHECK ("stories"."rating" in ('general', 'mature'));--> statement-breakpoint
-- The catalogue reads only visible stories (published, approved, not hidden): its partial indexes follow.
DROP INDEX "stories_popular_idx";--> statement-breakpoint
DROP INDEX "stories_trending_idx";--> statement-breakpoint
DROP INDEX "stories_new_idx";--> statement-breakpoint
CREATE INDEX "stories_popular_idx" ON "stories" ("play_count" DESC, "id") WHERE "visible";--> statement-breakpoint
CREATE INDEX "stories_trending_idx" ON "stories" ("trending_score" DESC, "id") WHERE "visible";--> statement-breakpoint
CREATE INDEX "stories_new_idx" ON "stories" ("story_created_ms"("created_at") DESC, "id") WHERE "visible";--> statement-breakpoint
-- Stories published before review existed stay as they were (approved); their drafts get a version each,
-- so every published story has the approved version it plays.
INSERT INTO "story_versions" ("draft_id", "story_id", "user_id", "title", "hook", "category_id", "tags", "characters", "script", "opening", "rating", "state", "decided_at", "created_at")
  SELECT d."id", d."story_id", d."user_id", s."title", s."hook", s."category_id", s."tags", d."characters", s."script", s."opening", s."rating", 'approved', d."published_at", coalesce(d."published_at", now())
  FROM "story_drafts" d JOIN "stories" s ON s."id" = d."story_id";--> statement-breakpoint
-- The audit log is append-only: no row of it can be changed or removed.
CREATE FUNCTION "staff_actions_append_only"() RETURNS trigger LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'staff_actions is append-only'; END $$;--> statement-breakpoint
CREATE TRIGGER "staff_actions_append_only" BEFORE UPDATE OR DELETE ON "staff_actions"
  FOR EACH ROW EXECUTE FUNCTION "staff_actions_append_only"();
