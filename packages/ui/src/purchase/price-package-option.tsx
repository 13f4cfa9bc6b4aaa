"use client";
import type { KeyboardEvent } from "react";
import type { PricePackage } from "@storyloom/contract";
import { cx } from "../cx";
import { formatCoins, formatDollars } from "../format";
import { Badge } from "../primitives/badge";
import { focusRing } from "../primitives/button";
import { DiamondIcon } from "../primitives/icons";
import { VisuallyHidden } from "../primitives/visually-hidden";

/** Props of {@link PricePackageOption}. */
export interface PricePackageOptionProps {
  pkg: PricePackage;
  selected: boolean;
  /** Whether this option is the group's single Tab stop (roving tabindex). */
  tabbable: boolean;
  onSelect: (id: string) => void;
}

/** One price package as a radio: coins with the diamond, dollars, optional background and discount. */
export function PricePackageOption({ pkg, selected, tabbable, onSelect }: PricePackageOptionProps) {
  const background = pkg.extra.background_url;
  const discount = pkg.extra.discount_percent;
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      onSelect(pkg.id);
    }
  };
  return (
    <div
      role="radio"
      aria-checked={selected}
      tabIndex={tabbable ? 0 : -1}
      data-package-id={pkg.id}
      data-selected={selected || undefined}
      onClick={() => onSelect(pkg.id)}
      onKeyDown={onKeyDown}
      className={cx(
        "relative flex min-h-28 cursor-pointer select-none flex-col items-center justify-center gap-1 overflow-hidden rounded-2xl border-2 bg-surface-2 p-3 text-center transition-colors",
        focusRing,
        selected ? "border-brand bg-brand/15 shadow-lg" : "border-line hover:border-muted",
      )}
    >
      {background && (
        <>
          <img src={background} alt="" loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover" />
          {/* Darkens the picture so the price stays readable on any artwork. */}
          <span aria-hidden="true" className="absolute inset-0 bg-linear-to-t from-black/70 to-black/20" />
        </>
      )}
      {discount ? (
        <Badge tone="danger" className="absolute right-2 top-2 z-10">
          {discount}% OFF
        </Badge>
      ) : null}
      <span className={cx("relative flex items-center gap-1 text-lg font-semibold", background && "text-white")}>
        <DiamondIcon width={20} height={20} />
        {formatCoins(pkg.coins)}
        <VisuallyHidden> coins</VisuallyHidden>
      </span>
      <span className={cx("relative text-base font-semibold", background ? "text-white" : "text-fg")} data-price="">
        {formatDollars(pkg.amount)}
      </span>
      <VisuallyHidden>{pkg.name}</VisuallyHidden>
      {selected && (
        <span aria-hidden="true" className="absolute left-2 top-2 z-10 flex size-5 items-center justify-center rounded-full bg-brand text-xs text-white">
          ✓
        </span>
      )}
    </div>
  );
}
