import type { StoryDetail } from "@storyloom/contract";
import { IntentLink as Link } from "../shell/intent-link";
import { CoverImage } from "../catalogue/cover-image";
import { MatureBadge } from "../safety/mature-badge";
import { ReportButton } from "../safety/report-button";
import { LikeButton } from "./like-button";
import { playHref, reportHref, StoryAuthor, StoryCharacters, StoryCounts, StoryTags } from "./story-facts";
import { SubscribeForm } from "./subscribe-form";

/**
 * The story page's content: cover, title (with the 18+ mark of a mature story), hook, Play and Like,
 * description, characters, subscribe and report. Rendered by the server for general stories and
 * in the browser for a mature one the visitor may see.
 */
export function StoryArticle({ story: s, categoryName, inlineCover }: { story: StoryDetail; categoryName?: string; inlineCover?: string | null }) {
  return (
    <article className="pb-8">
      {/* The cover art carries the title, so it is shown whole. The backdrop is a plain gradient, not a
          blurred copy of the cover: a large blur filter is costly to paint on the phones we target. */}
      <div className="relative overflow-hidden bg-[radial-gradient(circle_at_50%_30%,color-mix(in_srgb,var(--brand-primary)_45%,transparent),transparent_70%)] px-4 py-6">
        <div className="relative mx-auto aspect-[3/4] w-48 overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/10">
          <CoverImage src={s.cover_url} fixedWidth={192} priority inline={inlineCover} />
        </div>
      </div>
      <div className="flex flex-col gap-4 px-4 pt-5">
        <StoryTags categoryName={categoryName} tags={s.tags} />
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">
          {s.title}
          {s.rating === "mature" ? <MatureBadge className="ml-2 align-middle" /> : null}
        </h1>
        <p className="text-lg text-fg">{s.hook}</p>
        <StoryAuthor name={s.author_name} />
        <StoryCounts playCount={s.play_count} likeCount={s.like_count} />
        <div className="flex flex-wrap gap-2">
          <Link
            href={playHref(s)}
            className="inline-flex h-11 flex-1 items-center justify-center rounded-xl bg-brand px-6 font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
          >
            Play
          </Link>
          <LikeButton storyId={s.id} initialCount={s.like_count} />
        </div>
        <section aria-labelledby="about-heading">
          <h2 id="about-heading" className="mb-2 font-semibold text-fg">About this story</h2>
          <p className="whitespace-pre-line text-fg/90">{s.description}</p>
        </section>
        <section aria-labelledby="cast-heading">
          <h2 id="cast-heading" className="mb-2 font-semibold text-fg">Characters</h2>
          <StoryCharacters story={s} />
        </section>
        <SubscribeForm storyId={s.id} title={s.title} />
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <ReportButton target={{ kind: "story", id: s.id, label: `the story “${s.title}”` }} />
          <Link href={reportHref(s.id)} className="text-muted underline underline-offset-4 hover:text-fg">
            Other ways to ask for removal
          </Link>
        </p>
      </div>
    </article>
  );
}
