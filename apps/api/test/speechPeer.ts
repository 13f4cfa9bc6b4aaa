import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** One request the speech peer received: its bearer token and JSON body. */
export interface SpeechRequest {
  authorization: string | undefined;
  body: { model?: string; input?: string; voice?: string; response_format?: string };
}

/**
 * A local OpenAI-compatible speech server (`POST /v1/audio/speech`) for tests: it answers each
 * sentence with audio/mpeg bytes naming it (`<voice>:<input>|`), so a test can tell which sentence
 * arrived in which order; `failOn` makes it answer 500 to inputs containing that text.
 */
export interface SpeechPeer {
  url: string;
  requests: SpeechRequest[];
  failOn: string | null;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** Starts the peer on a free port; its `url` is the /v1 base (as TTS_BASE_URL takes it). */
export async function startSpeechPeer(apiKey: string): Promise<SpeechPeer> {
  const peer: SpeechPeer = { url: "", requests: [], failOn: null, close: async () => undefined };
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== "POST" || req.url !== "/v1/audio/speech") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(await bodyOf(req)) as SpeechRequest["body"];
      peer.requests.push({ authorization: req.headers.authorization, body });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        res.writeHead(401, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "bad key" } }));
        return;
      }
      if (peer.failOn !== null && body.input?.includes(peer.failOn)) {
        res.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "voice engine crashed" } }));
        return;
      }
      res.writeHead(200, { "content-type": "audio/mpeg" }).end(Buffer.from(`${body.voice}:${body.input}|`, "utf8"));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  peer.url = `http://127.0.0.1:${port}/v1`;
  peer.close = () => new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  return peer;
}
