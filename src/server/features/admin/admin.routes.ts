import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  addCoinsBodySchema,
  globalReconciliationResultSchema,
  platformFeesSchema,
} from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { idempotencyHeaders } from "../../http/idempotency";
import { errors, messageSchema } from "../../http/responses";
import * as admin from "./admin.service";

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
        body: addCoinsBodySchema,
        headers: idempotencyHeaders,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      admin.addCoins(ctx, await request.viewer(), request.body, request.headers["idempotency-key"]),
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
