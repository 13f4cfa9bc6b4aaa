export * from "./client";
export { migrate, migrationsFolder } from "./migrate";
export { seed, defaultSysconfig, defaultPricePackages } from "./seed/index";
export * as schema from "./schema/index";
export * from "./schema/index";
