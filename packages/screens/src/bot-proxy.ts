// The server-side half of "bots do not get the error page" (spec section 2). Crawlers and link
// previewers run no JavaScript, so the browser-side check of the error boundaries never reaches
// them. The error page cannot ask for the user agent itself: the root not-found is rendered into
// every page, and reading request headers there would make every cached page dynamic. So each
// brand's proxy (apps/*/proxy.ts) hands a crawler's document request to the site once more, marked
// as passed, and keeps the answer when it is a page; an error answer is replaced by a bare heading
// with the same status. People never reach this code (the proxy returns at the user-agent check).
import { NextResponse, type NextRequest } from "next/server";
import { errorCase, isBot } from "@storyloom/ui/error-content";
import { getBrand } from "./brand";

/** Marks the proxy's own request to the site, which it lets through unchanged. */
export const BOT_PASS_HEADER = "x-storyloom-bot-pass";
/** How long the proxy waits for the site's answer before it serves the request as usual. */
const PASS_TIMEOUT_MS = 10_000;
// Transport headers of the inner answer that do not describe the body handed on.
const HOP_HEADERS = ["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"];

/** The bare answer a crawler gets instead of an error page: a heading, the same status, noindex. */
export function botErrorHtml(status: number, brandName: string): string {
  const heading = errorCase(status) === "not-found" ? "Page not found" : "Error";
  const title = errorCase(status) === "not-found" ? "Page Not Found" : `Error ${status}`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex, nofollow"><title>${title} - ${brandName}</title></head><body><main><h1>${heading}</h1></main></body></html>`;
}

/** The proxy of both brand apps: crawlers' error answers become a bare heading, everything else passes. */
export async function botProxy(request: NextRequest): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") return NextResponse.next();
  if (request.headers.has(BOT_PASS_HEADER) || !isBot(request.headers.get("user-agent"))) return NextResponse.next();
  const headers = new Headers(request.headers);
  headers.set(BOT_PASS_HEADER, "1");
  // The body is handed on as it is read: no compressed bytes under a header that says otherwise.
  headers.set("accept-encoding", "identity");
  const inner = `http://127.0.0.1:${process.env.PORT ?? "3000"}${request.nextUrl.pathname}${request.nextUrl.search}`;
  let answer: Response;
  try {
    answer = await fetch(inner, { method: request.method, headers, redirect: "manual", cache: "no-store", signal: AbortSignal.timeout(PASS_TIMEOUT_MS) });
  } catch {
    // The site cannot be asked (another bind address, overload): serve the request as usual.
    return NextResponse.next();
  }
  if (answer.status < 400) {
    const passed = new Headers(answer.headers);
    for (const name of HOP_HEADERS) passed.delete(name);
    return new NextResponse(answer.body, { status: answer.status, headers: passed });
  }
  await answer.body?.cancel();
  return new NextResponse(request.method === "HEAD" ? null : botErrorHtml(answer.status, getBrand().name), {
    status: answer.status,
    headers: { "content-type": "text/html; charset=utf-8", "cache-control": "private, no-store", "x-robots-tag": "noindex, nofollow" },
  });
}
