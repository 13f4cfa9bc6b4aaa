-- Catalogue reads at scale (custom migration: drizzle's schema cannot say all of it). Each sort pages
-- through an index in its own order, so a page reads about as many stories as it shows; and a story's
-- search text is one indexable expression, with a trigram index where pg_trgm can be installed
-- (elsewhere, PGlite included, a search reads every published story, as before).
CREATE FUNCTION "story_created_ms"("created_at" timestamptz) RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE
  -- Epoch milliseconds do not depend on the time zone (date_trunc on timestamptz is only STABLE).
  AS $$ SELECT floor(extract(epoch FROM "created_at") * 1000)::bigint $$;--> statement-breakpoint
CREATE FUNCTION "story_search_text"("title" text, "hook" text, "tags" text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT "title" || E'\n' || "hook" || E'\n' || array_to_string("tags", ' ') $$;--> statement-breakpoint
CREATE INDEX "stories_popular_idx" ON "stories" ("play_count" DESC, "id") WHERE "published";--> statement-breakpoint
CREATE INDEX "stories_trending_idx" ON "stories" ("trending_score" DESC, "id") WHERE "published";--> statement-breakpoint
CREATE INDEX "stories_new_idx" ON "stories" ("story_created_ms"("created_at") DESC, "id") WHERE "published";--> statement-breakpoint
-- How often a search term occurs, so the planner picks well between reading a sort's index until a
-- page is full (a common term) and the trigram index (a rare one): a GIN index gathers no statistics.
CREATE STATISTICS "stories_search_stats" ON ("story_search_text"("title", "hook", "tags")) FROM "stories";--> statement-breakpoint
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available (%): story search reads every published story', SQLERRM;
END $$;--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX "stories_search_trgm_idx" ON "stories" USING gin ("story_search_text"("title", "hook", "tags") gin_trgm_ops);
  END IF;
END $$;
