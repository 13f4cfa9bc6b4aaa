import { IntentLink as Link } from "../shell/intent-link";
import type { StoryDetail } from "@storyloom/contract";
import { Avatar } from "@storyloom/ui";
import { compactCount } from "../catalogue/query";
import { avatarSources } from "../catalogue/art-url";

/** Play and like counts as one line; the like count can be overridden by the optimistic state. */
export function StoryCounts({ playCount, likeCount }: { playCount: number; likeCount: number }) {
  return (
    <p className="flex gap-4 text-sm text-muted">
      <span><span aria-hidden="true">▶ </span>{compactCount(playCount)} plays</span>
      <span><span aria-hidden="true">♥ </span>{compactCount(likeCount)} likes</span>
    </p>
  );
}

/** Category and tags as small labels. */
export function StoryTags({ categoryName, tags }: { categoryName?: string; tags: string[] }) {
  return (
    <ul aria-label="Category and tags" className="flex flex-wrap gap-2">
      {categoryName ? <li className="rounded-full bg-brand px-3 py-1 text-xs text-white">{categoryName}</li> : null}
      {tags.map((t) => (
        <li key={t} className="rounded-full border border-line px-3 py-1 text-xs text-muted">#{t}</li>
      ))}
    </ul>
  );
}

/** The story's characters, each linking to its character page. */
export function StoryCharacters({ story }: { story: Pick<StoryDetail, "actors_full"> }) {
  return (
    <ul className="flex flex-col gap-3">
      {story.actors_full.map((a) => (
        <li key={a.id}>
          <Link
            href={`/character/${a.slug}`}
            className="flex items-center gap-3 rounded-xl border border-line bg-surface-2 p-3 hover:border-brand focus-visible:outline-2 focus-visible:outline-brand"
          >
            <Avatar {...avatarSources(a.avatar_url, 48)} name="" size={48} />
            <span className="min-w-0">
              <span className="block font-semibold text-fg">{a.name}</span>
              <span className="block truncate text-sm text-muted">{a.tagline}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Where "Play" goes: the chat with the story's first character (or the story's narrator alone). */
export function playHref(story: { id: string; actors: { id: string }[] }): string {
  const actor = story.actors[0];
  return actor ? `/chat/${story.id}/${actor.id}` : `/chat/${story.id}`;
}

/** "by Ada Quill" under a story written in the story editor; nothing for the authored catalogue. */
export function StoryAuthor({ name, className = "" }: { name?: string; className?: string }) {
  return name ? <p className={`text-sm text-muted ${className}`}>by {name}</p> : null;
}

/** The content-removal page with this story filled in. */
export function reportHref(storyId: string): string {
  return `/content-removal?story=${encodeURIComponent(storyId)}`;
}
