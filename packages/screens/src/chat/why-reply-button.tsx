"use client";
import { lazy, Suspense, useState } from "react";
import { preloadDialog } from "@storyloom/ui";

// "Why this reply?": the prompt inspector is code only a curious player needs. It is fetched when the
// link is pointed at or focused and rendered once opened, so the chat page does not load it up front
// (this button itself lives in the message actions, which load lazily too).
const loadInspector = () => import("./prompt-inspector");
const PromptInspector = lazy(() => loadInspector().then((m) => ({ default: m.PromptInspector })));
const preload = () => {
  preloadDialog();
  void loadInspector().catch(() => undefined);
};

/** Opens the prompt inspector for one of the player's model replies. */
export function WhyReplyButton({ storyId, messageId, className }: { storyId: string; messageId: string; className: string }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        Why this reply?
      </button>
      {opened && (
        <Suspense fallback={null}>
          <PromptInspector open={open} onClose={() => setOpen(false)} storyId={storyId} messageId={messageId} />
        </Suspense>
      )}
    </>
  );
}
