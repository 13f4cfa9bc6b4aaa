// Next's page scripts, loaded after the page's first paint instead of while it is parsed.
//
// App Router writes every script a page needs as `<script src="/_next/static/chunks/…" async="">`
// (and a `<link rel="preload" as="script">` for one of them). The browser fetches them as soon as it
// reads the head and runs each one as it arrives, before painting if it is still parsing or laying
// out the page. Lighthouse's simulated throttling (what PageSpeed Insights reports) then charges every
// script that finished before the observed LCP paint to that LCP: on localhost, at 1.6 Mbps, that
// turns a ~0.9 s LCP into ~2 s, depending on which of the two came first (`pnpm bench:web`, "race
// lost"). The page is fully server-rendered, so nothing in its first paint needs them.
//
// So the sites' server rewrites each such tag into a call to a small loader placed first in the
// head, which adds the scripts once the document is parsed and the frame after it is painted (at
// once for a page loading in a background tab, where no frame is painted). Only those exact tags are
// rewritten: if Next writes them differently, the page is served as Next wrote it (no deferral), and
// the e2e suite's deferral test fails.
import type { IncomingMessage, ServerResponse } from "node:http";
import { StringDecoder } from "node:string_decoder";
import onHeaders from "on-headers";

/** The global the loader defines; each rewritten tag calls it with its script's URL. */
export const DEFER_GLOBAL = "__storyloomDefer";

/**
 * The loader, as an inline script. Until the document is parsed it queues the URLs; after that the
 * next animation frame (the one that paints the parsed page) and a task later, it adds them all as
 * async scripts, in document order; any URL queued later is added at once.
 */
export const DEFER_LOADER =
  "<script>(function(w,d){var q=[],on=0;function add(u){var s=d.createElement(\"script\");s.src=u;s.async=true;d.head.appendChild(s)}" +
  `w.${DEFER_GLOBAL}=function(u){on?add(u):q.push(u)};` +
  "function go(){if(on)return;on=1;q.forEach(add);q=[]}" +
  "function later(){d.visibilityState===\"hidden\"?go():requestAnimationFrame(function(){setTimeout(go,0)})}" +
  "d.readyState===\"loading\"?d.addEventListener(\"DOMContentLoaded\",later):later()})(window,document)</script>";

const HEAD = "<head>";
const SCRIPT_TAG = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""><\/script>/g;
const PRELOAD_TAG = /<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/[^"<>]+\.js"\/>/g;

/**
 * A streaming rewrite of one HTML document: `push` each decoded piece in order, then `end`. The
 * joined output equals `rewriteOnce` of the joined input, however the input was split (a tag cut
 * between two pieces is held back until its end arrives). A document whose first piece has no
 * `<head>` is passed through unchanged.
 */
export function scriptDeferrer(): { push(text: string): string; end(): string } {
  let state: "start" | "on" | "off" = "start";
  let held = "";
  const rewrite = (text: string) =>
    text.replace(PRELOAD_TAG, "").replace(SCRIPT_TAG, (_, src: string) => `<script>${DEFER_GLOBAL}(${JSON.stringify(src)})</script>`);
  return {
    push(piece) {
      if (state === "off" || !piece) return piece;
      let text = held + piece;
      held = "";
      if (state === "start") {
        const at = text.indexOf(HEAD);
        if (at < 0) {
          state = "off";
          return text;
        }
        state = "on";
        text = text.slice(0, at + HEAD.length) + DEFER_LOADER + text.slice(at + HEAD.length);
      }
      // Hold back a tag that may be cut: an unclosed `<…` at the end, or a script tag without its `</script>`.
      let cut = text.length;
      const lastOpen = text.lastIndexOf("<");
      if (lastOpen >= 0 && !text.includes(">", lastOpen)) cut = lastOpen;
      const lastScript = text.lastIndexOf('<script src="');
      if (lastScript >= 0 && !text.includes("</script>", lastScript)) cut = Math.min(cut, lastScript);
      held = text.slice(cut);
      return rewrite(text.slice(0, cut));
    },
    end() {
      const rest = state === "on" ? rewrite(held) : held;
      held = "";
      return rest;
    },
  };
}

/** The whole rewrite of a complete document (what the streaming rewrite's output joins to). */
export function rewriteOnce(html: string): string {
  const d = scriptDeferrer();
  return d.push(html) + d.end();
}

type Write = (chunk: unknown, encoding?: unknown, cb?: unknown) => boolean;
type End = (chunk?: unknown, encoding?: unknown, cb?: unknown) => ServerResponse;

/**
 * A Node middleware that rewrites HTML responses as above, placed inside the compression step (it
 * sees the plain text; the rewritten text is what gets compressed). Other responses pass untouched.
 */
export function deferScriptsMiddleware() {
  return (_req: IncomingMessage, res: ServerResponse, next: () => void) => {
    let deferrer: ReturnType<typeof scriptDeferrer> | undefined;
    const decoder = new StringDecoder("utf8");
    onHeaders(res, () => {
      const type = res.getHeader("content-type");
      if (typeof type !== "string" || !type.startsWith("text/html")) return;
      deferrer = scriptDeferrer();
      // The body's length changes: send it chunked (or compressed) instead.
      res.removeHeader("content-length");
    });
    const write = res.write.bind(res) as Write;
    const end = res.end.bind(res) as End;
    const text = (chunk: unknown, encoding: unknown) =>
      typeof chunk === "string" ? decoder.write(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")) : decoder.write(chunk as Buffer);
    (res as { write: Write }).write = (chunk, encoding, cb) => {
      if (!res.headersSent) res.writeHead(res.statusCode);
      if (!deferrer || chunk == null) return write(chunk, encoding, cb);
      const done = typeof encoding === "function" ? encoding : cb;
      return write(deferrer.push(text(chunk, encoding)), "utf8", done);
    };
    (res as { end: End }).end = (chunk, encoding, cb) => {
      if (!res.headersSent && typeof chunk !== "function" && chunk != null) res.writeHead(res.statusCode);
      if (!deferrer) return end(chunk, encoding, cb);
      const done = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : cb;
      const last = chunk == null || typeof chunk === "function" ? "" : deferrer.push(text(chunk, encoding));
      return end(last + deferrer.push(decoder.end()) + deferrer.end(), "utf8", done);
    };
    next();
  };
}
