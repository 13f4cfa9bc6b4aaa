import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { inlineLeadCover } from "../catalogue/lead-cover";
import { serverRead } from "../catalogue/server-read";
import { readError } from "../error/read-error";
import { GatedStory } from "../safety/gated-story";
import { StoryArticle } from "./story-article";

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
  if (!story.ok) return { title: story.ageGate ? "Mature story" : "Story" };
  const s = story.data.story;
  return { title: s.title, description: s.hook, openGraph: { title: s.title, description: s.hook, images: [s.cover_url] } };
}

/**
 * Story detail, rendered on the server from story.get (cached 30 s) so it paints with its cover
 * and text; like, subscribe, report and the caller's own flags hydrate as small client islands. A
 * mature story is read in the browser instead (see GatedStory).
 */
export default async function StoryScreen({ params }: Props) {
  const id = (await params).id;
  const { story, categories } = await load(id);
  // A mature story: the page every visitor shares is the same gate; the browser reads the story with
  // the visitor's own session and shows it to a player who confirmed their age, or says why not.
  if (!story.ok && story.ageGate) return <GatedStory id={id} />;
  // A failed read is thrown, not rendered: a cached page must never be an error. The last good copy
  // keeps being served while a background render fails; without one, the route's error page offers a retry.
  if (!story.ok) throw readError("The story", story);
  const s = story.data.story;
  const cover = await inlineLeadCover(s.cover_url);
  const categoryName = categories.ok ? categories.data.categories.find((c) => c.id === s.category_id)?.name : undefined;
  return <StoryArticle story={s} categoryName={categoryName} inlineCover={cover} />;
}
