// The brand sites' production server: Next's own request handler (the same one `next start` runs),
// behind Brotli compression. Next compresses with gzip only; Brotli keeps a 4 MB window where gzip
// keeps 32 KB, so the second copy of the inlined stylesheet that App Router puts in the page's flight
// data costs almost nothing. Measured on Storyloom's home: 41.8 KB gzip, 24.6 KB Brotli (quality 5,
// about 3 ms either way). Clients that do not take Brotli still get gzip.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { constants } from "node:zlib";
import compression from "compression";
import next from "next";
import { OUTER_COMPRESSION_ENV } from "./next-config.js";

/** Brotli quality for responses made per request: 5 compresses as fast as gzip's default and ~40% smaller. */
export const BROTLI_QUALITY = 5;

export interface SiteServerOptions {
  /** the app's folder (its next.config and build) */
  dir: string;
  port: number;
  hostname?: string;
}

export interface SiteServer {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** A Node middleware: calls `next` once the response is set up (with an error, if that failed). */
export type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The compression step in front of Next: Brotli when the client takes it, else gzip; streamed pages still flush. */
export function compressionMiddleware(): Middleware {
  const compress = compression({ brotli: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
  return (req, res, next) => compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], next);
}

/** Starts a built Next app (production mode) behind Brotli compression. */
export async function startSiteServer({ dir, port, hostname = "0.0.0.0" }: SiteServerOptions): Promise<SiteServer> {
  // Set before Next loads the app's config: Next's own (gzip-only) compression is then off, so a
  // response is compressed once, here.
  process.env[OUTER_COMPRESSION_ENV] = "1";
  const app = next({ dev: false, dir, hostname, port });
  const handle = app.getRequestHandler();
  await app.prepare();
  const compress = compressionMiddleware();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    compress(req, res, (err) => {
      if (err) {
        res.statusCode = 500;
        res.end();
        return;
      }
      handle(req, res).catch((error: unknown) => {
        // Next answers its own errors; this is only for one thrown past it.
        console.error("storyloom-next-start: request failed", error);
        if (!res.headersSent) res.statusCode = 500;
        res.end();
      });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  // As `next start` does: the app may reach its own server (the brand proxy asks it again for crawlers).
  process.env.PORT = String(actualPort);
  const host = hostname === "0.0.0.0" || hostname === "::" ? "localhost" : hostname;
  return {
    server,
    url: `http://${host}:${actualPort}`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}
