// Shapes of the authored catalogue. Content lives in one module per category; the seed and the
// API's art read the same data, so covers and avatars always match what the database holds.

/** A character of a seeded story. */
export interface SeedActor {
  /** Globally unique; also the actor id and the `/character/{slug}` path. */
  slug: string;
  name: string;
  tagline: string;
  persona: string;
  greeting: string;
}

/** An authored story. */
export interface SeedStory {
  id: string;
  title: string;
  hook: string;
  description: string;
  tags: string[];
  /** The opening the catalogue shows; the story's ink file (stories/<id>.ink) begins with it. */
  opening: string;
  actors: SeedActor[];
  /** Fixed publication date, so "new" ordering is stable and seeding twice changes nothing. */
  createdAt: string;
  /** Plays before launch (imported history); grows with every play. */
  playCount: number;
  /** Recent-activity score; grows with every play. */
  trending: number;
}

/** A category with its stories. */
export interface SeedCategory {
  id: string;
  name: string;
  description: string;
  sort: number;
  stories: SeedStory[];
}
