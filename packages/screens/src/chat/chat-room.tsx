"use client";
import { IntentLink as Link } from "../shell/intent-link";
import { useEffect, useState, type ComponentType } from "react";
import type { ChatMessage } from "@storyloom/contract";
import { useSession, useSysconfig } from "@storyloom/api-client/react";
import { DiamondIcon, ErrorState, formatCoins, Skeleton } from "@storyloom/ui";
import { clientOnly } from "@storyloom/ui/client-only";
import { shownMessages, VARIANT_MODE, VARIANT_PATH, type ChatVariant } from "./room-logic";
import { MessageList, type CastMember } from "./message-list";
import { warmMessageActions, type MessageActionsApi } from "./message-parts";
import { ChatSidePanel } from "./chat-side-panel";
import { characterOf, sceneTurnOf } from "./chat-side-logic";
import { chatExtras } from "./chat-extras-lazy";
import type { ChatControlsProps } from "./chat-extras";
import { panelFrame, panelSurface } from "./panel-frame";
import type { NovelStageProps } from "./novel-stage";
import { useRoomThread } from "./room-thread";

/** Props of {@link ChatRoom}: what the server already knows about the story. */
export interface ChatRoomProps {
  variant: ChatVariant;
  storyId: string;
  storyTitle: string;
  coverUrl: string;
  /** The character spoken to (null: variant 3 plays the story as a whole). */
  actorId: string | null;
  cast: Record<string, CastMember>;
  /**
   * The thread's public beginning (greeting and opening, see openingMessages), rendered by the
   * server and shown until the player's own thread is read and started: the page's largest paint
   * is the first bubble, and it must not wait for the guest sign-up and two API calls.
   */
  opening: ChatMessage[];
  /**
   * The visual-novel stage, for the "novel" variant: given by novel-room.tsx, so the other three
   * routes do not load its code.
   */
  Stage?: ComponentType<NovelStageProps>;
}

/**
 * The balance under the title. The site header already has the coins chip, so this is a quiet line
 * rather than a second chip; its live region makes a spent coin heard, not just seen.
 */
function CoinBalance({ coins }: { coins: number | undefined }) {
  return (
    <span className="inline-flex items-center gap-1" data-testid="chat-coins">
      <DiamondIcon width={12} height={12} />
      <span aria-live="polite" aria-atomic="true">
        {coins === undefined ? "—" : formatCoins(coins)}
        <span className="sr-only"> coins</span>
        <span aria-hidden="true"> left</span>
      </span>
    </span>
  );
}

function LoadingThread() {
  return (
    <div role="status" className="flex flex-col gap-3 px-4 py-6">
      <span className="sr-only">Loading the conversation</span>
      <Skeleton className="h-12 w-3/4" />
      <Skeleton className="ml-auto h-10 w-1/2" />
      <Skeleton className="h-16 w-4/5" />
    </div>
  );
}

/** Where the choices and the composer go while their code is still on its way (normally never seen). */
function ControlsLoading({ panel }: ChatControlsProps) {
  return (
    <div role="status" className={`${panelFrame} ${panelSurface(panel.tone)}`}>
      <span className="sr-only">Loading the choices</span>
      <div className="flex flex-col gap-2">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="mt-3 h-11 w-full" />
      </div>
    </div>
  );
}

// The choices and the composer, and the header's Memory and Branches buttons: shown once the thread
// is read, their code comes after the first load (chat-extras.tsx), fetched alongside the thread.
const ChatControls = chatExtras.part(
  (m) => m.ChatControls,
  ControlsLoading,
  ({ panel, retry }) => (
    <div className={`${panelFrame} ${panelSurface(panel.tone)}`}>
      <ErrorState message="The choices could not be loaded." onRetry={retry} className="py-3" />
    </div>
  ),
);
const MemorySheetButton = chatExtras.part((m) => m.MemorySheetButton, null);
const BranchSheetButton = chatExtras.part((m) => m.BranchSheetButton, null);

// The purchase dialog (and the payment code behind it) loads only when a reply is refused for
// want of coins or the player asks to buy.
const ChatPurchase = clientOnly(() => import("./chat-purchase").then((m) => m.default));

