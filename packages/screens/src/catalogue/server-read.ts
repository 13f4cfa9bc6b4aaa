import { endpoints, okEnvelope, type EndpointData, type EndpointInput, type EndpointName } from "@storyloom/contract";
import { serverApiBase } from "../env";

/** What a server-side read gives a page: the data, or why there is none (404 vs anything else). */
export type ServerRead<T> = { ok: true; data: T } | { ok: false; notFound: boolean; message: string };

/** Catalogue reads are shared by every visitor, so a short cache keeps pages fast and fresh enough. */
export const CATALOGUE_REVALIDATE_S = 30;
/** A public page must not hang on a slow API; past this it renders its error state instead. */
const TIMEOUT_MS = 5000;

/**
 * A public (optional-auth) read of the endpoint table from a server component, without a token,
 * cached for `revalidate` seconds. Never throws: pages turn failures into not-found or error states.
 */
export async function serverRead<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
  revalidate = CATALOGUE_REVALIDATE_S,
): Promise<ServerRead<EndpointData<N>>> {
  const def = endpoints[name];
  let url = `${serverApiBase()}${def.path}`;
  const init: RequestInit & { next: { revalidate: number } } = {
    method: def.method,
    signal: AbortSignal.timeout(TIMEOUT_MS),
    next: { revalidate },
  };
  if (def.method === "GET") {
    const query = new URLSearchParams(Object.entries(input as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
    if (query.size > 0) url += `?${query.toString()}`;
  } else {
    init.headers = { "content-type": "application/json" };
    init.body = JSON.stringify(input);
  }
  try {
    const res = await fetch(url, init);
    if (res.status === 404) return { ok: false, notFound: true, message: "Not found" };
    if (!res.ok) return { ok: false, notFound: false, message: `HTTP error! status: ${res.status}` };
    const parsed = okEnvelope(def.output).safeParse(await res.json());
    if (!parsed.success) return { ok: false, notFound: false, message: "Unexpected answer from the server" };
    return { ok: true, data: parsed.data.data as EndpointData<N> };
  } catch {
    return { ok: false, notFound: false, message: "Network error" };
  }
}
