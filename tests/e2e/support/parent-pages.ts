// The payments spec's parent pages, one allowed origin (the sites are built with PARENT_ORIGINS
// naming it) and one foreign: each frames ?src= and keeps every message it receives in
// window.__messages. Started once by playwright.config.ts: the spec runs in several workers at
// once (both projects), and a fixed port can only be listened on by one of them.
import { createServer } from "node:http";
import { foreignParentPort, parentPort } from "./env";

for (const port of [parentPort, foreignParentPort]) {
  createServer((req, res) => {
    const src = new URL(req.url ?? "/", "http://x").searchParams.get("src") ?? "about:blank";
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><html lang="en"><title>Parent page</title>
<script>window.__messages=[];addEventListener("message",(e)=>window.__messages.push({origin:e.origin,data:e.data}));</script>
<iframe id="site" title="Site" src="${src.replace(/"/g, "&quot;")}" style="width:1200px;height:900px;border:0"></iframe></html>`);
  }).listen(port, "127.0.0.1");
}
