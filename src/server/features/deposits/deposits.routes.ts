import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createPaymentIntentBodySchema,
  paymentIntentCreatedSchema,
  paymentIntentInfoSchema,
  paymentIntentQuerySchema,
  processDepositBodySchema,
  processDepositResultSchema,
  reconciliationResultSchema,
} from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { paymentLimit } from "../../http/rate-limits";
import { errors } from "../../http/responses";
import * as deposits from "./deposits.service";

/** Card deposits and FitCoin purchases: the intent, the checkout's look-up, booking, reconciliation. */
export const depositRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["deposits"];

  app.post(
    "/api/create-payment-intent",
    {
      config: { ...paymentLimit(ctx), access: "member" },
      schema: {
        tags,
        summary: "Open a card payment: a deposit ($5 to $500) or a FitCoin purchase ($5 to $50)",
        description:
          "Answers the client secret for /checkout?client_secret=... The amount is in dollars; " +
          "purpose defaults to deposit.",
        body: createPaymentIntentBodySchema,
        response: { 200: paymentIntentCreatedSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => deposits.createPaymentIntent(ctx, await request.viewer(), request.body),
  );

  app.get(
    "/api/payments/intent",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's payment behind a client secret, for the checkout page",
        querystring: paymentIntentQuerySchema,
        response: { 200: paymentIntentInfoSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => deposits.checkoutIntent(ctx, await request.viewer(), request.query.client_secret),
  );

  app.post(
    "/api/process-deposit",
    {
      config: { ...paymentLimit(ctx), access: "member" },
      schema: {
        tags,
        summary: "Book a payment the provider reports as succeeded (once, however often it is called)",
        body: processDepositBodySchema,
        response: { 200: processDepositResultSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => deposits.processDeposit(ctx, await request.viewer(), request.body),
  );

  app.post(
    "/api/reconcile-deposits",
    {
      config: { ...paymentLimit(ctx), access: "member" },
      schema: {
        tags,
        summary: "Book the member's card payments of the last 30 days that never reached the wallet",
        response: { 200: reconciliationResultSchema, ...errors(401) },
      },
    },
    async (request) => deposits.reconcileMember(ctx, await request.viewer()),
  );
};
