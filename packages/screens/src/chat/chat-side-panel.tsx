"use client";
import { ErrorState, Skeleton, useMediaQuery } from "@storyloom/ui";
import { chatExtras } from "./chat-extras-lazy";
import type { CastMember } from "./message-list";

// The chat's side panel. The spec keeps every chat in the phone-width column; on a desktop (≥ 1024
// px) the column stays as it is and the panel opens beside it, using the rest of the width; on a
// phone the same panel is a sheet over the chat, opened from the header. It shows the character
// spoken to, the scene and its goal, the memory and the branches (issue 45). This is its frame,
// painted with the page; its body (chat-side-body.tsx) is code the first paint does not need: it
// loads after the first load and shows on a desktop once the thread is read.

/** The width from which the panel sits beside the chat column (Tailwind's `lg`). */
export const SIDE_PANEL_QUERY = "(min-width: 1024px)";

/** What the panel shows of the story beside the memory: the character spoken to and the turn the thread is at. */
export interface StoryView {
  /** the character spoken to; null when the chat plays the story as a whole */
  character: CastMember | null;
  /** changes with each turn the thread shows (sceneTurnOf): the scene is read again */
  turn: string;
}

/** The panel's explanation of the memory, under its heading (and the phone sheet's description). */
export const SIDE_PANEL_NOTE = "The story remembers the older turns here: a summary you can edit, and facts you pin.";

export function SectionsLoading() {
  return (
    <div role="status" aria-label="Loading the character and the scene" className="flex flex-col gap-2">
      <Skeleton className="h-16 w-2/3" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

export function PanelLoading() {
  return (
    <div role="status" aria-label="Loading the memory" className="flex flex-col gap-2">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

/** The panel until its body shows: the sections' and the memory's loading states under the memory's heading. */
function SidePlaceholder() {
  return (
    <>
      <SectionsLoading />
      <h2 id="chat-side-memory" className="border-t border-line pt-3 text-lg font-semibold text-fg">
        Memory
      </h2>
      <p className="text-xs text-muted">{SIDE_PANEL_NOTE}</p>
      <PanelLoading />
    </>
  );
}

const SideBody = chatExtras.part(
  (m) => m.ChatSideBody,
  SidePlaceholder,
  ({ retry }) => <ErrorState message="The character, the scene and the memory could not be loaded." onRetry={retry} />,
);

/**
 * The panel beside the chat column on a desktop: rendered from the first paint (so the column does
 * not move), hidden on phones, and its body mounted only on a desktop once the chat knows whether
 * it has a language model (`enabled`; without one there is nothing to remember beyond the choices).
 */
export function ChatSidePanel({ storyId, enabled, story }: { storyId: string; enabled: boolean | undefined; story: StoryView }) {
  const desktop = useMediaQuery(SIDE_PANEL_QUERY);
  return (
    <aside
      aria-label="Character, scene, memory and branches"
      className="absolute inset-y-0 right-0 z-10 hidden w-[calc(100%-480px)] min-w-0 flex-col gap-3 overflow-y-auto border-l border-line bg-surface px-5 py-4 lg:flex"
      data-testid="chat-side-panel"
    >
      {!desktop || enabled === undefined ? <SidePlaceholder /> : <SideBody storyId={storyId} enabled={enabled} story={story} />}
    </aside>
  );
}