// The restart confirmation (and the dialog code behind it) loads when the player first points at
// Restart or Play again, or asks for it.
const loadRestartDialog = () => import("./restart-dialog").then((m) => m.RestartDialog);
const RestartDialog = clientOnly(loadRestartDialog);
const warmRestartDialog = () => void loadRestartDialog().catch(() => undefined);

// "Export" (the chat as Markdown or JSON) is not needed for the first paint: its code loads after.
const ChatExportMenu = clientOnly(() => import("./chat-export-menu").then((m) => m.ChatExportMenu));

/**
 * One chat screen, four presentations (spec: /chat, /chat2, /chat3, /chat4): classic bubbles,
 * immersive over the full-bleed cover, the story-wide "reasoning" transcript, and a visual-novel
 * stage. All play the same real conversation through useChatThread (run by {@link useRoomThread},
 * its code loaded after the first load).
 */
export function ChatRoom({ variant, storyId, storyTitle, coverUrl, actorId, cast, opening, Stage }: ChatRoomProps) {
  const { thread, driver } = useRoomThread(variant, storyId, actorId);
  const shown = shownMessages(thread.status, thread.messages, opening);
  // The opening stands in: no typing dots under it (the story is being started, not answering).
  const waiting = thread.waiting && !shown.placeholder;
  const sysconfig = useSysconfig();
  // The balance is the session's (as the thread's own), shown as soon as the session is read.
  const coins = useSession((s) => s.user?.coins);
  const [confirming, setConfirming] = useState(false);
  // Mounted from the first request on, so closing it animates out like any dialog.
  const [restartAsked, setRestartAsked] = useState(false);
  const askRestart = () => {
    setRestartAsked(true);
    setConfirming(true);
  };
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [purchaseCount, setPurchaseCount] = useState(0);
  const cost = sysconfig.data?.chat_cost_per_reply ?? 1;
  const immersive = variant === "immersive";
  const lead = actorId ? cast[actorId] : undefined;
  const problemKind = thread.problem?.kind;
  // With a model, replies get Edit, Regenerate and the pager: their code loads now, not on the first reply.
  useEffect(() => {
    if (thread.freeText) warmMessageActions();
  }, [thread.freeText]);
  // Too few coins for a reply opens the purchase dialog, as everywhere else coins run out.
  useEffect(() => {
    if (problemKind === "coins") setPurchaseCount((n) => n + 1);
  }, [problemKind, thread.problem]);
  const actions: MessageActionsApi = {
    editableId: editing ? null : (thread.editable?.id ?? null),
    regenerableId: thread.regenerable?.id ?? null,
    busy: thread.waiting,
    onEdit: setEditing,
    onRegenerate: thread.regenerate,
    continuableId: thread.continuable?.id ?? null,
    onContinue: thread.continueReply,
    onSelect: thread.select,
    onFork: thread.freeText ? thread.fork : undefined,
    storyId,
  };
  const addressees = variant === "novel" ? Object.entries(cast).map(([id, c]) => ({ id, name: c.name })) : [];
  // The panel beside the chat (a sheet on a phone) shows the character spoken to and the current scene.
  const sideStory = { character: characterOf(cast, actorId), turn: sceneTurnOf(thread.messages) };
  const returnPath = `${VARIANT_PATH[variant]}/${storyId}${actorId && variant !== "reasoning" ? `/${actorId}` : ""}`;

  return (
    // On a desktop the layout widens for the chat (data-side-panel): the column keeps its phone width and the side panel takes the rest.
    <div className={`relative flex min-h-[calc(100dvh-3.5rem)] flex-col lg:pr-[calc(100%-480px)] ${immersive ? "bg-black" : ""}`} data-variant={variant} data-mode={VARIANT_MODE[variant]} data-testid="chat-room" data-side-panel="">
      {immersive ? (
        <div aria-hidden="true" className="fixed inset-0 -z-0 bg-cover bg-center opacity-60 md:absolute" style={{ backgroundImage: `url(${coverUrl})` }} />
      ) : null}
      <div className={`relative z-20 flex items-center gap-3 border-b border-line px-4 py-2 ${immersive ? "bg-black/60 text-white backdrop-blur" : "bg-surface"}`}>
        <Link href={`/story/${storyId}`} className="shrink-0 rounded-md text-sm underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand">
          <span aria-hidden="true">← </span>Story
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold">{storyTitle}</h1>
          <p className={`flex gap-2 truncate text-xs ${immersive ? "text-white/85" : "text-muted"}`}>
            {lead ? <span className="truncate">with {lead.name}</span> : <span>Story mode</span>}
            <span aria-hidden="true">·</span>
            <CoinBalance coins={coins} />
            {thread.freeText ? <MemorySheetButton storyId={storyId} tone={immersive ? "overlay" : "plain"} story={sideStory} /> : null}
          </p>
        </div>
        <ChatExportMenu
          storyId={storyId}
          storyTitle={storyTitle}
          actor={lead && actorId ? { id: actorId, name: lead.name } : null}
          actorNames={Object.fromEntries(Object.entries(cast).map(([id, c]) => [id, c.name]))}
          messages={thread.messages}
          tone={immersive ? "overlay" : "plain"}
          disabled={thread.status !== "ready" || thread.messages.length === 0}
        />
        {thread.freeText ? <BranchSheetButton storyId={storyId} tone={immersive ? "overlay" : "plain"} /> : null}
        <button
          type="button"
          onClick={askRestart}
          onPointerEnter={warmRestartDialog}
          onFocus={warmRestartDialog}
          disabled={thread.waiting || thread.status !== "ready"}
          className="shrink-0 rounded-md px-2 py-1 text-sm underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
        >
          Restart
        </button>
      </div>

      <div className="relative z-10 flex flex-1 flex-col">
        {thread.status === "loading" && !shown.placeholder ? (
          <LoadingThread />
        ) : thread.status === "error" ? (
          <ErrorState message="The conversation could not be loaded." onRetry={thread.retryHistory} className={immersive ? "text-white" : ""} />
        ) : variant === "novel" ? (
          Stage && <Stage messages={shown.messages} cast={cast} coverUrl={coverUrl} leadId={actorId} waiting={waiting} streaming={thread.streaming} actions={actions} placeholder={shown.placeholder} />
        ) : shown.messages.length === 0 && !thread.waiting ? (
          <p className="px-4 py-8 text-center text-muted">The story is about to begin…</p>
        ) : (
          <div className="flex-1">
            <MessageList
              variant={variant}
              messages={shown.messages}
              cast={cast}
              waiting={waiting}
              streaming={thread.streaming}
              actions={actions}
              placeKeyed={opening.length}
              placeholder={shown.placeholder}
            />
          </div>
        )}
      </div>

      {thread.status === "ready" ? (
        <ChatControls
          panel={{
            choices: thread.choices,
            ended: thread.ended,
            waiting: thread.waiting,
            problem: thread.problem,
            onDismissProblem: thread.dismissProblem,
            cost,
            onChoose: thread.choose,
            onPlayAgain: askRestart,
            onBuyCoins: () => setPurchaseCount((n) => n + 1),
            tone: immersive ? "overlay" : "plain",
          }}
          composer={{
            freeText: thread.freeText,
            waiting: thread.waiting,
            streaming: thread.streaming,
            onSay: thread.say,
            onStop: thread.stop,
            editing,
            onEdit: thread.edit,
            onCancelEdit: () => setEditing(null),
            addressees,
            onWarm: thread.preload,
            tone: immersive ? "overlay" : "plain",
          }}
        />
      ) : null}
      {purchaseCount > 0 ? <ChatPurchase openCount={purchaseCount} returnPath={returnPath} /> : null}

      {restartAsked ? (
        <RestartDialog
          open={confirming}
          storyTitle={storyTitle}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            thread.restart();
          }}
        />
      ) : null}
      <ChatSidePanel storyId={storyId} enabled={thread.status === "ready" ? thread.freeText : undefined} story={sideStory} />
      {driver}
    </div>
  );
}
