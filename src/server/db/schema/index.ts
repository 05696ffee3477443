export * from "./auth";
export * from "./competitions";
export * from "./groups";
export * from "./ledger";
export * from "./money";
export * from "./steps";
export * from "./subscriptions";
export * from "./users";
