import { apiUrl } from "./env";

/** Ids of the popular stories the API lists now (what the landing pages can feature); [] if none. */
export async function popularStoryIds(): Promise<string[]> {
  try {
    const res = await fetch(`${apiUrl}/api/v1/story.list`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ sort: "popular", limit: 6 }),
    });
    if (!res.ok) return [];
    const body = (await res.json()) as { code: string; data?: { stories?: { id: string }[] } };
    return body.code === "0" ? (body.data?.stories ?? []).map((s) => s.id) : [];
  } catch {
    return [];
  }
}

/** Whether the API knows a story id (the target of a landing page's call to action). */
export async function storyExists(id: string): Promise<boolean> {
  const res = await fetch(`${apiUrl}/api/v1/story.get?id=${encodeURIComponent(id)}`);
  const body = (await res.json()) as { code: string };
  return res.ok && body.code === "0";
}
