import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { CONVERSION_MIN_CENTS } from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import { dollarAmount, transactionSchema } from "../../../core/schemas/wallet";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as wallet from "./wallet.service";

export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["wallet"];

  app.get(
    "/api/wallet/balance",
    {
      schema: {
        tags,
        summary: "The member's dollar wallet balance",
        response: { 200: z.object({ balance: z.string() }), ...errors(401) },
      },
    },
    async (request) => ({ balance: formatMinor((await wallet.balances(ctx, await request.viewer())).usd) }),
  );

  app.get(
    "/api/fitcoin/balance",
    {
      schema: {
        tags,
        summary: "The member's FitCoins and gift-card redemptions",
        response: {
          200: z.object({
            balance: z.number(),
            redemptions: z.array(z.object({ id: z.number() }).passthrough()),
          }),
          ...errors(401),
        },
      },
    },
    async (request) => ({
      balance: (await wallet.balances(ctx, await request.viewer())).fc / 100,
      // Gift-card redemptions come with the rewards feature.
      redemptions: [],
    }),
  );

  app.get(
    "/api/transactions",
    {
      schema: {
        tags,
        summary: "The member's transactions, newest first (100 at most)",
        response: { 200: z.array(transactionSchema), ...errors(401) },
      },
    },
    async (request) => wallet.history(ctx, await request.viewer()),
  );

  app.get(
    "/api/transactions/recent",
    {
      schema: {
        tags,
        summary: "The member's three newest transactions",
        response: { 200: z.array(transactionSchema.extend({ timestamp: z.string() })), ...errors(401) },
      },
    },
    async (request) =>
      (await wallet.history(ctx, await request.viewer(), true)).map((t) => ({
        ...t,
        timestamp: t.createdAt,
      })),
  );

  app.post(
    "/api/fitcoin/purchase",
    {
      schema: {
        tags,
        summary: "Convert wallet dollars to FitCoins (15% platform fee)",
        body: z.object({
          amount: dollarAmount({
            min: CONVERSION_MIN_CENTS,
            minMessage: "Amount must be at least $1",
            max: 10_000_000,
          }),
        }),
        response: {
          200: z.object({
            message: z.string(),
            fitcoins: z.number(),
            fee: z.string(),
            balance: z.string(),
            fitcoinBalance: z.number(),
          }),
          ...errors(400, 401, 403, 422),
        },
      },
    },
    async (request) => wallet.convertToFitcoins(ctx, await request.viewer(), request.body.amount),
  );
};
