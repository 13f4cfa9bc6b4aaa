export * from "./envelope";
export * from "./entities";
export * from "./endpoints";
export * from "./constants";
