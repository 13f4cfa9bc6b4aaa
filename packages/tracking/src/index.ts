export * from "./optOut";
