-- Staff feature up to 12 stories at the top of the popular list, in their order (1 first); null is "not
-- featured", so every older row starts unfeatured. The partial unique index holds a dozen rows at most: it
-- keeps one story per place and serves the players' read of the visible featured stories by rank.
ALTER TABLE "stories" ADD COLUMN "featured_rank" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "stories_featured_idx" ON "stories" USING btree ("featured_rank") WHERE "stories"."featured_rank" is not null;
