"use client";
import { lazy, Suspense, useState } from "react";
import { preloadDialog, ResponsiveDialog, Skeleton, useMediaQuery } from "@storyloom/ui";

// Where the branch view opens (issue 45): from "Branches" in the chat's header on a phone (a sheet),
// and from the side panel beside the chat on a desktop (the list with a small tree). Its code, the
// graph library's included, is not needed for the first paint: it loads when it is opened.

const DESKTOP = "(min-width: 1024px)";
const loadPanel = () => import("./branch-panel");
const BranchPanel = lazy(loadPanel);
const warm = () => {
  preloadDialog();
  void loadPanel().catch(() => undefined);
};

const note = "Each branch goes on from a reply you paged or regenerated; the turns after it stay on the branch they were played on. Showing a branch is free.";

function Loading() {
  return (
    <div role="status" aria-label="Loading the branches" className="flex flex-col gap-2">
      <Skeleton className="h-4 w-1/3" />
      <Skeleton className="h-12 w-full" />
    </div>
  );
}

/** "Branches" in the chat's header on a phone (hidden on a desktop, where the side panel has them). */
export function BranchSheetButton({ storyId, tone }: { storyId: string; tone: "plain" | "overlay" }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onPointerEnter={warm}
        onFocus={warm}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className={`shrink-0 rounded-md px-2 py-1 text-sm underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand lg:hidden ${tone === "overlay" ? "text-white" : ""}`}
        data-testid="branches-button"
      >
        Branches
      </button>
      {opened ? (
        <ResponsiveDialog open={open} onClose={() => setOpen(false)} title="Branches" description={note}>
          <div className="flex max-h-[70vh] flex-col overflow-y-auto">
            <Suspense fallback={<Loading />}>{open ? <BranchPanel storyId={storyId} /> : null}</Suspense>
          </div>
        </ResponsiveDialog>
      ) : null}
    </>
  );
}

/** The branches' part of the side panel on a desktop: opened by the player, then the tree and the list. */
export function BranchSideSection({ storyId }: { storyId: string }) {
  const desktop = useMediaQuery(DESKTOP);
  const [open, setOpen] = useState(false);
  if (!desktop) return null;
  return (
    <section aria-labelledby="chat-side-branches" className="flex flex-col gap-2 border-t border-line pt-3" data-testid="branch-side">
      <div className="flex items-center justify-between gap-2">
        <h2 id="chat-side-branches" className="text-lg font-semibold text-fg">
          Branches
        </h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls="chat-side-branches-body"
          onPointerEnter={warm}
          onFocus={warm}
          onClick={() => setOpen((o) => !o)}
          className="rounded-md px-2 py-1 text-sm underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand"
        >
          {open ? "Hide branches" : "Show branches"}
        </button>
      </div>
      <div id="chat-side-branches-body" className="min-h-0 overflow-y-auto">
        {open ? (
          <Suspense fallback={<Loading />}>
            <BranchPanel storyId={storyId} tree />
          </Suspense>
        ) : (
          <p className="text-xs text-muted">{note}</p>
        )}
      </div>
    </section>
  );
}
