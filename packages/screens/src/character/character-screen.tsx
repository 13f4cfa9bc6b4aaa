import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { serverRead } from "../catalogue/server-read";
import { readError } from "../error/read-error";
import { GatedCharacter } from "../safety/gated-character";
import { CharacterArticle } from "./character-article";

type Props = { params: Promise<{ slug: string }> };

/** Rendered on first visit and then served from the full-route cache, like story pages (see there). */
export function generateStaticParams(): { slug: string }[] {
  return [];
}

async function load(slug: string) {
  if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(slug)) notFound();
  const character = await serverRead("characterGet", { slug });
  if (!character.ok && character.notFound) notFound();
  return character;
}

/** The character's name and tagline as the page title and description. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const character = await load((await params).slug);
  if (!character.ok) return { title: character.ageGate ? "Mature story" : "Character" };
  const { actor, story } = character.data;
  return { title: `${actor.name} · ${story.title}`, description: actor.tagline, openGraph: { images: [actor.avatar_url] } };
}

/**
 * A character page, rendered on the server from character.get: avatar, name, tagline, persona,
 * greeting, the story they belong to, and the call to chat with them.
 */
export default async function CharacterScreen({ params }: Props) {
  const slug = (await params).slug;
  const character = await load(slug);
  // A mature story's character: read in the browser with the player's session (see GatedStory).
  if (!character.ok && character.ageGate) return <GatedCharacter slug={slug} />;
  // Never cache an error: a failed read is thrown (the last good copy stays served; else the error page).
  if (!character.ok) throw readError("The character", character);
  return <CharacterArticle data={character.data} />;
}
