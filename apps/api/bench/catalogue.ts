// A larger catalogue for the uncached reads: the authored 24 stories fit in the API's in-process
// caches, so reads over many stories must have many stories to read. They are written through the
// db layer as the story editor's publish leaves them (a story row, its characters, sometimes an
// author), with text recombined from the authored catalogue so searches find some and miss others.
import { sql } from "drizzle-orm";
import { actors, avatarPath, coverPath, seedCategories, stories, users, type Db } from "@storyloom/db";

/** A small deterministic PRNG (mulberry32): every run seeds the same catalogue. */
function prng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Publishes `count` more stories (ids `bench-<n>`), each with one to three characters. */
export async function seedBenchCatalogue(db: Db, count: number): Promise<void> {
  if (count <= 0) return;
  const rand = prng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const authored = seedCategories.flatMap((c) => c.stories.map((s) => ({ category: c.id, story: s })));
  const words = authored.flatMap(({ story: s }) => `${s.title} ${s.hook}`.split(/\s+/)).filter((w) => /^[A-Za-z']{3,}$/.test(w));
  const tags = [...new Set(authored.flatMap(({ story: s }) => s.tags))];
  const scripts = new Map((await db.select({ id: stories.id, script: stories.script }).from(stories)).map((r) => [r.id, r.script]));
  const phrase = (n: number) => Array.from({ length: n }, () => pick(words)).join(" ");
  const [author] = await db.insert(users).values({ name: "Bench Author", role: "user", isGuest: false }).returning({ id: users.id });
  const now = Date.now();
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => {
      const n = start + k;
      const model = authored[n % authored.length]!;
      const id = `bench-${n}`;
      const hook = `${phrase(12 + Math.floor(rand() * 10))}.`;
      return {
        story: {
          id,
          title: phrase(2 + Math.floor(rand() * 3)),
          hook,
          description: hook,
          opening: model.story.opening,
          categoryId: model.category,
          tags: [pick(tags), pick(tags)],
          coverUrl: coverPath(id),
          script: scripts.get(model.story.id) ?? "",
          playCount: Math.floor(rand() * 50_000),
          trendingScore: Math.floor(rand() * 1_000),
          authorId: n % 4 === 0 ? author!.id : null,
          createdAt: new Date(now - Math.floor(rand() * 365 * 86_400_000)),
        },
        cast: model.story.actors.slice(0, 1 + (n % 3)).map((a, i) => ({
          id: `${id}-c${i + 1}`,
          slug: `${id}-c${i + 1}`,
          storyId: id,
          name: a.name,
          tagline: a.tagline,
          persona: a.persona,
          greeting: a.greeting,
          avatarUrl: avatarPath(`${id}-c${i + 1}`),
          sort: i,
        })),
      };
    });
    await db.insert(stories).values(batch.map((b) => b.story));
    const cast = batch.flatMap((b) => b.cast);
    if (cast.length) await db.insert(actors).values(cast);
  }
  // As a catalogue that grew over time would be: vacuumed and analysed (the planner's statistics, and
  // the trigram index's own, which only VACUUM updates), not in the state autovacuum would get to in
  // the middle of a measurement.
  await db.execute(sql`vacuum analyze stories, actors`);
}
