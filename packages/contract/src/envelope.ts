import { z } from "zod";

import { OK } from "./constants";

/** Stable upper-case failure codes; each maps to one HTTP status. */
export const errorStatus = {
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  VALIDATION_ERROR: 400,
  /** A request the server cannot read at all (malformed URL, body length mismatch): nothing to validate. */
  BAD_REQUEST: 400,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  CODE_INVALID: 400,
  CODE_EXPIRED: 400,
  INSUFFICIENT_COINS: 402,
  ALREADY_CLAIMED: 409,
  TASK_NOT_READY: 409,
  PAYMENT_ERROR: 502,
  // the language model failed or timed out (a chat reply could not be written)
  MODEL_ERROR: 502,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  INTERNAL_ERROR: 500,
  UNAVAILABLE: 503,
} as const;

/** One of the server's failure codes. */
export type ErrorCode = keyof typeof errorStatus;
/** The list of failure codes, for validation and exhaustive tests. */
export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

/** A successful answer: `{ code: "0", message, data }`. */
export const okEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.literal(OK), message: z.string(), data });

/** A failed answer: a stable code, a human message, and (for validation) the offending fields. */
export const errorEnvelope = z.object({
  code: z.string(),
  message: z.string(),
  data: z
    .object({ fields: z.array(z.object({ path: z.string(), message: z.string() })).optional() })
    .passthrough()
    .nullable(),
});

/** What every call answers on the wire. */
export type Envelope<T> = { code: typeof OK; message: string; data: T } | z.infer<typeof errorEnvelope>;
/** A failed answer's shape. */
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
