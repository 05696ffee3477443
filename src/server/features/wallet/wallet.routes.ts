import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatMinor } from "../../../core/money";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  dollarsToCents,
  fitcoinBalanceSchema,
  fitcoinConversionBodySchema,
  fitcoinConversionResultSchema,
  recentTransactionSchema,
  transactionReceiptSchema,
  transactionSchema,
  walletBalanceSchema,
} from "../../../core/schemas/money";
import {
  statementQuerySchema,
  transactionPageQuerySchema,
  transactionPageSchema,
} from "../../../core/schemas/statements";
import type { AppContext } from "../../context";
import { idempotencyHeaders } from "../../http/idempotency";
import { errors } from "../../http/responses";
import { transactionReceipt } from "./receipts.service";
import * as wallet from "./wallet.service";

export const walletRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["wallet"];

  app.get(
    "/api/wallet/balance",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's dollar wallet balance",
        response: { 200: walletBalanceSchema, ...errors(401) },
      },
    },
    async (request) => ({ balance: formatMinor((await wallet.balances(ctx, await request.viewer())).usd) }),
  );

  app.get(
    "/api/fitcoin/balance",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's FitCoins and gift-card redemptions",
        response: {
          200: fitcoinBalanceSchema,
          ...errors(401),
        },
      },
    },
    async (request) => wallet.fitcoinBalance(ctx, await request.viewer()),
  );

  app.get(
    "/api/transactions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's transactions, newest first (100 at most)",
        response: { 200: z.array(transactionSchema), ...errors(401) },
      },
    },
    async (request) => wallet.history(ctx, await request.viewer()),
  );

  app.get(
    "/api/transactions/page",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's transactions, newest first, a page at a time",
        description:
          "The first page is the newest `limit` lines (default 50, at most 100); pass the answer's " +
          "`nextCursor` as `cursor` for the older ones (null on the last page). `currency=FC` is the " +
          "FitCoin history. GET /api/transactions stays the bare list of the newest 100.",
        querystring: transactionPageQuerySchema,
        response: { 200: transactionPageSchema, ...errors(400, 401) },
      },
    },
    async (request) => wallet.historyPage(ctx, await request.viewer(), request.query),
  );

  app.get(
    "/api/transactions.csv",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's own statement as CSV, oldest first, streamed",
        description:
          "Columns: Date (<the member's time zone>: ISO 8601 on their clock, with its offset), Type, " +
          "Description, Amount (signed), Currency, Balance after, Source (wallet, points, or card: " +
          "charged to the card, the balance did not move). `from` and `to` are days (YYYY-MM-DD) of " +
          "the member's time zone, both included, as is the file name's date; `currency` USD, FC or " +
          "PTS (default: USD and FC, as the wallet's history). 400 for bad dates, 401 signed out.",
        querystring: statementQuerySchema,
        response: {
          200: {
            description: "The statement, streamed as it is read",
            // A stream of CSV text (never serialized: Fastify pipes a stream as it is).
            content: {
              "text/csv": {
                schema: z
                  .custom<Readable>((v) => v instanceof Readable)
                  .meta({ type: "string", format: "binary" }),
              },
            },
          },
          ...errors(400, 401),
        },
      },
    },
    async (request, reply) => {
      const { filename, lines } = wallet.statement(ctx, await request.viewer(), request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${filename}"`)
        .header("cache-control", "private, no-store")
        .send(Readable.from(lines));
    },
  );

  app.get(
    "/api/transactions/recent",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's three newest transactions",
        response: { 200: z.array(recentTransactionSchema), ...errors(401) },
      },
    },
    async (request) =>
      (await wallet.history(ctx, await request.viewer(), true)).map((t) => ({
        ...t,
        timestamp: t.createdAt,
      })),
  );

  app.get(
    "/api/transactions/:id/receipt",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The receipt of one line of the member's wallet history",
        description:
          "A card payment's line (deposit, FitCoins bought by card, the membership) answers what its " +
          "receipt email says, with the provider's payment id as `reference`; any other line its own " +
          "details with `TX-<id>`. 404 for a line that is not the member's, or no line at all.",
        params: idParamsSchema,
        response: { 200: transactionReceiptSchema, ...errors(401, 404) },
      },
    },
    async (request) => transactionReceipt(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/fitcoin/purchase",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Convert wallet dollars to FitCoins (15% platform fee)",
        body: fitcoinConversionBodySchema,
        headers: idempotencyHeaders,
        response: {
          200: fitcoinConversionResultSchema,
          ...errors(400, 401, 403, 422),
        },
      },
    },
    // The schema has checked the amount has at most two decimals, so it converts to whole cents.
    async (request) =>
      wallet.convertToFitcoins(
        ctx,
        await request.viewer(),
        dollarsToCents(request.body.amount) as number,
        request.headers["idempotency-key"],
      ),
  );
};
