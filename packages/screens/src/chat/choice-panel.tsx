"use client";
import { IntentLink as Link } from "../shell/intent-link";
import { useEffect, useRef, type ReactNode } from "react";
import { Button, DiamondIcon } from "@storyloom/ui";
import { problemMessage, type Choice } from "./chat-logic";
import type { ChatProblem } from "./use-chat-thread";
import { panelFrame, panelSurface } from "./panel-frame";

/** Props of {@link ChoicePanel}. */
export interface ChoicePanelProps {
  choices: Choice[];
  ended: boolean;
  waiting: boolean;
  problem: ChatProblem | null;
  onDismissProblem?: () => void;
  /** Coins one pick costs (sysconfig chat_cost_per_reply), shown so the price is never a surprise. */
  cost: number;
  onChoose: (choice: Choice) => void;
  onPlayAgain: () => void;
  /** Opens the purchase dialog (offered beside the coins page link when the player is out of coins). */
  onBuyCoins?: () => void;
  /** The free-text composer, under the choices. */
  children?: ReactNode;
  tone?: "plain" | "overlay";
}

/**
 * The bottom panel: the scene's open choices as buttons (one tap sends, one coin each), "Play
 * again" once the story has ended, why the last send failed (with a way to get coins when the
 * player is out of them), and the free-text composer. When new choices arrive after a pick, focus
 * moves to the first so keyboard players keep their place.
 */
// Its frame (panel-frame.ts) keeps it just above the mobile layout's tab bar.
export function ChoicePanel(props: ChoicePanelProps) {
  const { choices, ended, waiting, problem, onDismissProblem, cost, onChoose, onPlayAgain, onBuyCoins, children, tone = "plain" } = props;
  const panel = useRef<HTMLDivElement>(null);
  const group = useRef<HTMLDivElement>(null);
  // Set when a pick is made from the keyboard or by tap: the clicked button unmounts, so focus
  // would fall to <body>; the next choices take it instead.
  const restoreFocus = useRef(false);
  useEffect(() => {
    if (choices.length === 0 || !restoreFocus.current) return;
    restoreFocus.current = false;
    group.current?.querySelector("button")?.focus();
  }, [choices]);
  const keepFocus = () => (restoreFocus.current = panel.current?.contains(document.activeElement) ?? false);

  return (
    <div ref={panel} className={`${panelFrame} ${panelSurface(tone)}`}>
      {problem?.kind === "coins" ? (
        <div role="alert" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-surface-2 p-3 text-sm text-fg">
          <span>{problemMessage("coins", problem.message, cost)}</span>
          <span className="flex gap-2">
            {onBuyCoins ? (
              <Button size="sm" variant="secondary" onClick={onBuyCoins}>
                Buy coins
              </Button>
            ) : null}
            <Link href="/user/coins" className="inline-flex h-10 items-center gap-1 rounded-lg bg-brand px-3 font-semibold text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand">
              <DiamondIcon /> Get coins
            </Link>
          </span>
        </div>
      ) : problem ? (
        <div role="alert" className="mb-3 flex items-start justify-between gap-3 rounded-xl border border-red-500/40 bg-surface-2 p-3 text-sm text-fg" data-testid="chat-problem">
          <span>{problemMessage(problem.kind, problem.message, cost)}</span>
          {onDismissProblem ? (
            <button type="button" onClick={onDismissProblem} className="shrink-0 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand">
              Dismiss
            </button>
          ) : null}
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
      {ended ? null : children}
    </div>
  );
}
