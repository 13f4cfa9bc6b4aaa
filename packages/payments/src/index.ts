export * from "./provider";
