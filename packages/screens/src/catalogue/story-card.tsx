import { IntentLink as Link } from "../shell/intent-link";
import type { MouseEvent } from "react";
import type { StorySummary } from "@storyloom/contract";
import { CoverImage } from "./cover-image";
import { MatureBadge } from "../safety/mature-badge";
import { compactCount } from "./query";

/** Props of {@link StoryCard}. */
export interface StoryCardProps {
  story: StorySummary;
  /** Category name shown as a label on the cover. */
  categoryName?: string;
  /** Marks the first cover of the server-rendered page, its largest paint. */
  priority?: boolean;
  /** Marks the other covers of the first row: loaded at once, at normal priority. */
  eager?: boolean;
  /** The cover's small copy as a `data:` URL, painted with the first response (see CoverImage). */
  inlineCover?: string | null;
  /** Plain clicks open the story detail modal; modified clicks (new tab) keep the link. */
  onOpen?: (story: StorySummary) => void;
  /** Narrow fixed-width cards for the horizontal personal rows. */
  compact?: boolean;
}

function isPlainClick(e: MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * A catalogue card: cover, title, hook, play/like counts, and "Featured" on a story staff feature. It is
 * a real link to the story page, so it works before hydration and in a new tab; `onOpen` upgrades plain
 * clicks to the modal.
 */
export function StoryCard({ story, categoryName, priority = false, eager = false, inlineCover, onOpen, compact = false }: StoryCardProps) {
  return (
    <article className={`group relative flex flex-col ${compact ? "w-36 shrink-0 sm:w-40" : ""}`}>
      <div className="relative aspect-[3/4] overflow-hidden rounded-2xl bg-surface-2 shadow-sm ring-1 ring-line">
        <CoverImage
          src={story.cover_url}
          sizes={compact ? "160px" : "(max-width: 576px) 50vw, (max-width: 992px) 33vw, 240px"}
          priority={priority}
          eager={eager}
          inline={inlineCover}
          className="transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
        />
        {categoryName && !compact ? (
          <span className="absolute top-2 left-2 rounded-full bg-black/65 px-2 py-0.5 text-xs text-white">{categoryName}</span>
        ) : null}
        {story.rating === "mature" ? <MatureBadge className="absolute top-2 right-2" /> : null}
      </div>
      <h3 className="mt-2 line-clamp-1 font-semibold text-fg">
        <Link
          href={`/story/${story.id}`}
          onClick={onOpen ? (e) => { if (isPlainClick(e)) { e.preventDefault(); onOpen(story); } } : undefined}
          className="rounded-sm outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-brand"
        >
          {story.title}
        </Link>
      </h3>
      {story.author_name ? <p className="mt-0.5 line-clamp-1 text-xs text-muted">by {story.author_name}</p> : null}
      {!compact ? <p className="mt-0.5 line-clamp-2 text-sm text-muted">{story.hook}</p> : null}
      {/* Below the cover, not on it: the cover art carries the title in its lower part. */}
      <p className="mt-1 flex gap-3 text-xs text-muted">
        {/* Said in words (not a colour or an icon alone), so a screen reader reads it with the counts. */}
        {story.featured ? (
          <span className="font-semibold text-fg" data-testid="featured-label">
            <span aria-hidden="true">★ </span>Featured
          </span>
        ) : null}
        <span>
          <span aria-hidden="true">▶ </span>
          {compactCount(story.play_count)}
          <span className="sr-only"> plays</span>
        </span>
        <span>
          <span aria-hidden="true">♥ </span>
          {compactCount(story.like_count)}
          <span className="sr-only"> likes</span>
        </span>
      </p>
    </article>
  );
}
