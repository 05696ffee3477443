import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyReply, LogController } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../core/schemas/common";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import { openReplica, type Replica } from "./db/replica";
import { createMailer, type Mailer } from "./email/mailer";
import { achievementRoutes } from "./features/achievements/achievements.routes";
import { adminMoneyRoutes } from "./features/admin/admin.routes";
import { paymentFlagRoutes } from "./features/admin/payment-flags.routes";
import { adRoutes } from "./features/ads/ads.routes";
import { auditRoutes } from "./features/audit/audit.routes";
import { authRoutes } from "./features/auth/auth.routes";
import { passkeyRoutes } from "./features/auth/passkeys.routes";
import { twoFactorRoutes } from "./features/auth/two-factor.routes";
import { bankingRoutes } from "./features/banking/banking.routes";
import { chatRoutes } from "./features/chat/chat.routes";
import { competitionRoutes } from "./features/competitions/competitions.routes";
import { fairPlayRoutes } from "./features/competitions/fair-play.routes";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes";
import { depositRoutes } from "./features/deposits/deposits.routes";
import { emailRoutes } from "./features/email/email.routes";
import { financeRoutes } from "./features/finance/finance.routes";
import { groupStandingsRoutes } from "./features/groups/group-standings.routes";
import { groupRoutes } from "./features/groups/groups.routes";
import { helpRoutes } from "./features/help/help.routes";
import { adminMemberRoutes } from "./features/members/admin-member.routes";
import { memberRoutes } from "./features/members/members.routes";
import { profileImageRoutes } from "./features/members/profile-image.routes";
import { notificationRoutes } from "./features/notifications/notifications.routes";
import { unsubscribeRoutes } from "./features/notifications/unsubscribe.routes";
import { offerRoutes } from "./features/rewards/offers.routes";
import { redemptionAdminRoutes } from "./features/rewards/redemption-admin.routes";
import { rewardCardRoutes } from "./features/rewards/reward-cards.routes";
import { rewardRoutes } from "./features/rewards/rewards.routes";
import { safetyRoutes } from "./features/safety/safety.routes";
import { stepSourceRoutes } from "./features/step-sources/step-sources.routes";
import { stepReviewRoutes } from "./features/steps/step-review.routes";
import { stepsRoutes } from "./features/steps/steps.routes";
import { storeRoutes } from "./features/store/store.routes";
import { subscriptionRoutes } from "./features/subscription/subscription.routes";
import { walletRoutes } from "./features/wallet/wallet.routes";
import { createSandboxGiftCardProvider, type GiftCardProvider } from "./gift-cards/provider";
import { createTremendousProvider } from "./gift-cards/tremendous";
import { tremendousWebhookRoutes } from "./gift-cards/tremendous.routes";
import { type Access, declaredAccess, registerAccessGuard } from "./http/access";
import { registerBodyPolicy } from "./http/body-policy";
import {
  registerDocumentedResponses,
  type UndocumentedAnswer,
  watchUndocumentedAnswers,
} from "./http/documented-responses";
import { registerErrorHandler } from "./http/error-handler";
import { clientInlineScriptHashes } from "./http/inline-scripts";
import { loggerOptions } from "./http/logger";
import { DatabaseRateLimitStore } from "./http/rate-limit-store";
import { readinessCheck } from "./http/readiness";
import { registerSecurityHeaders } from "./http/security-headers";
import { registerClient } from "./http/static";
import "./http/types";
import { readWithSession, resolveViewer, type Viewer, type ViewerWith } from "./http/viewer";
import { watchAppState } from "./metrics/app-state";
import { observeRequest } from "./metrics/http";
import { createMetrics } from "./metrics/registry";
import type { PaymentProvider } from "./payments/provider";
import { createSandboxProvider } from "./payments/sandbox";
import { sandboxRoutes } from "./payments/sandbox.routes";
import { createStripeProvider } from "./payments/stripe";
import { stripeWebhookRoutes } from "./payments/stripe.routes";

export type AppDeps = {
  config: Config;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  payments?: PaymentProvider;
  giftCards?: GiftCardProvider;
  /** The read replica (tests open their own); else one is opened when DATABASE_REPLICA_URL is set. */
  replica?: Replica;
  /** Serve the built client from config.clientDir (main.ts does; API tests don't). */
  serveClient?: boolean;
  /** Aborted when the process starts shutting down (main.ts's lifecycle); never, unless given. */
  stopping?: AbortSignal;
  logger?: boolean | object;
  /**
   * Told of every answer whose status its route's OpenAPI entry does not list (the API tests fail
   * on one); not watched when absent.
   */
  onUndocumentedAnswer?: (answer: UndocumentedAnswer) => void;
};

