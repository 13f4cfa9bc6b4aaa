"use client";
import { ChoicePanel, type ChoicePanelProps } from "./choice-panel";
import { Composer, type ComposerProps } from "./composer";

// What the chat shows once the player's thread is read, loaded after the first load
// (chat-extras-lazy.ts): the choices and the composer, the header's Memory and Branches buttons on
// a phone, and the body of the panel beside the chat on a desktop. None of it is in the
// server-rendered page (it all waits for the thread), so none of it is needed to hydrate it.

export { BranchSheetButton } from "./branch-view";
export { ChatSideBody, MemorySheetButton } from "./chat-side-body";

/** Props of {@link ChatControls}: the choice panel's, and the composer's inside it. */
export interface ChatControlsProps {
  panel: Omit<ChoicePanelProps, "children">;
  composer: ComposerProps;
}

/** The bottom panel: the scene's choices (or "Play again"), why a send failed, and the composer. */
export function ChatControls({ panel, composer }: ChatControlsProps) {
  return (
    <ChoicePanel {...panel}>
      <Composer {...composer} />
    </ChoicePanel>
  );
}
