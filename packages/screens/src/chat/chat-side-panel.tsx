"use client";
import { lazy, Suspense, useState } from "react";
import { preloadDialog, ResponsiveDialog, Skeleton, useMediaQuery } from "@storyloom/ui";
import { BranchSideSection } from "./branch-view";
import type { CastMember } from "./message-list";

// The chat's side panel. The spec keeps every chat in the phone-width column; on a desktop (≥ 1024
// px) the column stays as it is and the panel opens beside it, using the rest of the width; on a
// phone the same panel is a sheet over the chat, opened from the header. It shows the character
// spoken to, the scene and its goal, the memory and the branches (issue 45). Its body is code the
// first paint does not need: it loads when the panel shows (desktop) or is opened.

/** The width from which the panel sits beside the chat column (Tailwind's `lg`). */
export const SIDE_PANEL_QUERY = "(min-width: 1024px)";

const loadMemory = () => import("./memory-panel");
const MemoryPanel = lazy(loadMemory);
// The character and the scene (chat-story-sections.tsx) load with the panel, like the memory.
const loadSections = () => import("./chat-story-sections");
const StorySections = lazy(loadSections);
const warm = () => {
  preloadDialog();
  void loadMemory().catch(() => undefined);
  void loadSections().catch(() => undefined);
};

/** What the panel shows of the story beside the memory: the character spoken to and the turn the thread is at. */
export interface StoryView {
  /** the character spoken to; null when the chat plays the story as a whole */
  character: CastMember | null;
  /** changes with each turn the thread shows (sceneTurnOf): the scene is read again */
  turn: string;
}

function SectionsLoading() {
  return (
    <div role="status" aria-label="Loading the character and the scene" className="flex flex-col gap-2">
      <Skeleton className="h-16 w-2/3" />
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

function PanelLoading() {
  return (
    <div role="status" aria-label="Loading the memory" className="flex flex-col gap-2">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

const note = "The story remembers the older turns here: a summary you can edit, and facts you pin.";

/**
 * The panel beside the chat column on a desktop: rendered from the first paint (so the column does
 * not move), hidden on phones, and its body mounted only on a desktop once the chat knows it has a
 * language model (`enabled`; without one there is nothing to remember beyond the choices).
 */
export function ChatSidePanel({ storyId, enabled, story }: { storyId: string; enabled: boolean | undefined; story: StoryView }) {
  const desktop = useMediaQuery(SIDE_PANEL_QUERY);
  return (
    <aside
      aria-label="Character, scene, memory and branches"
      className="absolute inset-y-0 right-0 z-10 hidden w-[calc(100%-480px)] min-w-0 flex-col gap-3 overflow-y-auto border-l border-line bg-surface px-5 py-4 lg:flex"
      data-testid="chat-side-panel"
    >
      {/* The scene is the player's own chat's: read once the thread is (the session exists then). */}
      {!desktop || enabled === undefined ? (
        <SectionsLoading />
      ) : (
        <Suspense fallback={<SectionsLoading />}>
          <StorySections storyId={storyId} character={story.character} turn={story.turn} level={2} idPrefix="chat-side" />
        </Suspense>
      )}
      <h2 id="chat-side-memory" className="border-t border-line pt-3 text-lg font-semibold text-fg">
        Memory
      </h2>
      <p className="text-xs text-muted">{note}</p>
      {!desktop || enabled === undefined ? (
        <PanelLoading />
      ) : enabled ? (
        <Suspense fallback={<PanelLoading />}>
          <MemoryPanel storyId={storyId} />
        </Suspense>
      ) : (
        <p className="text-sm text-muted">
          This story is played by its choices: it needs no memory beyond them.
        </p>
      )}
      {enabled ? <BranchSideSection storyId={storyId} /> : null}
    </aside>
  );
}

/** "Memory" under the chat's title on a phone (hidden on a desktop, where the panel is beside the chat). */
export function MemorySheetButton({ storyId, tone, story }: { storyId: string; tone: "plain" | "overlay"; story: StoryView }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      {/* In the line under the chat's title: the header row itself has no width to spare on a phone. */}
      <span aria-hidden="true" className="lg:hidden">
        ·
      </span>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className={`shrink-0 rounded-sm underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-brand lg:hidden ${tone === "overlay" ? "text-white" : "text-fg"}`}
      >
        Memory
      </button>
      {opened ? (
        <ResponsiveDialog open={open} onClose={() => setOpen(false)} title="Character, scene and memory" description={note}>
          <div className="flex max-h-[70vh] flex-col overflow-y-auto">
            <Suspense fallback={<PanelLoading />}>
              {open ? (
                <div className="flex flex-col gap-5">
                  <StorySections storyId={storyId} character={story.character} turn={story.turn} level={3} idPrefix="chat-sheet" />
                  <section aria-labelledby="chat-sheet-memory" className="flex flex-col gap-2 border-t border-line pt-3">
                    <h3 id="chat-sheet-memory" className="text-lg font-semibold text-fg">
                      Memory
                    </h3>
                    <MemoryPanel storyId={storyId} />
                  </section>
                </div>
              ) : null}
            </Suspense>
          </div>
        </ResponsiveDialog>
      ) : null}
    </>
  );
}
