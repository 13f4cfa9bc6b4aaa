"use client";
import dynamic from "next/dynamic";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import type { StorySummary } from "@storyloom/contract";

// The modal (detail view, like and subscribe) is only downloaded when a card is first opened,
// keeping it out of the home page's first-load JavaScript.
const StoryModal = dynamic(() => import("../story/story-modal").then((m) => m.StoryModal), { ssr: false });

const OpenStoryContext = createContext<((story: StorySummary) => void) | null>(null);

/** Holds the story detail modal of the home page; cards below it open it via {@link useOpenStory}. */
export function StoryModalHost({ children }: { children: ReactNode }) {
  const [story, setStory] = useState<StorySummary | null>(null);
  const [open, setOpen] = useState(false);
  const openStory = useCallback((s: StorySummary) => {
    setStory(s);
    setOpen(true);
  }, []);
  const value = useMemo(() => openStory, [openStory]);
  return (
    <OpenStoryContext.Provider value={value}>
      {children}
      {story ? <StoryModal story={story} open={open} onClose={() => setOpen(false)} /> : null}
    </OpenStoryContext.Provider>
  );
}

/** Opens the story detail modal, or undefined outside a host (cards then stay plain links). */
export function useOpenStory(): ((story: StorySummary) => void) | undefined {
  return useContext(OpenStoryContext) ?? undefined;
}