export type App = FastifyInstance & {
  ctx: AppContext;
  /**
   * Every route as registered (method, URL pattern, who may call it: null for routes outside the
   * API, and whether it has a rate limit of its own), for the route-level tests.
   */
  routes: { method: string; url: string; access: Access | null; rateLimited: boolean }[];
};

export async function buildApp(deps: AppDeps): Promise<App> {
  const { config, db } = deps;
  const app = Fastify({
    // Tokens in query strings (reset links, checkout ids) stay out of the logs.
    logger: deps.logger ?? loggerOptions(config.logLevel),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    requestIdHeader: "x-request-id",
    // One log line per request (below), not Fastify's two (incoming, completed).
    logController: new LogController({ disableRequestLogging: true }),
    // Malformed URLs and the like answer in the one error shape too.
    frameworkErrors: (_error, _request, reply) => {
      (reply as FastifyReply).code(400).send({ message: "Malformed request", code: "VALIDATION_ERROR" });
    },
  }).withTypeProvider<ZodTypeProvider>();
  const routes: App["routes"] = [];
  app.addHook("onRoute", (route) => {
    const access = declaredAccess(route);
    const rateLimited = Boolean(route.config?.rateLimit);
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access, rateLimited });
  });
  const metrics = createMetrics();
  app.addHook("onResponse", async (request, reply) => {
    observeRequest(metrics, request, reply);
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  });
  // Before the routes: each route's entry lists the answers its declaration makes possible.
  registerDocumentedResponses(app, declaredAccess);
  if (deps.onUndocumentedAnswer) watchUndocumentedAnswers(app, deps.onUndocumentedAnswer);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const clock = deps.clock ?? systemClock;
  const replica =
    deps.replica ??
    (config.databaseReplicaUrl
      ? openReplica({
          url: config.databaseReplicaUrl,
          primary: db,
          maxLagMs: config.replicaMaxLagMs,
          poolSize: config.databasePoolSize,
          log: app.log,
        })
      : undefined);
  // Closed with the app, after its requests in flight (whatever shuts the process down closes the app).
  if (replica) app.addHook("onClose", () => replica.close());
  const ctx: AppContext = {
    db,
    staleOkDb: replica?.db ?? db,
    replica,
    clock,
    config,
    log: app.log,
    metrics,
    stopping: deps.stopping ?? new AbortController().signal,
    mailer:
      deps.mailer ??
      createMailer({
        db,
        smtpUrl: config.smtpUrl,
        from: config.mailFrom,
        log: app.log,
        footer: { appUrl: config.appUrl, supportEmail: config.supportEmail },
      }),
    payments:
      deps.payments ??
      (config.stripe
        ? await createStripeProvider(config.stripe, db, clock)
        : createSandboxProvider(db, clock)),
    giftCards:
      deps.giftCards ??
      (config.giftCards.provider === "tremendous"
        ? await createTremendousProvider(config.giftCards)
        : createSandboxGiftCardProvider()),
  };

  // First, so that every answer carries them, refusals by the hooks below included.
  registerSecurityHeaders(app, {
    hsts: config.secureCookies,
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        // The built page's own inline scripts, by hash (none when the client is not served).
        "script-src": [
          "'self'",
          "https://js.stripe.com",
          ...(deps.serveClient ? clientInlineScriptHashes(config.clientDir) : []),
        ],
        "frame-src": ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
        "connect-src": ["'self'", "https://api.stripe.com"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
        "upgrade-insecure-requests": config.secureCookies ? [] : null,
      },
    },
  });
  registerErrorHandler(app);
  registerBodyPolicy(app, () => (config.publicUrl ? [new URL(config.publicUrl).origin] : []));
  await app.register(cookie, { secret: config.sessionSecret });
  const clockForLimits = clock;
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so every process behind a load balancer counts the same attempts.
    store: class extends DatabaseRateLimitStore {
      constructor() {
        super(db, clockForLimits);
      }
    },
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      code: "RATE_LIMITED",
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: "StepRace API",
        version: "0.1.0",
        description: "Step competitions, wallet and rewards.",
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  const cookieOptions = { secure: config.secureCookies };
  app.decorateRequest("viewerPromise", null);
  app.decorateRequest("viewer", async (): Promise<Viewer> => ({ state: "anonymous" }));
  app.decorateRequest("viewerWith", null as unknown as ViewerWith);
  app.addHook("onRequest", async (request, reply) => {
    request.viewer = () => {
      request.viewerPromise ??= resolveViewer(db, clock, request, reply, cookieOptions);
      return request.viewerPromise;
    };
    request.viewerWith = (read) => readWithSession({ db, clock, request, reply, cookieOptions }, read);
  });
  registerAccessGuard(app, { adminRequire2fa: config.adminRequire2fa });

  app.get(
    "/api/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Liveness: answers once the database is migrated and reachable",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => {
      await db.execute(sql`select 1`);
      return { status: "ok" as const };
    },
  );
  const readiness = readinessCheck(db, ctx.stopping, app.log);
  app.get(
    "/api/health/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["health"],
        summary: "Readiness: whether a load balancer should send this process requests",
        description:
          "200 when the database answers, every committed migration is applied and the process is not " +
          "shutting down (from SIGTERM on it answers 503 while it finishes the requests in flight); " +
          "otherwise 503 NOT_READY with the reason. GET /api/health stays the liveness check.",
        response: { 200: z.object({ status: z.literal("ready") }), 503: errorSchema },
      },
    },
    async (_request, reply) => {
      const answer = await readiness();
      if (answer.ready) return { status: "ready" as const };
      return reply.code(503).send({ message: answer.reason, code: "NOT_READY" });
    },
  );

  await app.register(authRoutes, { ctx });
  await app.register(passkeyRoutes, { ctx });
  await app.register(twoFactorRoutes, { ctx });
  await app.register(subscriptionRoutes, { ctx });
  await app.register(walletRoutes, { ctx });
  await app.register(depositRoutes, { ctx });
  await app.register(bankingRoutes, { ctx });
  await app.register(adminMoneyRoutes, { ctx });
  await app.register(paymentFlagRoutes, { ctx });
  await app.register(financeRoutes, { ctx });
  await app.register(stepsRoutes, { ctx });
  await app.register(stepReviewRoutes, { ctx });
  await app.register(stepSourceRoutes, { ctx });
  await app.register(dashboardRoutes, { ctx });
  await app.register(competitionRoutes, { ctx });
  await app.register(fairPlayRoutes, { ctx });
  await app.register(groupRoutes, { ctx });
  await app.register(groupStandingsRoutes, { ctx });
  await app.register(chatRoutes, { ctx });
  await app.register(rewardRoutes, { ctx });
  await app.register(redemptionAdminRoutes, { ctx });
  await app.register(offerRoutes, { ctx });
  await app.register(rewardCardRoutes, { ctx });
  await app.register(achievementRoutes, { ctx });
  await app.register(emailRoutes, { ctx });
  await app.register(safetyRoutes, { ctx });
  await app.register(memberRoutes, { ctx });
  await app.register(adminMemberRoutes, { ctx });
  await app.register(profileImageRoutes, { ctx });
  await app.register(storeRoutes, { ctx });
  await app.register(adRoutes, { ctx });
  await app.register(auditRoutes, { ctx });
  await app.register(helpRoutes, { ctx });
  await app.register(notificationRoutes, { ctx });
  await app.register(unsubscribeRoutes, { ctx });
  if (ctx.payments.name === "sandbox") await app.register(sandboxRoutes, { ctx });
  else await app.register(stripeWebhookRoutes, { ctx });
  const giftCardWebhooks = ctx.giftCards.webhooks;
  if (giftCardWebhooks) {
    if (!giftCardWebhooks.secret) {
      app.log.warn(
        "TREMENDOUS_WEBHOOK_SECRET is not set: Tremendous webhooks are refused (503); the polling job alone " +
          "learns of deliveries, every GIFT_CARD_POLL_MS",
      );
    }
    await app.register(tremendousWebhookRoutes, { ctx, webhooks: giftCardWebhooks });
  }

  if (deps.serveClient) await registerClient(app, config.clientDir);

  // The settlement backlog, the queues and the replica, read when the metrics are scraped.
  watchAppState(ctx);
  const built = app as unknown as App;
  built.ctx = ctx;
  built.routes = routes;
  app.addHook("onClose", () => ctx.mailer.close());
  return built;
}
