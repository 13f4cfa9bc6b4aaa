"use client";
import { IntentLink as Link } from "../shell/intent-link";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button, DiamondIcon } from "@storyloom/ui";
import type { Choice, SendProblem } from "./chat-logic";

/** Props of {@link ChoicePanel}. */
export interface ChoicePanelProps {
  choices: Choice[];
  ended: boolean;
  waiting: boolean;
  problem: SendProblem | null;
  /** Coins one pick costs (sysconfig chat_cost_per_reply), shown so the price is never a surprise. */
  cost: number;
  onChoose: (choice: Choice) => void;
  onPlayAgain: () => void;
  /** Sends a free-text reply; used only when `freeText` is on. */
  onSay?: (text: string) => void;
  /**
   * Free-text replies need a language model; none is configured, so the API refuses them and the
   * text box stays hidden. A future sysconfig flag turns this on; the replies will then be real.
   */
  freeText?: boolean;
  tone?: "plain" | "overlay";
}

/**
 * The composer: the scene's open choices as buttons (one tap sends, one coin each), "Play again"
 * once the story has ended, and a way to get coins when the player is out of them. When new
 * choices arrive after a pick, focus moves to the first so keyboard players keep their place.
 */
// bottom-14: the mobile layout's tab bar (3.5rem) is sticky at the very bottom; the choices ride
// just above it instead of sliding underneath.
export function ChoicePanel(props: ChoicePanelProps) {
  const { choices, ended, waiting, problem, cost, onChoose, onPlayAgain, onSay, freeText = false, tone = "plain" } = props;
  const panel = useRef<HTMLDivElement>(null);
  const group = useRef<HTMLDivElement>(null);
  // Set when a pick is made from the keyboard or by tap: the clicked button unmounts, so focus
  // would fall to <body>; the next choices take it instead.
  const restoreFocus = useRef(false);
  const [text, setText] = useState("");
  const textId = useId();
  useEffect(() => {
    if (choices.length === 0 || !restoreFocus.current) return;
    restoreFocus.current = false;
    group.current?.querySelector("button")?.focus();
  }, [choices]);
  const keepFocus = () => (restoreFocus.current = panel.current?.contains(document.activeElement) ?? false);
  const surface = tone === "overlay" ? "bg-black/70 text-white backdrop-blur" : "bg-surface";
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim() || !onSay) return;
    onSay(text.trim());
    setText("");
  };

  return (
    <div ref={panel} className={`sticky bottom-14 z-20 border-t border-line px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] ${surface}`}>
      {problem === "coins" ? (
        <div role="alert" className="mb-3 flex items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg">
          <span>Out of coins: each choice costs {cost}.</span>
          <Link href="/user/coins" className="inline-flex h-9 items-center gap-1 rounded-lg bg-brand px-3 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
            <DiamondIcon /> Get coins
          </Link>
        </div>
      ) : null}
      {ended ? (
        <div className="flex flex-col items-center gap-2 py-1 text-center">
          <p className="font-semibold">The End</p>
          <Button onClick={() => { keepFocus(); onPlayAgain(); }} fullWidth disabled={waiting}>Play again</Button>
        </div>
      ) : choices.length > 0 ? (
        <div ref={group} role="group" aria-label="Your choices" className="flex flex-col gap-2" data-testid="choices">
          {choices.map((c) => (
            <Button key={c.index} variant="secondary" className="justify-between text-left" onClick={() => { keepFocus(); onChoose(c); }} disabled={waiting}>
              <span>{c.text}</span>
              <span className="flex shrink-0 items-center gap-1 text-xs font-normal opacity-80">
                <DiamondIcon width={12} height={12} />
                {cost}
                <span className="sr-only">{cost === 1 ? "coin" : "coins"}</span>
              </span>
            </Button>
          ))}
        </div>
      ) : (
        <p className="py-2 text-center text-sm opacity-80">{waiting ? "The story is writing…" : "Waiting for the story…"}</p>
      )}
      {freeText && !ended ? (
        <form onSubmit={onSubmit} className="mt-2 flex gap-2">
          <label htmlFor={textId} className="sr-only">Say something</label>
          <input id={textId} value={text} onChange={(e) => setText(e.target.value)} maxLength={2000} placeholder="Or say something…" className="h-11 flex-1 rounded-xl border border-line bg-surface-2 px-3 text-fg placeholder:text-muted" />
          <Button type="submit" disabled={waiting || !text.trim()}>Send</Button>
        </form>
      ) : null}
    </div>
  );
}
