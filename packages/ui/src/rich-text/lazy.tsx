"use client";
// The role-play renderer off the first load. A chat's messages come from the API after the page has
// hydrated, so the renderer (marked's lexer, ~15 KiB gzip) is fetched in parallel with the thread
// (`preloadRichText` as the chat's code loads) and is normally in place before the first message is
// drawn; a message drawn earlier shows as plain text, line breaks kept, until it arrives.
import { useEffect, useState, type ComponentType } from "react";
import type { RichTextProps } from "./rich-text";

let loaded: ComponentType<RichTextProps> | null = null;
let loading: Promise<void> | null = null;

/** Starts fetching the renderer (once; later calls share the same load). */
export function preloadRichText(): Promise<void> {
  loading ??= import("./rich-text").then(
    (m) => {
      loaded = m.RichText;
    },
    () => {
      // A failed load (offline) leaves the plain text in place; the next mount tries again.
      loading = null;
    },
  );
  return loading;
}

/** {@link RichText} once its code is here, the plain text until then. */
export function LazyRichText(props: RichTextProps) {
  const [Renderer, setRenderer] = useState(() => loaded);
  useEffect(() => {
    if (Renderer) return;
    let live = true;
    void preloadRichText().then(() => {
      if (live && loaded) setRenderer(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [Renderer]);
  if (Renderer) return <Renderer {...props} />;
  return <span className={`whitespace-pre-wrap break-words ${props.className ?? ""}`.trim()}>{props.text}</span>;
}
