// A local stand-in for the outside tracking services of the e2e stack, speaking their protocols:
// Meta's pixel script (a small fake fbevents.js whose hits go to /tr like the real one's), the
// Graph API's Conversions API endpoint, and PostHog's ingestion and flags endpoints. Everything
// received is recorded; specs read it back from GET /records. Started by playwright.config.ts.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { gunzipSync } from "node:zlib";
import { trackingPort } from "./env";

/** One thing a tracking service received. */
export interface TrackingRecord {
  kind: "pixel" | "capi" | "posthog" | "unknown";
  at: number;
  /** pixel: the fbq call; capi: one event; posthog: one captured event */
  data: Record<string, unknown>;
}

const records: TrackingRecord[] = [];

// The fake pixel: takes over the stub's queue and every later fbq call, and reports each track
// call as a GET /tr hit with the pixel's own parameter names (id, ev, eid, cd).
const FBEVENTS = (origin: string) => `(function(){
var f=window.fbq;if(!f)return;var pixel=null;
function hit(args){
  if(args[0]==='init'){pixel=String(args[1]);return;}
  if(args[0]!=='track'&&args[0]!=='trackCustom')return;
  var q=new URLSearchParams({id:pixel||'',ev:String(args[1]),eid:String((args[3]||{}).eventID||''),cd:JSON.stringify(args[2]||{}),dl:location.href});
  new Image().src=${JSON.stringify(origin)}+'/tr?'+q.toString();
}
f.callMethod=function(){hit([].slice.call(arguments));};
var q=f.queue||[];f.queue=[];for(var i=0;i<q.length;i++)hit([].slice.call(q[i]));
})();`;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** PostHog's batch bodies: JSON, gzip (compression=gzip-js), or a form with base64 `data`. */
function posthogEvents(raw: Buffer, url: URL): Record<string, unknown>[] {
  let text: string;
  if (url.searchParams.get("compression") === "gzip-js" || (raw[0] === 0x1f && raw[1] === 0x8b)) text = gunzipSync(raw).toString("utf8");
  else text = raw.toString("utf8");
  if (text.startsWith("data=")) text = Buffer.from(decodeURIComponent(new URLSearchParams(text).get("data") ?? ""), "base64").toString("utf8");
  const parsed = JSON.parse(text) as unknown;
  const list = Array.isArray(parsed) ? parsed : ((parsed as { batch?: unknown[] }).batch ?? [parsed]);
  return list as Record<string, unknown>[];
}

function send(res: ServerResponse, status: number, type: string, payload: string): void {
  res.writeHead(status, { "content-type": type, "access-control-allow-origin": "*", "access-control-allow-headers": "*", "cache-control": "no-store" });
  res.end(payload);
}

const server = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${trackingPort}`);
    if (req.method === "OPTIONS") return send(res, 204, "text/plain", "");
    if (url.pathname === "/records") {
      const kind = url.searchParams.get("kind");
      return send(res, 200, "application/json", JSON.stringify(records.filter((r) => !kind || r.kind === kind)));
    }
    if (url.pathname === "/fbevents.js") return send(res, 200, "text/javascript", FBEVENTS(`http://127.0.0.1:${trackingPort}`));
    if (url.pathname === "/tr") {
      records.push({ kind: "pixel", at: Date.now(), data: Object.fromEntries(url.searchParams) });
      return send(res, 200, "image/gif", "");
    }
    const capi = /^\/v[\d.]+\/(\d+)\/events$/.exec(url.pathname);
    if (capi && req.method === "POST") {
      const parsed = JSON.parse((await body(req)).toString("utf8")) as { data: Record<string, unknown>[]; access_token?: string };
      for (const e of parsed.data) records.push({ kind: "capi", at: Date.now(), data: { ...e, pixel_id: capi[1] } });
      return send(res, 200, "application/json", JSON.stringify({ events_received: parsed.data.length, fbtrace_id: `e2e-${records.length}` }));
    }
    if (/^\/(flags|decide)\/?$/.test(url.pathname)) return send(res, 200, "application/json", JSON.stringify({ featureFlags: {}, featureFlagPayloads: {}, errorsWhileComputingFlags: false, sessionRecording: false, supportedCompression: ["gzip-js"] }));
    if (/^\/array\/[^/]+\/config(\.js)?$/.test(url.pathname)) return send(res, 200, url.pathname.endsWith(".js") ? "text/javascript" : "application/json", url.pathname.endsWith(".js") ? "" : "{}");
    if (/^\/(e|i\/v0\/e|batch|capture|track|engage)\/?$/.test(url.pathname) && req.method === "POST") {
      for (const e of posthogEvents(await body(req), url)) records.push({ kind: "posthog", at: Date.now(), data: e });
      return send(res, 200, "application/json", JSON.stringify({ status: 1 }));
    }
    // Recorded too, so a spec can tell "nothing sent" from "sent somewhere this peer does not know".
    records.push({ kind: "unknown", at: Date.now(), data: { method: req.method, path: url.pathname, query: url.search } });
    return send(res, 404, "application/json", JSON.stringify({ error: "not found" }));
  })().catch((err: unknown) => send(res, 400, "application/json", JSON.stringify({ error: String(err) })));
});

server.listen(trackingPort, "127.0.0.1");
