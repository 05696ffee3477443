import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { PoolMode } from "./db/client";

/**
 * Tremendous's two API servers, as its SDK names them (`Environments`; config.test.ts checks they
 * still match). Written here so that reading the settings does not load the SDK at every start.
 */
export const WITHINGS_ENDPOINTS = {
  api: "https://wbsapi.withings.net",
  account: "https://account.withings.com",
};

export const TREMENDOUS_ENVIRONMENTS = {
  production: "https://api.tremendous.com/api/v2",
  testflight: "https://testflight.tremendous.com/api/v2",
} as const;

const bool = z
  .enum(["0", "1", "true", "false", ""])
  .optional()
  .transform((v) => v === "1" || v === "true");

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  /** A streaming replica of DATABASE_URL for the reads that may be a second stale (issue 31). */
  DATABASE_REPLICA_URL: z.string().optional(),
  /** Past this lag (or when it does not answer) those reads go to the primary. */
  REPLICA_MAX_LAG_MS: z.coerce.number().int().min(1).default(5000),
  /** How DATABASE_URL reaches PostgreSQL: directly or a session pooler, or a transaction pooler. */
  DATABASE_POOL_MODE: z.enum(["session", "transaction"]).default("session"),
  /** PostgreSQL itself, bypassing the pooler: for what needs a server session (migrations). */
  DATABASE_DIRECT_URL: z.string().optional(),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("StepRace <no-reply@steprace.local>"),
  /** Where members write for help: the Help page and the footer of every email. */
  SUPPORT_EMAIL: z.email().default("support@steprace.local"),
  /** The Terms and Privacy texts, plain text files the operator replaces (read on each request). */
  TERMS_FILE: z.string().min(1).default("content/terms.md"),
  PRIVACY_FILE: z.string().min(1).default("content/privacy.md"),
  DEMO: z.enum(["0", "1"]).optional(),
  JOB_TICK_MS: z.coerce.number().int().min(100).default(5000),
  /** How long a stopping process waits for its requests in flight and its jobs' current items (at most 10 min). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  SETTLEMENT_GRACE_SECONDS: z.coerce.number().int().min(0).default(600),
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  PAYMENT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Ad views and clicks a member may report a minute (a slot shows a new ad every 10 s). */
  AD_EVENT_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  /** Chat messages a member may post a minute, across every room. */
  CHAT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
  /** Invitation emails a member may send an hour, and in a day. */
  INVITE_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  INVITE_EMAIL_DAILY_CAP: z.coerce.number().int().min(1).default(30),
  /** Times a member may turn Web Push on (or renew it) a minute. */
  PUSH_SUBSCRIBE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Web Push identity (both keys, or neither: then a pair is made once and kept in the database). */
  VAPID_PUBLIC_KEY: z.string().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().min(1).optional(),
  /** Who push services may contact about this sender: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, "must be a mailto: or https: URL")
    .optional(),
  /** Tests only: accept http push endpoints on local and private addresses. */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Prometheus metrics on a listener of their own; unset (or empty): none. */
  METRICS_PORT: z.union([z.literal(""), z.coerce.number().int().min(1).max(65535)]).optional(),
  /** Loopback unless told: the metrics are for the operator's Prometheus, not the public. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  SECURE_COOKIES: bool,
  /** Unset: on in production, off otherwise (so the demo's admin works at once). */
  ADMIN_REQUIRE_2FA: z.enum(["0", "1", "true", "false"]).optional(),
  TRUST_PROXY: bool,
  /** A public demo in production on the built-in sandboxes (pretend money), said out loud. */
  ALLOW_SANDBOX_IN_PRODUCTION: bool,
  /** Who issues gift cards: the built-in sandbox (codes that buy nothing) or Tremendous. */
  GIFT_CARD_PROVIDER: z.enum(["sandbox", "tremendous"]).default("sandbox"),
  TREMENDOUS_API_KEY: z.string().optional(),
  /** Tremendous's production API unless told (its sandbox: https://testflight.tremendous.com/api/v2). */
  TREMENDOUS_API_URL: z.string().url().default(TREMENDOUS_ENVIRONMENTS.production),
  TREMENDOUS_FUNDING_SOURCE_ID: z.string().optional(),
  /** The campaign whose products a card without its own provider product offers. */
  TREMENDOUS_CAMPAIGN_ID: z.string().optional(),
  TREMENDOUS_WEBHOOK_SECRET: z.string().optional(),
  /** How often an order the provider has not delivered yet is asked about (when no webhook came). */
  GIFT_CARD_POLL_MS: z.coerce.number().int().min(1000).default(60_000),
  /** Withings (issue 33): all three, or the Connect Withings button is absent. */
  WITHINGS_CLIENT_ID: z.string().optional(),
  WITHINGS_CLIENT_SECRET: z.string().optional(),
  /** Withings' API (tests: a local fake that follows its documented API). */
  WITHINGS_API_URL: z.string().url().default(WITHINGS_ENDPOINTS.api),
  /** Where members consent (Withings' account site, or the fake's). */
  WITHINGS_ACCOUNT_URL: z.string().url().default(WITHINGS_ENDPOINTS.account),
  /** Encrypts the step sources' tokens at rest (AES-256-GCM): 32 bytes, base64 or 64 hex digits. */
  STEP_SOURCE_KEY: z
    .string()
    .refine((v) => stepSourceKeyBytes(v) !== null, "must be 32 bytes, as base64 or 64 hex digits")
    .optional(),
});

