import { errorStatus, type ErrorCode } from "@storyloom/contract";

/** A failure the client should see: a stable code, a human message and optional data. */
export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: Record<string, unknown> | null = null,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}

/** 401 with code UNAUTHORIZED. */
export const unauthorized = (message = "Authentication required") => new ApiError("UNAUTHORIZED", message);
/** 404 with code NOT_FOUND. */
export const notFound = (message: string) => new ApiError("NOT_FOUND", message);
