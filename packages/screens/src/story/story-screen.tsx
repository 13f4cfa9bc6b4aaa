import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { notFound } from "next/navigation";
import { CoverImage } from "../catalogue/cover-image";
import { inlineLeadCover } from "../catalogue/lead-cover";
import { serverRead } from "../catalogue/server-read";
import { LikeButton } from "./like-button";
import { playHref, reportHref, StoryAuthor, StoryCharacters, StoryCounts, StoryTags } from "./story-facts";
import { SubscribeForm } from "./subscribe-form";

type Props = { params: Promise<{ id: string }> };

/**
 * Story pages are rendered on their first visit, never at build (no API may be running then), and
 * then served from the full-route cache, rendered again in the background once the catalogue reads'
 * 30 s have passed. A visitor gets the stored page instead of a render: the HTML's first byte is
 * what this page's largest paint waits for.
 */
export function generateStaticParams(): { id: string }[] {
  return [];
}

async function load(id: string) {
  // Invalid slugs can never exist; skip the API call and answer not-found straight away.
  if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(id)) notFound();
  const [story, categories] = await Promise.all([serverRead("storyGet", { id }), serverRead("categoryList", {})]);
  if (!story.ok && story.notFound) notFound();
  return { story, categories };
}

/** The story's title and hook as the page title, description and share text. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { story } = await load((await params).id);
  if (!story.ok) return { title: "Story" };
  const s = story.data.story;
  return { title: s.title, description: s.hook, openGraph: { title: s.title, description: s.hook, images: [s.cover_url] } };
}

/**
 * Story detail, rendered on the server from story.get (cached 30 s) so it paints with its cover
 * and text; like, subscribe and the caller's own flags hydrate as small client islands.
 */
export default async function StoryScreen({ params }: Props) {
  const { story, categories } = await load((await params).id);
  // A failed read is thrown, not rendered: a cached page must never be an error. The last good copy
  // keeps being served while a background render fails; without one, the route's error page offers a retry.
  if (!story.ok) throw new Error(`The story could not be loaded: ${story.message}`);
  const s = story.data.story;
  const cover = await inlineLeadCover(s.cover_url);
  const categoryName = categories.ok ? categories.data.categories.find((c) => c.id === s.category_id)?.name : undefined;
  return (
    <article className="pb-8">
      {/* The cover art carries the title, so it is shown whole. The backdrop is a plain gradient, not a
          blurred copy of the cover: a large blur filter is costly to paint on the phones we target. */}
      <div className="relative overflow-hidden bg-[radial-gradient(circle_at_50%_30%,color-mix(in_srgb,var(--brand-primary)_45%,transparent),transparent_70%)] px-4 py-6">
        <div className="relative mx-auto aspect-[3/4] w-48 overflow-hidden rounded-2xl shadow-2xl ring-1 ring-white/10">
          <CoverImage src={s.cover_url} fixedWidth={192} priority inline={cover} />
        </div>
      </div>
      <div className="flex flex-col gap-4 px-4 pt-5">
        <StoryTags categoryName={categoryName} tags={s.tags} />
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{s.title}</h1>
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
        <p className="text-sm">
          <Link href={reportHref(s.id)} className="text-muted underline underline-offset-4 hover:text-fg">
            Report this story
          </Link>
        </p>
      </div>
    </article>
  );
}
