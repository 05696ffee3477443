export * from "./auth";
export * from "./subscriptions";
export * from "./users";
