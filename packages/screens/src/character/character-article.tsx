import type { EndpointData } from "@storyloom/contract";
import { IntentLink as Link } from "../shell/intent-link";
import { StoryCard } from "../catalogue/story-card";
import { avatarSources } from "../catalogue/art-url";
import { ReportButton } from "../safety/report-button";

/**
 * A character page's content: avatar, name, tagline, the call to chat, greeting, persona, report and
 * the story they belong to. Rendered by the server, or in the browser for a mature story's character.
 */
export function CharacterArticle({ data }: { data: EndpointData<"characterGet"> }) {
  const { actor, story } = data;
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
      <p className="text-sm">
        <ReportButton target={{ kind: "character", id: actor.slug, label: `the character ${actor.name}` }} />
      </p>
      <section aria-labelledby="story-heading">
        <h2 id="story-heading" className="mb-3 font-semibold text-fg">Their story</h2>
        <div className="w-1/2">
          <StoryCard story={story} />
        </div>
      </section>
    </article>
  );
}
