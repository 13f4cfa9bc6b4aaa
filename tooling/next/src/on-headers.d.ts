// on-headers 1.x ships no types (the registry's @types/on-headers is not this package's).
declare module "on-headers" {
  import type { ServerResponse } from "node:http";
  /** Calls `listener` once, just before `res` writes its headers (headers passed to writeHead are set first). */
  export default function onHeaders(res: ServerResponse, listener: (this: ServerResponse) => void): void;
}
