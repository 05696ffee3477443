import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  giftCardOfferSchema,
  giftCardSchema,
  pointsRedemptionSchema,
  pointsSummarySchema,
  pointTransactionSchema,
  redeemFitcoinsBodySchema,
  redeemFitcoinsResultSchema,
  redeemPointsBodySchema,
  redeemPointsResultSchema,
} from "../../../core/schemas/rewards";
import {
  pointTransactionPageQuerySchema,
  pointTransactionPageSchema,
} from "../../../core/schemas/statements";
import type { AppContext } from "../../context";
import { idempotencyHeaders } from "../../http/idempotency";
import { errors } from "../../http/responses";
import * as points from "./points.service";
import * as rewards from "./rewards.service";

/** Points, gift cards, FitCoin redemption and gift-card offers (specification 3 section 7). */
export const rewardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["rewards"];

  app.get(
    "/api/points/summary",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's points: available, earned and spent in all, current streaks",
        response: { 200: pointsSummarySchema, ...errors(401) },
      },
    },
    async (request) => points.summary(ctx, await request.viewer()),
  );

  app.get(
    "/api/points/transactions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's point history, newest first (100 at most)",
        response: { 200: z.array(pointTransactionSchema), ...errors(401) },
      },
    },
    async (request) => points.transactions(ctx, await request.viewer()),
  );

  app.get(
    "/api/points/transactions/page",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's point history, newest first, a page at a time",
        description:
          "Pass the answer's `nextCursor` as `cursor` for the older lines (null on the last page). " +
          "GET /api/points/transactions stays the bare list of the newest 100.",
        querystring: pointTransactionPageQuerySchema,
        response: { 200: pointTransactionPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => points.transactionsPage(ctx, await request.viewer(), request.query),
  );

  app.get(
    "/api/rewards/gift-cards",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The gift cards points buy",
        response: { 200: z.array(giftCardSchema), ...errors(401) },
      },
    },
    async (request) => rewards.giftCards(ctx, await request.viewer()),
  );

  app.get(
    "/api/rewards/history",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's points redemptions, newest first, with their codes",
        response: { 200: z.array(pointsRedemptionSchema), ...errors(401) },
      },
    },
    async (request) => rewards.pointsHistory(ctx, await request.viewer()),
  );

  app.post(
    "/api/rewards/redeem",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Redeem points for a gift card; the code is emailed to the delivery address",
        headers: idempotencyHeaders,
        body: redeemPointsBodySchema,
        response: { 200: redeemPointsResultSchema, ...errors(400, 401, 404, 422, 502) },
      },
    },
    async (request) =>
      rewards.redeemPoints(ctx, await request.viewer(), request.body, request.headers["idempotency-key"]),
  );

  app.get(
    "/api/fitcoin/gift-card-offer",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The Gift Card of the Month (null when none is active)",
        response: { 200: giftCardOfferSchema.nullable(), ...errors(401) },
      },
    },
    async (request) => rewards.currentOffer(ctx, await request.viewer()),
  );

  app.post(
    "/api/fitcoin/redeem",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Redeem FitCoins for the Gift Card of the Month ($50 or $100); the code is emailed",
        headers: idempotencyHeaders,
        body: redeemFitcoinsBodySchema,
        response: { 200: redeemFitcoinsResultSchema, ...errors(400, 401, 404, 409, 422, 502) },
      },
    },
    async (request) =>
      rewards.redeemFitcoins(ctx, await request.viewer(), request.body, request.headers["idempotency-key"]),
  );
};
