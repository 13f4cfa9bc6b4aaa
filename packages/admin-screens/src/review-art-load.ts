// Loading a submitted version's art for the moderation detail. The API serves it to staff only, by
// bearer token, and an <img> cannot send one: the console fetches the picture with the token and
// shows it through an object URL (see review-art.tsx). A short-lived signed URL would let <img> load
// it directly, but it is a credential in an address (logs, history, a copied link) and needs a
// signing secret on the API; a fetch keeps the staff check exactly as every other staff call has it.
import { ApiError } from "@storyloom/api-client";
import { reviewArtPath } from "@storyloom/contract";
import type { ConsoleApi } from "./session";

/** Which picture of a version: its cover, or the avatar of its `character`-th character (from 0). */
export type ReviewArtRequest = { version_id: string; w: number } & ({ kind: "cover" } | { kind: "avatar"; character: number });

/** Loads the picture as a Blob; an ApiError (the API's code and message) when it is refused or not a picture. */
export async function loadReviewArt(api: Pick<ConsoleApi, "fetchAuthorized">, req: ReviewArtRequest): Promise<Blob> {
  let res: Response;
  try {
    res = await api.fetchAuthorized(reviewArtPath({ ...req, format: "webp" }));
  } catch {
    throw new ApiError({ ok: false, code: "ERROR", message: "Network error", status: 0 });
  }
  const type = res.headers.get("content-type") ?? "";
  if (res.ok && type.startsWith("image/")) return res.blob();
  // Errors keep the API's envelope: its message says what went wrong.
  const envelope = (await res.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
  const code = typeof envelope?.code === "string" ? envelope.code : "ERROR";
  const message = typeof envelope?.message === "string" && envelope.message ? envelope.message : `The picture could not be loaded (HTTP ${res.status})`;
  throw new ApiError({ ok: false, code, message, status: res.status });
}
