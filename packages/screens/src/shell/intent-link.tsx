"use client";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps, FocusEvent, PointerEvent, TouchEvent } from "react";

/** Props of {@link IntentLink}: those of next/link for a plain string address. */
export type IntentLinkProps = Omit<ComponentProps<typeof Link>, "href" | "prefetch"> & { href: string };

/**
 * A site link that prefetches its page on intent (pointer over it, touch start, keyboard focus)
 * rather than when it scrolls into view. The header, tab bar and footer put a dozen links in view
 * on every page; fetching and decoding all their pages competes with the first load's own work on
 * a phone, while intent still leaves the fetch a head start of a few hundred milliseconds.
 */
export function IntentLink({ href, onPointerEnter, onTouchStart, onFocus, ...rest }: IntentLinkProps) {
  const router = useRouter();
  const warm = () => router.prefetch(href);
  return (
    <Link
      href={href}
      prefetch={false}
      onPointerEnter={(e: PointerEvent<HTMLAnchorElement>) => {
        warm();
        onPointerEnter?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        warm();
        onTouchStart?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        warm();
        onFocus?.(e);
      }}
      {...rest}
    />
  );
}
