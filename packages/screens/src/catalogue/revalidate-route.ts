import { createHash, timingSafeEqual } from "node:crypto";
import { revalidatePath } from "next/cache";

/** Header carrying the shared secret (the API's SITE_REVALIDATE_SECRET). */
const SECRET_HEADER = "x-revalidate-secret";

const digest = (s: string) => createHash("sha256").update(s).digest();

/**
 * `POST /api/revalidate`: the API calls it after the catalogue changed (a story approved, hidden,
 * unpublished or re-rated), and every page this site rendered from the catalogue is rendered anew on
 * its next request, so a story taken down leaves the full-route cache at once rather than after its
 * revalidation window. Answers 404 when the site has no REVALIDATE_SECRET, 401 to a wrong secret.
 */
export async function POST(request: Request): Promise<Response> {
  const secret = process.env.REVALIDATE_SECRET;
  if (!secret) return new Response(null, { status: 404 });
  // Compared as digests: equal length, constant time, whatever was sent.
  if (!timingSafeEqual(digest(request.headers.get(SECRET_HEADER) ?? ""), digest(secret))) return new Response(null, { status: 401 });
  revalidatePath("/", "layout");
  return new Response(null, { status: 204, headers: { "cache-control": "no-store" } });
}
