import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";

describe("configuration", () => {
  it("defaults to an embedded database, sandbox payments and the outbox", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: "./data", databaseUrl: undefined, stripe: undefined });
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: "8" }).databasePoolSize).toBe(8);
  });

  it("requires PUBLIC_URL and SESSION_SECRET in production", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/PUBLIC_URL, SESSION_SECRET must be set/);
    const c = loadConfig({
      NODE_ENV: "production",
      PUBLIC_URL: "https://steprace.example/",
      SESSION_SECRET: "a-long-enough-secret",
    });
    expect(c.appUrl).toBe("https://steprace.example");
    expect(c.secureCookies).toBe(true);
  });

  it("requires the Stripe webhook secret and publishable key in production when Stripe is on", () => {
    const base = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://s.example",
      SESSION_SECRET: "a-long-enough-secret",
    };
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_live_x" })).toThrow(
      /STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY must be set/,
    );
    const c = loadConfig({
      ...base,
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    });
    expect(c.stripe?.publishableKey).toBe("pk_live_x");
  });

  it("names every invalid setting", () => {
    expect(() => loadConfig({ PORT: "not-a-port", PUBLIC_URL: "nope" })).toThrow(/PORT[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
