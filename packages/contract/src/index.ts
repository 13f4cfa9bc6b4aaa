export * from "./envelope";
export * from "./entities";
export * from "./routes";
export * from "./endpoints";
export * from "./constants";
export * from "./story-draft";
export * from "./proof-of-work";
export * from "./safety";
