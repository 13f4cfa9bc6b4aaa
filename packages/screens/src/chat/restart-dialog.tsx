"use client";
import { useRef } from "react";
import { Button, Modal } from "@storyloom/ui";

/** Props of {@link RestartDialog}. */
export interface RestartDialogProps {
  open: boolean;
  storyTitle: string;
  onCancel: () => void;
  onConfirm: () => void;
}

/**
 * The spec's "chat history confirmation dialog": playing again starts a new thread from the
 * opening (free), so it asks first. The earlier thread is not deleted; it stays in the history.
 * Focus starts on Cancel, the harmless choice.
 */
export function RestartDialog({ open, storyTitle, onCancel, onConfirm }: RestartDialogProps) {
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      open={open}
      onClose={onCancel}
      title="Start a new thread?"
      description={`“${storyTitle}” will begin again from its opening. Your earlier choices stay in the chat history above, but the story continues only from the new thread.`}
      initialFocusRef={cancel}
      footer={
        <div className="flex justify-end gap-2">
          <Button ref={cancel} variant="secondary" onClick={onCancel}>Cancel</Button>
          <Button onClick={onConfirm} data-testid="confirm-restart">Start over</Button>
        </div>
      }
    >
      <p className="text-sm text-muted">Starting over is free; each choice after that costs coins as usual.</p>
    </Modal>
  );
}