/** A 32-byte key from base64 or hex, or null. */
export function stepSourceKeyBytes(value: string): Buffer | null {
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, "hex") : Buffer.from(value, "base64");
  return bytes.length === 32 ? bytes : null;
}

type Env = z.infer<typeof envSchema>;

/**
 * TREMENDOUS_API_URL as the SDK will use it: without trailing slashes, scheme and host in lower case
 * (the URL parser's), and Tremendous's own hosts spelled exactly as the SDK names them, so that
 * `HTTPS://API.Tremendous.com/api/v2/` counts as the production API.
 */
export function tremendousApiUrl(raw: string): string {
  const url = new URL(raw);
  const path = url.pathname.replace(/\/+$/, "");
  const normalized = `${url.protocol}//${url.host}${path}${url.search}`;
  const known = [TREMENDOUS_ENVIRONMENTS.production, TREMENDOUS_ENVIRONMENTS.testflight].find(
    (env) => env.toLowerCase() === normalized.toLowerCase(),
  );
  return known ?? normalized;
}

/**
 * DESIGN 1, production: what would run on pretend money. The sandbox checkout accepts Stripe's
 * test card 4242 4242 4242 4242, and so does Stripe itself with a test-mode key: either would
 * credit wallets with money nobody paid. Gift cards: the built-in sandbox provider makes codes that
 * buy nothing; GIFT_CARD_PROVIDER=tremendous orders real cards only from Tremendous's production API
 * (any other URL, its testflight sandbox included, is refused) with a production key (its sandbox
 * keys start with TEST_).
 */
function sandboxesInUse(e: Env): string[] {
  const stripeKeys = "set STRIPE_SECRET_KEY (a live key), STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY";
  const payments = !e.STRIPE_SECRET_KEY
    ? `payments would use the built-in sandbox, where card 4242 4242 4242 4242 creates wallet money: ${stripeKeys}`
    : !/^(sk|rk)_live_/.test(e.STRIPE_SECRET_KEY)
      ? `payments would use Stripe's test mode (STRIPE_SECRET_KEY is not a live key, sk_live_ or rk_live_), where card 4242 4242 4242 4242 creates wallet money: ${stripeKeys}`
      : e.STRIPE_API_URL
        ? `payments would go to STRIPE_API_URL (${e.STRIPE_API_URL}) instead of Stripe, which may accept any card: unset STRIPE_API_URL`
        : null;
  const giftCards =
    e.GIFT_CARD_PROVIDER === "sandbox"
      ? "gift cards would use the built-in sandbox provider, whose codes buy nothing: set GIFT_CARD_PROVIDER=tremendous with its TREMENDOUS_* settings"
      : tremendousApiUrl(e.TREMENDOUS_API_URL) !== TREMENDOUS_ENVIRONMENTS.production
        ? `gift cards would be ordered from TREMENDOUS_API_URL (${e.TREMENDOUS_API_URL}) instead of Tremendous's production API (${TREMENDOUS_ENVIRONMENTS.production}), e.g. its testflight sandbox whose cards buy nothing: unset TREMENDOUS_API_URL`
        : e.TREMENDOUS_API_KEY?.startsWith("TEST_")
          ? "gift cards would be ordered with a Tremendous sandbox key (TREMENDOUS_API_KEY starts with TEST_), whose cards buy nothing: set a production API key"
          : null;
  return [payments, giftCards].filter((line): line is string => line !== null);
}

/** The pooler settings mean something only with DATABASE_URL (PGlite has no pooler). */
function databaseProblems(e: Env): string[] {
  if (e.DATABASE_URL) return [];
  return [
    e.DATABASE_DIRECT_URL && "DATABASE_DIRECT_URL is set without DATABASE_URL: set both, or neither",
    e.DATABASE_POOL_MODE === "transaction" &&
      "DATABASE_POOL_MODE=transaction needs DATABASE_URL (the pooler's address)",
  ].filter((line): line is string => Boolean(line));
}

