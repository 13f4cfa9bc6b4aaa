import type { Db } from "../client";

/** Seeds categories, stories and characters (filled by the catalogue work). */
export async function seedCatalogue(_db: Db): Promise<void> {}
