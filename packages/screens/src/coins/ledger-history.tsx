"use client";
import { useState } from "react";
import { IntentLink as Link } from "../shell/intent-link";
import { useLedger } from "@storyloom/api-client/react";
import { Button, EmptyState, ErrorState, Skeleton, formatCoins } from "@storyloom/ui";
import { ledgerDate, ledgerReason, shortfallText, signedAmount } from "./ledger-words";

const PAGE_SIZE = 20;

/** One page of the ledger; the last loaded page offers "Load more" with the server's cursor. */
function LedgerPage({ cursor, isLast, onMore }: { cursor: string | undefined; isLast: boolean; onMore: (cursor: string) => void }) {
  const q = useLedger(cursor ? { cursor, limit: PAGE_SIZE } : { limit: PAGE_SIZE });
  if (q.isPending) {
    return (
      <li aria-busy="true" className="flex flex-col gap-2 py-2">
        <span className="sr-only" role="status">
          Loading coin history
        </span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-14" />
        ))}
      </li>
    );
  }
  if (q.isError) {
    return (
      <li>
        <ErrorState message={q.error.message || "Couldn't load your coin history."} onRetry={() => void q.refetch()} retrying={q.isFetching} />
      </li>
    );
  }
  const { entries, next_cursor } = q.data;
  if (!cursor && entries.length === 0) {
    return (
      <li>
        <EmptyState
          title="No coin activity yet"
          description="Check in daily or finish a task to earn your first coins."
          action={
            <Link href="/daily-tasks" className="font-semibold text-brand underline underline-offset-4">
              Go to daily tasks
            </Link>
          }
        />
      </li>
    );
  }
  return (
    <>
      {entries.map((e) => (
        <li key={e.id} className="flex items-center justify-between gap-3 py-3">
          <div className="min-w-0">
            <p className="truncate font-semibold">{ledgerReason(e.reason)}</p>
            <p className="text-xs text-muted">
              <time dateTime={e.created_at}>{ledgerDate(e.created_at)}</time> · Balance {formatCoins(e.balance_after)}
            </p>
            {e.shortfall ? <p className="text-xs text-muted">{shortfallText(e.shortfall)}</p> : null}
          </div>
          <p className={`shrink-0 font-semibold tabular-nums ${e.amount < 0 ? "text-fg" : "text-emerald-500 in-data-[theme=light]:text-emerald-700"}`}>
            {signedAmount(e.amount)}
            <span className="sr-only"> coins</span>
          </p>
        </li>
      ))}
      {isLast && next_cursor && (
        <li className="pt-3">
          <Button variant="secondary" fullWidth onClick={() => onMore(next_cursor)}>
            Load more
          </Button>
        </li>
      )}
    </>
  );
}

/** The coin history: reason, signed amount, balance after and date, newest first, paged by cursor. */
export function LedgerHistory() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  return (
    <ul aria-label="Coin history" className="divide-y divide-line">
      {cursors.map((c, i) => (
        <LedgerPage key={c ?? "first"} cursor={c} isLast={i === cursors.length - 1} onMore={(next) => setCursors((list) => [...list, next])} />
      ))}
    </ul>
  );
}
