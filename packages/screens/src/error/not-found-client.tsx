"use client";
// The not-found screen's browser-side parts: the page itself is rendered on the server
// (not-found-page.tsx), so no error page code ships with the pages it is part of. The route error
// view takes the bot check from here too.
import { usePathname } from "next/navigation";
import { useSyncExternalStore, type ReactNode } from "react";
import { ErrorDetail, isBot } from "@storyloom/ui";

const noSubscription = () => () => {};

/** Whether this browser is a crawler or link previewer (false on the server and through hydration). */
export function useIsBot(): boolean {
  return useSyncExternalStore(noSubscription, () => isBot(navigator.userAgent), () => false);
}

/** Shows `children` to people and `fallback` to crawlers (known once hydrated; the server shows `children`). */
export function BotGate({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  return useIsBot() ? fallback : children;
}

/**
 * 'Page Not Found: {path}'. Left out until hydration: the not-found HTML is prerendered once (as
 * /_not-found), so the missing path is only known in the browser.
 */
export function MissingPath() {
  const hydrated = useSyncExternalStore(noSubscription, () => true, () => false);
  const pathname = usePathname();
  return hydrated ? <ErrorDetail>Page Not Found: {pathname}</ErrorDetail> : null;
}
