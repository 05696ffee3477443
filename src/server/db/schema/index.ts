export * from "./auth";
export * from "./ledger";
export * from "./subscriptions";
export * from "./users";
