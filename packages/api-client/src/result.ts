// The one result shape of every call: callers branch on `ok` instead of catching exceptions, and a
// failure always carries a stable code, a human message and the HTTP status (0 = no answer).

/** A successful call: the `data` of the `{ code: "0" }` envelope. */
export interface ApiSuccess<T> {
  ok: true;
  code: "0";
  message: string;
  data: T;
  status: number;
}

/** A failed call: the server's code and message, or a client code (`ERROR`, `AUTH_ERROR`). */
export interface ApiFailure {
  ok: false;
  /** Server code (`UNAUTHORIZED`, `NOT_FOUND`, …) or `ERROR` / `AUTH_ERROR` / `VALIDATION_ERROR` from the client. */
  code: string;
  message: string;
  /** HTTP status; 0 when no answer arrived (network error, timeout, abort). */
  status: number;
  /** Extra data of the server's error answer (e.g. `fields` of a validation error). */
  details?: Record<string, unknown> | null;
  /** The API's id of the request (its `x-request-id`), when an answer named one: a reference for support. */
  requestId?: string;
}

/** What every call resolves to; it never rejects. */
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

/** The header the API names each request's id in (a reference for support). */
export const REQUEST_ID_HEADER = "x-request-id";

/** The request id an answer names, if any (a browser sees it only when the API exposes it to its origin). */
export function requestIdOf(res: Pick<Response, "headers">): string | undefined {
  return res.headers.get(REQUEST_ID_HEADER) ?? undefined;
}

/** Client-side failure codes and messages of spec section 8. */
export const ClientErrors = {
  AUTH: { code: "AUTH_ERROR", message: "Authentication failed" },
  NETWORK: { code: "ERROR", message: "Network error" },
  TIMEOUT: { code: "ERROR", message: "Request timeout" },
  ABORTED: { code: "ERROR", message: "Request aborted" },
  LOGIN: "Login failed",
  SEND_CODE: "Failed to send verification code",
  UPDATE_USER: "Failed to update user info",
} as const;

/** Builds a failure result. */
export function failure(code: string, message: string, status = 0, details?: Record<string, unknown> | null, requestId?: string): ApiFailure {
  const f: ApiFailure = details === undefined ? { ok: false, code, message, status } : { ok: false, code, message, status, details };
  if (requestId) f.requestId = requestId;
  return f;
}

/** Replaces a failure's message with a fallback unless the server sent one (spec section 5). */
export function withFallbackMessage<T>(result: ApiResult<T>, fallback: string): ApiResult<T> {
  if (result.ok) return result;
  // Client-made failures (no answer, AUTH_ERROR, unreadable answer) carry our own wording, not the server's.
  const fromServer = result.status > 0 && result.code !== ClientErrors.NETWORK.code && result.code !== ClientErrors.AUTH.code;
  const serverMessage = fromServer ? result.message : "";
  return { ...result, message: serverMessage || fallback };
}

/** True for an answer that means "your token is not accepted" (status 401, code UNAUTHORIZED or '401'). */
export function isUnauthorized(result: ApiResult<unknown>): boolean {
  return !result.ok && (result.status === 401 || result.code === "UNAUTHORIZED" || result.code === "401");
}

/** Thrown by the query hooks so TanStack Query sees failures; carries the failure result. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details?: Record<string, unknown> | null;
  /** The API's id of the failed request, kept so an error page or report can name it. */
  readonly requestId?: string;
  constructor(f: ApiFailure) {
    super(f.message);
    this.name = "ApiError";
    this.code = f.code;
    this.status = f.status;
    this.details = f.details;
    this.requestId = f.requestId;
  }
}

/** Returns the data of a successful result or throws an ApiError (for code that prefers exceptions). */
export function unwrap<T>(result: ApiResult<T>): T {
  if (!result.ok) throw new ApiError(result);
  return result.data;
}
