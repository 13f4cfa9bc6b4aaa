export * from "./provider";
export * from "./purchase";
