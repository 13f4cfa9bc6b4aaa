"use client";
import { lazyModule } from "./lazy-part";

/**
 * The chat's parts that show once the thread is read (chat-extras.tsx), off the first load. Fetched
 * as soon as the chat's code runs in the browser, alongside the thread's reads, so they are
 * normally here before the thread is.
 */
export const chatExtras = lazyModule(() => import("./chat-extras"));
if (typeof window !== "undefined") chatExtras.preload();
