// Server-side reads for server components: public (no token) reads of the endpoint table, cached by
// Next's data cache. The answer is checked against the contract here (zod stays on the server), so a
// page renders only data of the right shape.
import { endpoints, okEnvelope, type EndpointData, type EndpointInput, type EndpointName } from "@storyloom/contract";
import { requestIdOf } from "./result";
import { queryString } from "./transport";

/**
 * What a server-side read gives a page: the data, or why there is none (404, the age gate of a
 * mature story that an anonymous reader may not see, or anything else). A failure the API answered
 * names its request id, which the error page shows as the reference for support.
 */
export type ServerRead<T> = { ok: true; data: T } | { ok: false; notFound: boolean; ageGate?: boolean; message: string; requestId?: string };

/** Where a server read goes and how long its answer may be reused. */
export interface ServerReadOptions {
  /** The API base the server reaches (no trailing slash needed). */
  baseUrl: string;
  /** Seconds Next's data cache reuses the answer (`fetch(…, { next: { revalidate } })`). */
  revalidate: number;
  /** Past this the read gives up: a page must not hang on a slow API. */
  timeoutMs: number;
}

// Next reads `next` from the fetch options; outside Next the field is ignored.
type NextRequestInit = RequestInit & { next: { revalidate: number } };

/**
 * A public (optional-auth) read of the endpoint table from a server component, without a token.
 * Never throws: pages turn failures into not-found or error states.
 */
export async function serverRead<N extends EndpointName>(name: N, input: EndpointInput<N>, opts: ServerReadOptions): Promise<ServerRead<EndpointData<N>>> {
  const def = endpoints[name];
  let url = `${opts.baseUrl.replace(/\/+$/, "")}${def.path}`;
  const init: NextRequestInit = { method: def.method, signal: AbortSignal.timeout(opts.timeoutMs), next: { revalidate: opts.revalidate } };
  if (def.method === "GET") {
    url += queryString(input as Record<string, unknown>);
  } else {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(input);
  }
  try {
    const res = await fetch(url, init);
    const requestId = requestIdOf(res);
    const failed = (message: string, more: { ageGate?: boolean } = {}): ServerRead<never> => ({ ok: false, notFound: false, ...more, message, ...(requestId ? { requestId } : {}) });
    if (res.status === 404) return { ok: false, notFound: true, message: "Not found" };
    if (res.status === 403) return refusal(await res.json().catch(() => null), failed);
    if (!res.ok) return failed(`HTTP error! status: ${res.status}`);
    const parsed = okEnvelope(def.output).safeParse(await res.json());
    if (!parsed.success) return failed("Unexpected answer from the server");
    return { ok: true, data: parsed.data.data as EndpointData<N> };
  } catch {
    return { ok: false, notFound: false, message: "Network error" };
  }
}

/** A 403 answer: the age gate when the API says so (`data.age_gate`), else a plain failure. */
function refusal(body: unknown, failed: (message: string, more?: { ageGate?: boolean }) => ServerRead<never>): ServerRead<never> {
  const env = body as { message?: unknown; data?: { age_gate?: unknown } | null } | null;
  const message = typeof env?.message === "string" && env.message ? env.message : "Forbidden";
  return env?.data?.age_gate === true ? failed(message, { ageGate: true }) : failed(message);
}
