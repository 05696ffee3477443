import { Environments } from "tremendous";
import { describe, expect, it } from "vitest";
import { loadConfig, TREMENDOUS_ENVIRONMENTS } from "./config";

describe("configuration", () => {
  it("defaults to an embedded database, sandbox payments and the outbox", () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, dataDir: "./data", databaseUrl: undefined, stripe: undefined });
    expect(c.appUrl).toBe("http://localhost:3000");
    expect(c.databasePoolSize).toBe(20);
    expect(loadConfig({ DATABASE_POOL_SIZE: "8" }).databasePoolSize).toBe(8);
  });

  it("reaches PostgreSQL directly unless told it is behind a transaction pooler (DATABASE_POOL_MODE)", () => {
    const url = "postgres://app@pooler:6432/steprace";
    expect(loadConfig({ DATABASE_URL: url })).toMatchObject({
      databasePoolMode: "session",
      databaseDirectUrl: undefined,
    });
    const pooled = loadConfig({
      DATABASE_URL: url,
      DATABASE_POOL_MODE: "transaction",
      DATABASE_DIRECT_URL: "postgres://app@db:5432/steprace",
    });
    expect(pooled).toMatchObject({
      databasePoolMode: "transaction",
      databaseDirectUrl: "postgres://app@db:5432/steprace",
    });
    expect(() => loadConfig({ DATABASE_URL: url, DATABASE_POOL_MODE: "statement" })).toThrow(
      /DATABASE_POOL_MODE/,
    );
    // Without DATABASE_URL (PGlite) there is no pooler: said, not ignored.
    expect(() => loadConfig({ DATABASE_POOL_MODE: "transaction" })).toThrow(
      /DATABASE_POOL_MODE=transaction needs DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_DIRECT_URL: "postgres://app@db/steprace" })).toThrow(
      /DATABASE_DIRECT_URL is set without DATABASE_URL/,
    );
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

  it("asks admins for two-factor in production unless ADMIN_REQUIRE_2FA=0, and elsewhere only with it on", () => {
    const production = {
      NODE_ENV: "production",
      PUBLIC_URL: "https://steprace.example/",
      SESSION_SECRET: "a-long-enough-secret",
      ALLOW_SANDBOX_IN_PRODUCTION: "1",
    };
    expect(loadConfig(production).adminRequire2fa).toBe(true);
    expect(loadConfig({ ...production, ADMIN_REQUIRE_2FA: "0" }).adminRequire2fa).toBe(false);
    expect(loadConfig({}).adminRequire2fa).toBe(false);
    expect(loadConfig({ ADMIN_REQUIRE_2FA: "1" }).adminRequire2fa).toBe(true);
    expect(() => loadConfig({ ADMIN_REQUIRE_2FA: "yes" })).toThrow(/ADMIN_REQUIRE_2FA/);
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

    it("starts on live Stripe and Tremendous production; refuses Tremendous's testflight sandbox", () => {
      const tremendous = {
        GIFT_CARD_PROVIDER: "tremendous",
        TREMENDOUS_API_KEY: "PROD_key",
        TREMENDOUS_FUNDING_SOURCE_ID: "balance",
      };
      expect(message({ ...base, ...live, ...tremendous })).toBe("");
      const c = loadConfig({ ...base, ...live, ...tremendous });
      expect(c.giftCards).toMatchObject({
        provider: "tremendous",
        apiUrl: "https://api.tremendous.com/api/v2",
        fundingSourceId: "balance",
      });
      const text = message({
        ...base,
        ...live,
        ...tremendous,
        TREMENDOUS_API_URL: "https://testflight.tremendous.com/api/v2",
      });
      expect(text).toMatch(/testflight sandbox/);
    });

    describe("Tremendous in production", () => {
      const tremendous = {
        GIFT_CARD_PROVIDER: "tremendous",
        TREMENDOUS_API_KEY: "PROD_key",
        TREMENDOUS_FUNDING_SOURCE_ID: "balance",
      };
      const prod = (over: Record<string, string>) => message({ ...base, ...live, ...tremendous, ...over });

      it("takes the production URL however it is spelled (trailing slash, scheme and host case)", () => {
        for (const url of [
          "https://api.tremendous.com/api/v2/",
          "HTTPS://API.Tremendous.com/api/v2",
          "https://api.tremendous.com/api/v2//",
        ]) {
          expect(prod({ TREMENDOUS_API_URL: url }), url).toBe("");
          expect(
            loadConfig({ ...base, ...live, ...tremendous, TREMENDOUS_API_URL: url }).giftCards,
          ).toMatchObject({
            apiUrl: "https://api.tremendous.com/api/v2",
          });
        }
      });

      it("refuses the testflight sandbox however it is spelled, and any other API URL", () => {
        for (const url of [
          "https://testflight.tremendous.com/api/v2/",
          "https://TestFlight.Tremendous.com/api/v2",
          "http://127.0.0.1:4010/api/v2",
          "https://api.tremendous.com.proxy.example/api/v2",
          "http://api.tremendous.com/api/v2",
        ]) {
          const text = prod({ TREMENDOUS_API_URL: url });
          expect(text, url).toMatch(
            /gift cards would be ordered from TREMENDOUS_API_URL .* instead of Tremendous's production API/,
          );
          expect(text).toContain("ALLOW_SANDBOX_IN_PRODUCTION=1");
        }
      });

      it("refuses a sandbox key (TEST_...) even on the production URL", () => {
        expect(prod({ TREMENDOUS_API_KEY: "TEST_abc" })).toMatch(
          /Tremendous sandbox key \(TREMENDOUS_API_KEY starts with TEST_\)/,
        );
      });

      it("starts on the sandbox URL and key for a public demo (ALLOW_SANDBOX_IN_PRODUCTION)", () => {
        const demo = {
          TREMENDOUS_API_URL: "https://testflight.tremendous.com/api/v2/",
          TREMENDOUS_API_KEY: "TEST_abc",
          ALLOW_SANDBOX_IN_PRODUCTION: "1",
        };
        expect(prod(demo)).toBe("");
        expect(loadConfig({ ...base, ...live, ...tremendous, ...demo }).giftCards).toMatchObject({
          apiUrl: "https://testflight.tremendous.com/api/v2",
        });
      });
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

  it("knows Tremendous's servers as its SDK does (the settings name them without loading the SDK)", () => {
    expect(TREMENDOUS_ENVIRONMENTS).toEqual({ ...Environments });
  });

  it("gift cards: the sandbox by default; Tremendous needs its key and funding source", () => {
    expect(loadConfig({}).giftCards).toEqual({ provider: "sandbox" });
    expect(loadConfig({}).giftCardPollMs).toBe(60_000);
    expect(() => loadConfig({ GIFT_CARD_PROVIDER: "tremendous" })).toThrow(
      /TREMENDOUS_API_KEY, TREMENDOUS_FUNDING_SOURCE_ID must be set/,
    );
    expect(() => loadConfig({ GIFT_CARD_PROVIDER: "tremendous", TREMENDOUS_API_KEY: "TEST_x" })).toThrow(
      /TREMENDOUS_FUNDING_SOURCE_ID must be set/,
    );
    const c = loadConfig({
      GIFT_CARD_PROVIDER: "tremendous",
      TREMENDOUS_API_KEY: "TEST_x",
      TREMENDOUS_FUNDING_SOURCE_ID: "balance",
      TREMENDOUS_API_URL: "http://127.0.0.1:9/api/v2/",
      TREMENDOUS_CAMPAIGN_ID: "CAMP1",
      GIFT_CARD_POLL_MS: "5000",
    });
    expect(c.giftCards).toEqual({
      provider: "tremendous",
      apiKey: "TEST_x",
      apiUrl: "http://127.0.0.1:9/api/v2",
      fundingSourceId: "balance",
      campaignId: "CAMP1",
      webhookSecret: undefined,
    });
    expect(c.giftCardPollMs).toBe(5000);
    expect(() => loadConfig({ GIFT_CARD_PROVIDER: "tango" })).toThrow(/GIFT_CARD_PROVIDER/);
    expect(() => loadConfig({ GIFT_CARD_POLL_MS: "10" })).toThrow(/GIFT_CARD_POLL_MS/);
  });

  it("reads a replica only beside DATABASE_URL, with a positive lag limit (issue 31)", () => {
    const primary = "postgres://app@db-primary/steprace";
    const replica = "postgres://app@db-replica/steprace";
    expect(loadConfig({})).toMatchObject({ databaseReplicaUrl: undefined, replicaMaxLagMs: 5000 });
    expect(
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URL: replica, REPLICA_MAX_LAG_MS: "800" }),
    ).toMatchObject({ databaseUrl: primary, databaseReplicaUrl: replica, replicaMaxLagMs: 800 });
    expect(() => loadConfig({ DATABASE_REPLICA_URL: replica })).toThrow(
      /DATABASE_REPLICA_URL needs DATABASE_URL/,
    );
    for (const bad of ["0", "-5", "1.5", "soon"])
      expect(() => loadConfig({ REPLICA_MAX_LAG_MS: bad })).toThrow(/REPLICA_MAX_LAG_MS/);
  });

  it("metrics: no listener unless METRICS_PORT is set, on loopback unless told, never on the app's port", () => {
    expect(loadConfig({})).toMatchObject({ metricsPort: undefined, metricsHost: "127.0.0.1" });
    expect(loadConfig({ METRICS_PORT: "" }).metricsPort).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" })).toMatchObject({
      metricsPort: 9464,
      metricsHost: "10.0.0.5",
    });
    expect(() => loadConfig({ METRICS_PORT: "3000" })).toThrow(/METRICS_PORT must differ from PORT \(3000\)/);
    expect(() => loadConfig({ PORT: "8080", METRICS_PORT: "8080" })).toThrow(/METRICS_PORT must differ/);
    expect(() => loadConfig({ METRICS_PORT: "metrics" })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT/);
  });

  it("names every invalid setting", () => {
    expect(() => loadConfig({ PORT: "not-a-port", PUBLIC_URL: "nope" })).toThrow(/PORT[\s\S]*PUBLIC_URL/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: "0" })).toThrow(/DATABASE_POOL_SIZE/);
  });

  it("gives requests in flight 10 s to finish on SIGTERM unless SHUTDOWN_GRACE_MS says otherwise", () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "2500" }).shutdownGraceMs).toBe(2500);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: "0" }).shutdownGraceMs).toBe(0);
    for (const bad of ["-1", "1.5", "ten", "600001"]) {
      expect(() => loadConfig({ SHUTDOWN_GRACE_MS: bad })).toThrow(/SHUTDOWN_GRACE_MS/);
    }
  });
});
