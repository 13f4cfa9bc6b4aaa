"use client";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import type { StorySummary } from "@storyloom/contract";
import { preloadDialog } from "@storyloom/ui";
import { clientOnly } from "@storyloom/ui/client-only";

// The modal (detail view, like and subscribe) is only downloaded when a card is first opened,
// keeping it out of the home page's first-load JavaScript.
const StoryModal = clientOnly(() => import("../story/story-modal").then((m) => m.StoryModal));

const OpenStoryContext = createContext<((story: StorySummary) => void) | null>(null);

/** What the modal's history entry remembers: which story, and the catalogue address under it. */
interface ModalEntry {
  storyModal?: string;
  storyModalReturn?: string;
}
const entry = (): ModalEntry => (window.history.state ?? {}) as ModalEntry;

/**
 * Holds the story detail modal of the home page; cards below it open it via {@link useOpenStory}.
 * While open, the address bar shows the story's own URL (so it can be shared or reloaded into the
 * full page) and Back closes the modal instead of leaving the catalogue.
 */
export function StoryModalHost({ children }: { children: ReactNode }) {
  const [story, setStory] = useState<StorySummary | null>(null);
  const [open, setOpen] = useState(false);

  const openStory = useCallback((s: StorySummary) => {
    // The dialog frame's code downloads beside the modal's, not after it.
    preloadDialog();
    setStory(s);
    setOpen(true);
    const here = `${window.location.pathname}${window.location.search}`;
    window.history.pushState({ ...entry(), storyModal: s.id, storyModalReturn: here }, "", `/story/${s.id}`);
  }, []);

  const close = useCallback(() => {
    setOpen(false);
    if (entry().storyModal) window.history.back();
  }, []);

  useEffect(() => {
    // Coming back (Back from a page opened in the modal) to a modal entry: the modal is gone, so
    // the address goes back to the catalogue's rather than naming a story that is not shown.
    const stale = entry();
    if (stale.storyModal && stale.storyModalReturn) {
      window.history.replaceState({ ...stale, storyModal: undefined }, "", stale.storyModalReturn);
    }
    const onPop = () => {
      if (!entry().storyModal) setOpen(false);
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, []);

  return (
    <OpenStoryContext.Provider value={openStory}>
      {children}
      {story ? <StoryModal story={story} open={open} onClose={close} /> : null}
    </OpenStoryContext.Provider>
  );
}

/** Opens the story detail modal, or undefined outside a host (cards then stay plain links). */
export function useOpenStory(): ((story: StorySummary) => void) | undefined {
  return useContext(OpenStoryContext) ?? undefined;
}
