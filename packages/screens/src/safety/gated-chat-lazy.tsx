"use client";
import { lazy, Suspense } from "react";
import type { GatedChat as Gate } from "./gated-chat";

// Every chat route imports the gate, and only a mature story's chat renders it: its code (the gate's
// views, the rooms) is fetched then, so the chat pages' first load carries none of it.
const GatedChat = lazy(() => import("./gated-chat").then((m) => ({ default: m.GatedChat })));

/** {@link Gate}, loaded when rendered. */
export function LazyGatedChat(props: Parameters<typeof Gate>[0]) {
  return (
    <Suspense fallback={<div aria-busy="true" className="min-h-dvh" />}>
      <GatedChat {...props} />
    </Suspense>
  );
}
