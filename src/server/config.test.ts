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
      ALLOW_SANDBOX_IN_PRODUCTION: "1",
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
      ALLOW_SANDBOX_IN_PRODUCTION: "1",
    });
    expect(c.stripe?.publishableKey).toBe("pk_live_x");
  });

  describe("production never runs on pretend money (issue 21)", () => {
    const base = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://s.example",
      SESSION_SECRET: "a-long-enough-secret",
    };
    const live = {
      STRIPE_SECRET_KEY: "sk_live_x",
      STRIPE_WEBHOOK_SECRET: "whsec_x",
      STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    };
    const message = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return "";
    };

    it("refuses the sandbox checkout and names every setting to give", () => {
      const text = message(base);
      expect(text).toMatch(/refusing to run production on pretend money/);
      expect(text).toMatch(/payments would use the built-in sandbox/);
      for (const setting of [
        "STRIPE_SECRET_KEY",
        "STRIPE_WEBHOOK_SECRET",
        "STRIPE_PUBLISHABLE_KEY",
        "GIFT_CARD_PROVIDER",
        "ALLOW_SANDBOX_IN_PRODUCTION=1",
      ]) {
        expect(text).toContain(setting);
      }
    });

    it("refuses a Stripe test-mode key, where 4242 succeeds too", () => {
      const text = message({ ...base, ...live, STRIPE_SECRET_KEY: "sk_test_x" });
      expect(text).toMatch(/Stripe's test mode/);
      expect(message({ ...base, ...live, STRIPE_SECRET_KEY: "rk_test_x" })).toMatch(/Stripe's test mode/);
      // Anything but a live key: a mistyped or pasted key is not taken for a live one.
      expect(message({ ...base, ...live, STRIPE_SECRET_KEY: "sk_x" })).toMatch(/not a live key/);
    });

    it("refuses live keys sent to another server than Stripe (STRIPE_API_URL)", () => {
      const text = message({ ...base, ...live, STRIPE_API_URL: "http://127.0.0.1:12111" });
      expect(text).toMatch(/payments would go to STRIPE_API_URL/);
      expect(
        message({
          ...base,
          ...live,
          STRIPE_API_URL: "http://127.0.0.1:12111",
          ALLOW_SANDBOX_IN_PRODUCTION: "1",
        }),
      ).toBe("");
    });

    it("refuses the sandbox gift-card provider even with live Stripe keys", () => {
      const text = message({ ...base, ...live });
      expect(text).not.toMatch(/payments would use/);
      expect(text).toMatch(/gift cards would use the built-in sandbox provider/);
      expect(text).toContain("ALLOW_SANDBOX_IN_PRODUCTION=1");
    });

    it("starts a public demo on the sandboxes when ALLOW_SANDBOX_IN_PRODUCTION says so", () => {
      const c = loadConfig({ ...base, ALLOW_SANDBOX_IN_PRODUCTION: "1" });
      expect(c).toMatchObject({ env: "production", stripe: undefined, allowSandboxInProduction: true });
      expect(() => loadConfig({ ...base, ALLOW_SANDBOX_IN_PRODUCTION: "0" })).toThrow(/pretend money/);
    });

    it("lets development and tests use the sandboxes without the setting", () => {
      expect(loadConfig({}).allowSandboxInProduction).toBe(false);
      expect(loadConfig({ NODE_ENV: "test" }).stripe).toBeUndefined();
    });
  });

  it("names every invalid setting", () => {
    expect(() => loadConfig({ PORT: "not-a-port", PUBLIC_URL: "nope" })).toThrow(/PORT[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });
});
