"use client";
import { lazy, Suspense, useState } from "react";
import { preloadDialog, ResponsiveDialog } from "@storyloom/ui";
import { BranchSideSection } from "./branch-view";
import { PanelLoading, SectionsLoading, SIDE_PANEL_NOTE, type StoryView } from "./chat-side-panel";

// What the chat's side panel holds once the thread is read (chat-side-panel.tsx is its frame, in the
// first load), and the phone's "Memory" sheet with the same sections: loaded with the chat's
// controls (chat-extras.tsx), after the first load. The memory and the character and scene load
// when the panel shows (desktop) or the sheet is opened.

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

/**
 * The body of the panel beside the chat on a desktop, once the chat knows whether it has a
 * language model (`enabled`; without one there is nothing to remember beyond the choices).
 */
export function ChatSideBody({ storyId, enabled, story }: { storyId: string; enabled: boolean; story: StoryView }) {
  return (
    <>
      {/* The scene is the player's own chat's: read once the thread is (the session exists then). */}
      <Suspense fallback={<SectionsLoading />}>
        <StorySections storyId={storyId} character={story.character} turn={story.turn} level={2} idPrefix="chat-side" />
      </Suspense>
      <h2 id="chat-side-memory" className="border-t border-line pt-3 text-lg font-semibold text-fg">
        Memory
      </h2>
      <p className="text-xs text-muted">{SIDE_PANEL_NOTE}</p>
      {enabled ? (
        <Suspense fallback={<PanelLoading />}>
          <MemoryPanel storyId={storyId} />
        </Suspense>
      ) : (
        <p className="text-sm text-muted">
          This story is played by its choices: it needs no memory beyond them.
        </p>
      )}
      {enabled ? <BranchSideSection storyId={storyId} /> : null}
    </>
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
        <ResponsiveDialog open={open} onClose={() => setOpen(false)} title="Character, scene and memory" description={SIDE_PANEL_NOTE}>
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