export type TremendousConfig = {
  apiKey: string;
  apiUrl: string;
  fundingSourceId: string;
  campaignId?: string;
  webhookSecret?: string;
};
export type GiftCardConfig = { provider: "sandbox" } | ({ provider: "tremendous" } & TremendousConfig);

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL per process. */
  databasePoolSize: number;
  /** A streaming replica of databaseUrl: stale-ok reads go there while it keeps up (db/replica.ts). */
  databaseReplicaUrl?: string;
  replicaMaxLagMs: number;
  /** `transaction`: DATABASE_URL is a transaction pooler (no named statements through it). */
  databasePoolMode: PoolMode;
  /** Where migrations connect, when not through DATABASE_URL. */
  databaseDirectUrl?: string;
  publicUrl?: string;
  /** Origin of links in emails: PUBLIC_URL, else this machine (never a request's Host header). */
  appUrl: string;
  sessionSecret: string;
  stripe?: { secretKey: string; webhookSecret?: string; apiUrl?: string; publishableKey?: string };
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /** Paths of the legal texts, relative to the working directory unless absolute. */
  legalFiles: { terms: string; privacy: string };
  demo: boolean | undefined;
  jobTickMs: number;
  /** SIGTERM: how long requests in flight may take to finish before the process exits anyway (code 1). */
  shutdownGraceMs: number;
  /** DESIGN 1: how long after a competition's end late syncs still count before it is settled. */
  settlementGraceMs: number;
  authRateLimit: number;
  paymentRateLimit: number;
  adEventRateLimit: number;
  chatRateLimit: number;
  inviteEmailRateLimit: number;
  inviteEmailDailyCap: number;
  pushSubscribeRateLimit: number;
  logLevel: string;
  /** Where GET /metrics answers (never the app's port); no port: no metrics listener. */
  metricsPort?: number;
  metricsHost: string;
  secureCookies: boolean;
  /** Admin API calls need the admin to have two-factor sign-in on (403 TWO_FACTOR_REQUIRED). */
  adminRequire2fa: boolean;
  /** Behind a reverse proxy: take the client address and protocol from X-Forwarded-* headers. */
  trustProxy: boolean;
  /** Who issues gift cards (DESIGN 1, gift-card fulfilment). */
  giftCards: GiftCardConfig;
  /** How long an undelivered provider order waits before it is asked about again. */
  giftCardPollMs: number;
  /** Production on the built-in sandboxes, allowed for a public demo (ALLOW_SANDBOX_IN_PRODUCTION). */
  allowSandboxInProduction: boolean;
  clientDir: string;
  vapid: { publicKey?: string; privateKey?: string; subject: string };
  /** PUSH_ALLOW_PRIVATE_ENDPOINTS: tests may subscribe local http endpoints. */
  pushAllowPrivateEndpoints: boolean;
  /** Withings step imports (issue 33); absent without its client, secret and STEP_SOURCE_KEY. */
  withings?: { clientId: string; clientSecret: string; apiUrl: string; accountUrl: string; key: Buffer };
};

