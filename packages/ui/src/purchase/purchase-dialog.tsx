"use client";
import type { KeyboardEvent, ReactNode } from "react";
import type { PricePackage } from "@storyloom/contract";
import { ResponsiveDialog } from "../dialog/dialog";
import { Button } from "../primitives/button";
import { Skeleton } from "../primitives/skeleton";
import { EmptyState, ErrorState } from "../primitives/states";
import { VisuallyHidden } from "../primitives/visually-hidden";
import { PricePackageOption } from "./price-package-option";

/** The spec's message when the price list cannot be loaded. */
export const PRICE_LIST_ERROR = "Failed to fetch price list";

/**
 * Props of {@link PurchaseDialog}. Fully controlled: the payments code fetches the list and clears
 * the selection when the dialog opens, and decides what a purchase does.
 */
export interface PurchaseDialogProps {
  open: boolean;
  onClose: () => void;
  packages: readonly PricePackage[] | undefined;
  loading?: boolean;
  /** Truthy when the list failed; a string replaces the default 'Failed to fetch price list'. */
  error?: boolean | string | null;
  onRetry?: () => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
  paying?: boolean;
  onPurchase: (pkg: PricePackage) => void;
  /** Extra line under the button, e.g. the terms of sale. */
  footnote?: ReactNode;
}

const SKELETON_COUNT = 3;
const grid = "grid grid-cols-2 gap-3 md:grid-cols-3";

function moveSelection(event: KeyboardEvent<HTMLDivElement>, packages: readonly PricePackage[], selectedId: string | null, onSelect: (id: string) => void) {
  const step: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };
  const last = packages.length - 1;
  const current = packages.findIndex((pkg) => pkg.id === selectedId);
  let next: number;
  if (event.key === "Home") next = 0;
  else if (event.key === "End") next = last;
  else if (event.key in step) next = current < 0 ? 0 : (current + (step[event.key] ?? 0) + packages.length) % packages.length;
  else return;
  event.preventDefault();
  const target = packages[next];
  if (!target) return;
  onSelect(target.id);
  // Radios follow focus: moving with the arrows both selects and focuses, as native radios do.
  const radios = event.currentTarget.querySelectorAll<HTMLElement>("[data-package-id]");
  Array.from(radios)
    .find((radio) => radio.dataset.packageId === target.id)
    ?.focus();
}

/** The coin purchase dialog: a 600px modal from 768px, a bottom drawer below. */
export function PurchaseDialog({
  open,
  onClose,
  packages,
  loading = false,
  error,
  onRetry,
  selectedId,
  onSelect,
  paying = false,
  onPurchase,
  footnote,
}: PurchaseDialogProps) {
  const list = packages ?? [];
  const selected = list.find((pkg) => pkg.id === selectedId) ?? null;
  const tabStop = selected?.id ?? list[0]?.id;

  let body: ReactNode;
  if (loading) {
    body = (
      <div aria-busy="true">
        <VisuallyHidden role="status">Loading packages</VisuallyHidden>
        <div className={grid}>
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <Skeleton key={i} className="h-28" data-testid="package-skeleton" />
          ))}
        </div>
      </div>
    );
  } else if (error) {
    body = <ErrorState message={typeof error === "string" ? error : PRICE_LIST_ERROR} onRetry={onRetry} />;
  } else if (list.length === 0) {
    body = <EmptyState title="No packages available right now" description="Please check back later." />;
  } else {
    body = (
      <div
        role="radiogroup"
        aria-label="Coin packages"
        aria-disabled={paying || undefined}
        className={grid}
        onKeyDown={paying ? undefined : (event) => moveSelection(event, list, selectedId, onSelect)}
      >
        {list.map((pkg) => (
          <PricePackageOption
            key={pkg.id}
            pkg={pkg}
            selected={pkg.id === selected?.id}
            tabbable={pkg.id === tabStop}
            // The choice is frozen while a payment is being created for it.
            onSelect={paying ? () => {} : onSelect}
          />
        ))}
      </div>
    );
  }

  const footer = (
    <div className="flex flex-col gap-2">
      <Button
        size="lg"
        fullWidth
        disabled={!selected || loading}
        loading={paying}
        loadingText="Processing..."
        onClick={() => selected && onPurchase(selected)}
      >
        Purchase Now
      </Button>
      {footnote && <p className="text-center text-xs text-muted">{footnote}</p>}
    </div>
  );

  return (
    <ResponsiveDialog open={open} onClose={onClose} title="Purchase" footer={footer}>
      {body}
    </ResponsiveDialog>
  );
}
