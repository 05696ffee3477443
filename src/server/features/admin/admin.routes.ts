import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  ADD_COINS_INVALID_MESSAGE,
  globalReconciliationResultSchema,
  platformFeesSchema,
} from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as admin from "./admin.service";

/** Add FitCoins takes whole coins (the form's step is 1); the reason is optional. */
const addCoinsBody = z.object({
  userId: z
    .number({ error: ADD_COINS_INVALID_MESSAGE })
    .int(ADD_COINS_INVALID_MESSAGE)
    .positive(ADD_COINS_INVALID_MESSAGE),
  amount: z
    .number({ error: ADD_COINS_INVALID_MESSAGE })
    .int(ADD_COINS_INVALID_MESSAGE)
    .positive(ADD_COINS_INVALID_MESSAGE)
    .max(1_000_000, "Amount must be at most 1,000,000 FitCoins"),
  reason: z.string().trim().max(200, "Reason must be at most 200 characters").optional(),
});

/** The admin panel's money tools: platform revenue, Add FitCoins, global reconciliation. */
export const adminMoneyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.get(
    "/api/admin/platform-fees",
    {
      schema: {
        tags,
        summary: "Platform revenue: the 15% fees collected, their count and the newest",
        response: { 200: platformFeesSchema, ...errors(401, 403) },
      },
    },
    async (request) => admin.platformFees(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/add-coins",
    {
      schema: {
        tags,
        summary: "Give a member FitCoins (default reason 'Admin added N FitCoins')",
        body: addCoinsBody,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => admin.addCoins(ctx, await request.viewer(), request.body),
  );

  app.post(
    "/api/admin/global-reconcile",
    {
      schema: {
        tags,
        summary: "Book every member's card payments of the last 30 days that never reached a wallet",
        response: { 200: globalReconciliationResultSchema, ...errors(401, 403) },
      },
    },
    async (request) => admin.globalReconcile(ctx, await request.viewer()),
  );
};
