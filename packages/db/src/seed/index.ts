import { sql } from "drizzle-orm";
import type { Db } from "../client";
import { pricePackages, sysconfig } from "../schema/index";
import { packagePath, seedCatalogue } from "./catalogue";

/** Default public settings; the catalogue issue's rewards and costs live here, editable in the table. */
export const defaultSysconfig = {
  checkin_rewards: [10, 10, 15, 15, 20, 25, 50],
  task_rewards: { "play-game": 10, "share-game": 10, "create-story": 20, "invite-friend": 30 },
  chat_cost_per_reply: 1,
  new_guest_coins: 20,
  invite_reward: 30,
  currency: "usd",
} as const;

/** Coin packages for sale, amount in cents. */
export const defaultPricePackages = [
  { id: "coins-100", name: "Starter", amount: 199, coins: 100, discountPercent: null, sort: 1 },
  { id: "coins-300", name: "Explorer", amount: 499, coins: 300, discountPercent: 17, sort: 2 },
  { id: "coins-700", name: "Storyteller", amount: 999, coins: 700, discountPercent: 29, sort: 3 },
  { id: "coins-1600", name: "Adventurer", amount: 1999, coins: 1600, discountPercent: 38, sort: 4 },
  { id: "coins-4500", name: "Legend", amount: 4999, coins: 4500, discountPercent: 44, sort: 5 },
  { id: "coins-10000", name: "Mythic", amount: 9999, coins: 10000, discountPercent: 50, sort: 6 },
];

/** Fills a fresh database; safe to run again (existing rows are left as they are). */
export async function seed(db: Db): Promise<void> {
  for (const [key, value] of Object.entries(defaultSysconfig)) {
    await db.insert(sysconfig).values({ key, value, public: true }).onConflictDoNothing();
  }
  await db
    .insert(pricePackages)
    .values(
      defaultPricePackages.map((p) => ({ ...p, backgroundUrl: packagePath(p.id) })),
    )
    .onConflictDoNothing();
  await seedCatalogue(db);
  await db.execute(sql`select 1`);
}
