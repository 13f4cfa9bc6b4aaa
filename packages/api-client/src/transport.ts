import type { EndpointData, EndpointInput, EndpointName } from "@storyloom/contract";
import { GUEST_GENDER, OK } from "@storyloom/contract/constants";
import { routes } from "@storyloom/contract/routes";
import { ClientErrors, failure, requestIdOf, type ApiResult } from "./result";

/** What the transport needs: where the API is, which fetch to use, how long to wait. */
export interface TransportConfig {
  baseUrl: string;
  fetch: typeof fetch;
  timeoutMs: number;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the request (TanStack Query passes one). */
  signal?: AbortSignal;
  /** Overrides the client's timeout for this call. */
  timeoutMs?: number;
  /**
   * A bearer token to send instead of the session's, without renewal (the payment token handoff:
   * the return page confirms an order for a buyer whose session is not in this browser context).
   */
  token?: string;
}

type Envelope = { code?: unknown; message?: unknown; data?: unknown };

// Defaults the spec gives the client itself (section 3: code_type 'login'; section 9: guest gender 'unknown').
const CLIENT_DEFAULTS: Partial<Record<EndpointName, Record<string, unknown>>> = {
  sendCode: { code_type: "login" },
  guestSignUp: { gender: GUEST_GENDER },
};

/**
 * The body or query of a call: the caller's fields over the client-side defaults. Validation is the
 * server's (same contract, a VALIDATION_ERROR answer naming the field): checking here too would ship
 * zod and every schema to each page for no gain.
 */
export function prepareInput<N extends EndpointName>(name: N, input: EndpointInput<N> | undefined): ApiResult<Record<string, unknown>> {
  const fields = { ...CLIENT_DEFAULTS[name], ...(input as Record<string, unknown> | undefined) };
  return { ok: true, code: OK, message: "", data: fields, status: 0 };
}

/** The query string of a GET call ("?a=1&b=x", or "" when empty); null and undefined fields are left out. */
export function queryString(input: Record<string, unknown>): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) if (v !== undefined && v !== null) qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : "";
}

/**
 * Sends one request of the endpoint table and reads its envelope. Never throws: network errors,
 * timeouts and non-JSON answers become failures with the wording of spec section 8.
 */
export async function send<N extends EndpointName>(
  cfg: TransportConfig,
  name: N,
  input: Record<string, unknown>,
  token: string | null,
  opts: CallOptions = {},
): Promise<ApiResult<EndpointData<N>>> {
  const def = routes[name];
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (def.method === "POST") {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(input);
  }
  const url = `${cfg.baseUrl.replace(/\/+$/, "")}${def.path}${def.method === "GET" ? queryString(input) : ""}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? cfg.timeoutMs);
  const onAbort = () => controller.abort();
  if (opts.signal?.aborted) controller.abort();
  opts.signal?.addEventListener("abort", onAbort, { once: true });

  try {
    const res = await cfg.fetch(url, { method: def.method, headers, body, signal: controller.signal });
    const requestId = requestIdOf(res);
    let envelope: Envelope;
    try {
      envelope = (await res.json()) as Envelope;
    } catch {
      if (timedOut) return failure(ClientErrors.TIMEOUT.code, ClientErrors.TIMEOUT.message);
      return failure(ClientErrors.NETWORK.code, `HTTP error! status: ${res.status}`, res.status, undefined, requestId);
    }
    const code = typeof envelope.code === "string" || typeof envelope.code === "number" ? String(envelope.code) : "";
    const message = typeof envelope.message === "string" ? envelope.message : "";
    if (code === OK && res.ok) return { ok: true, code: OK, message, data: envelope.data as EndpointData<N>, status: res.status };
    const details = envelope.data && typeof envelope.data === "object" ? (envelope.data as Record<string, unknown>) : null;
    return failure(code || ClientErrors.NETWORK.code, message || `HTTP error! status: ${res.status}`, res.status, details, requestId);
  } catch {
    if (timedOut) return failure(ClientErrors.TIMEOUT.code, ClientErrors.TIMEOUT.message);
    if (opts.signal?.aborted) return failure(ClientErrors.ABORTED.code, ClientErrors.ABORTED.message);
    // Browsers word fetch rejections differently ("Failed to fetch", "NetworkError…"): one message for the UI.
    return failure(ClientErrors.NETWORK.code, ClientErrors.NETWORK.message);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener("abort", onAbort);
  }
}