/** Reads the environment once; invalid settings stop the process with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new Error(
      "Invalid configuration:\n  VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together, or neither",
    );
  }
  if (e.DATABASE_REPLICA_URL && !e.DATABASE_URL) {
    // The embedded database has no replica: reads would go to a server that copies another one.
    throw new Error(
      "Invalid configuration:\n  DATABASE_REPLICA_URL needs DATABASE_URL (the primary it copies)",
    );
  }
  if (e.METRICS_PORT === e.PORT) {
    // The public port must never answer the metrics.
    throw new Error(`Invalid configuration:\n  METRICS_PORT must differ from PORT (${e.PORT})`);
  }
  const database = databaseProblems(e);
  if (database.length) throw new Error(`Invalid configuration:\n${database.map((p) => `  ${p}`).join("\n")}`);
  if (e.GIFT_CARD_PROVIDER === "tremendous") {
    // Without them no order could be placed: every redemption would wait for nothing.
    const missing = [
      !e.TREMENDOUS_API_KEY && "TREMENDOUS_API_KEY",
      !e.TREMENDOUS_FUNDING_SOURCE_ID && "TREMENDOUS_FUNDING_SOURCE_ID",
    ].filter(Boolean);
    if (missing.length)
      throw new Error(
        `Invalid configuration:\n  ${missing.join(", ")} must be set with GIFT_CARD_PROVIDER=tremendous`,
      );
  }
  if (e.NODE_ENV === "production") {
    // Emailed links must not come from request headers, and several processes must share one secret.
    // With Stripe, payments need the webhook (to book them) and the publishable key (to pay at all).
    const stripe = e.STRIPE_SECRET_KEY
      ? [
          !e.STRIPE_WEBHOOK_SECRET && "STRIPE_WEBHOOK_SECRET",
          !e.STRIPE_PUBLISHABLE_KEY && "STRIPE_PUBLISHABLE_KEY",
        ]
      : [];
    const missing = [!e.PUBLIC_URL && "PUBLIC_URL", !e.SESSION_SECRET && "SESSION_SECRET", ...stripe].filter(
      Boolean,
    );
    const problems = missing.length ? [`${missing.join(", ")} must be set in production`] : [];
    // It would let a member's push subscription make the server call into its own network.
    if (e.PUSH_ALLOW_PRIVATE_ENDPOINTS)
      problems.push("PUSH_ALLOW_PRIVATE_ENDPOINTS is for tests: unset it in production");
    const sandboxes = e.ALLOW_SANDBOX_IN_PRODUCTION ? [] : sandboxesInUse(e);
    if (sandboxes.length) {
      problems.push(
        "refusing to run production on pretend money:",
        ...sandboxes.map((line) => `  - ${line}`),
        "  For a public demo on pretend money, set ALLOW_SANDBOX_IN_PRODUCTION=1.",
      );
    }
    if (problems.length)
      throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicaUrl: e.DATABASE_REPLICA_URL || undefined,
    replicaMaxLagMs: e.REPLICA_MAX_LAG_MS,
    databasePoolMode: e.DATABASE_POOL_MODE,
    databaseDirectUrl: e.DATABASE_DIRECT_URL || undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ""),
    appUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString("hex"),
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiUrl: e.STRIPE_API_URL,
          // The browser's key for Stripe.js and the Payment Element on the deposit checkout.
          publishableKey: e.STRIPE_PUBLISHABLE_KEY || undefined,
        }
      : undefined,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    legalFiles: { terms: e.TERMS_FILE, privacy: e.PRIVACY_FILE },
    demo: e.DEMO === undefined ? undefined : e.DEMO === "1",
    jobTickMs: e.JOB_TICK_MS,
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    settlementGraceMs: e.SETTLEMENT_GRACE_SECONDS * 1000,
    authRateLimit: e.AUTH_RATE_LIMIT,
    paymentRateLimit: e.PAYMENT_RATE_LIMIT,
    adEventRateLimit: e.AD_EVENT_RATE_LIMIT,
    chatRateLimit: e.CHAT_RATE_LIMIT,
    inviteEmailRateLimit: e.INVITE_EMAIL_RATE_LIMIT,
    inviteEmailDailyCap: e.INVITE_EMAIL_DAILY_CAP,
    pushSubscribeRateLimit: e.PUSH_SUBSCRIBE_RATE_LIMIT,
    logLevel: e.LOG_LEVEL,
    metricsPort: e.METRICS_PORT === "" ? undefined : e.METRICS_PORT,
    metricsHost: e.METRICS_HOST,
    secureCookies:
      e.SECURE_COOKIES || e.NODE_ENV === "production" || Boolean(e.PUBLIC_URL?.startsWith("https://")),
    trustProxy: e.TRUST_PROXY,
    adminRequire2fa:
      e.ADMIN_REQUIRE_2FA === undefined
        ? e.NODE_ENV === "production"
        : e.ADMIN_REQUIRE_2FA === "1" || e.ADMIN_REQUIRE_2FA === "true",
    allowSandboxInProduction: e.ALLOW_SANDBOX_IN_PRODUCTION,
    giftCards:
      e.GIFT_CARD_PROVIDER === "tremendous"
        ? {
            provider: "tremendous",
            apiKey: e.TREMENDOUS_API_KEY as string,
            apiUrl: tremendousApiUrl(e.TREMENDOUS_API_URL),
            fundingSourceId: e.TREMENDOUS_FUNDING_SOURCE_ID as string,
            campaignId: e.TREMENDOUS_CAMPAIGN_ID || undefined,
            webhookSecret: e.TREMENDOUS_WEBHOOK_SECRET || undefined,
          }
        : { provider: "sandbox" },
    giftCardPollMs: e.GIFT_CARD_POLL_MS,
    clientDir: "dist/client",
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:${e.SUPPORT_EMAIL}`,
    },
    pushAllowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
    withings:
      e.WITHINGS_CLIENT_ID && e.WITHINGS_CLIENT_SECRET && e.STEP_SOURCE_KEY
        ? {
            clientId: e.WITHINGS_CLIENT_ID,
            clientSecret: e.WITHINGS_CLIENT_SECRET,
            apiUrl: e.WITHINGS_API_URL.replace(/\/+$/, ""),
            accountUrl: e.WITHINGS_ACCOUNT_URL.replace(/\/+$/, ""),
            key: stepSourceKeyBytes(e.STEP_SOURCE_KEY) as Buffer,
          }
        : undefined,
  };
}
