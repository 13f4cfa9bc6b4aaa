export * from "./client";
export { migrate, migrationsFolder } from "./migrate";
export { seed, defaultSysconfig, defaultPricePackages } from "./seed/index";
export { seedCategories, seedScript, scriptProblems, scriptPath, storiesFolder, coverPath, avatarPath, packagePath } from "./seed/catalogue";
export type { SeedActor, SeedCategory, SeedStory } from "./seed/catalogue";
export * as schema from "./schema/index";
export * from "./schema/index";
