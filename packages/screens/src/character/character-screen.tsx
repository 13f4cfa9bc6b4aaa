import type { Metadata } from "next";
import { IntentLink as Link } from "../shell/intent-link";
import { notFound } from "next/navigation";
import { serverRead } from "../catalogue/server-read";
import { StoryCard } from "../catalogue/story-card";
import { avatarSources } from "../catalogue/art-url";

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
  if (!character.ok) return { title: "Character" };
  const { actor, story } = character.data;
  return { title: `${actor.name} · ${story.title}`, description: actor.tagline, openGraph: { images: [actor.avatar_url] } };
}

/**
 * A character page, rendered on the server from character.get: avatar, name, tagline, persona,
 * greeting, the story they belong to, and the call to chat with them.
 */
export default async function CharacterScreen({ params }: Props) {
  const character = await load((await params).slug);
  // Never cache an error: a failed read is thrown (the last good copy stays served; else the error page).
  if (!character.ok) throw new Error(`The character could not be loaded: ${character.message}`);
  const { actor, story } = character.data;
  return (
    <article className="flex flex-col gap-6 px-4 pt-8 pb-10">
      <header className="flex flex-col items-center gap-3 text-center">
        {/* The API's avatar art in its 1x and 2x copies: a plain img, no client component or optimiser. */}
        <img {...avatarSources(actor.avatar_url, 128)} alt="" width={128} height={128} fetchPriority="high" decoding="async" className="size-32 rounded-full bg-surface-2 ring-4 ring-brand/60" />
        <h1 className="text-2xl font-semibold tracking-tight text-fg sm:text-3xl">{actor.name}</h1>
        <p className="text-muted">{actor.tagline}</p>
        <Link
          href={`/chat/${story.id}/${actor.id}`}
          className="mt-2 inline-flex h-12 w-full items-center justify-center rounded-xl bg-brand px-6 font-semibold text-white hover:brightness-110 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Chat with {actor.name}
        </Link>
      </header>
      <figure className="rounded-2xl border border-line bg-surface-2 p-4">
        <blockquote className="text-lg text-fg italic">“{actor.greeting}”</blockquote>
        <figcaption className="mt-2 text-sm text-muted">— {actor.name}</figcaption>
      </figure>
      <section aria-labelledby="persona-heading">
        <h2 id="persona-heading" className="mb-2 font-semibold text-fg">Who they are</h2>
        <p className="whitespace-pre-line text-fg/90">{actor.persona}</p>
      </section>
      <section aria-labelledby="story-heading">
        <h2 id="story-heading" className="mb-3 font-semibold text-fg">Their story</h2>
        <div className="w-1/2">
          <StoryCard story={story} />
        </div>
      </section>
    </article>
  );
}
