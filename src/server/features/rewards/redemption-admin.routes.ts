import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  adminRedemptionActionResultSchema,
  adminRedemptionPageSchema,
  adminRedemptionQuerySchema,
  adminRedemptionRefundBodySchema,
} from "../../../core/schemas/redemptions";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as admin from "./redemption-admin.service";
import { refundRedemption } from "./redemption-refund";

/** The admins' gift-card redemptions queue (issue 23): pending and failed orders, retry and refund. */
export const redemptionAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.get(
    "/api/admin/redemptions",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Gift-card redemptions not delivered yet (pending), refunded (failed) or delivered, newest first (admins)",
        querystring: adminRedemptionQuerySchema,
        response: { 200: adminRedemptionPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => admin.listRedemptions(ctx, await request.viewer(), request.query),
  );

  app.post(
    "/api/admin/redemptions/:id/retry",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Place a pending redemption's order, or ask the provider about it, now",
        params: idParamsSchema,
        response: { 200: adminRedemptionActionResultSchema, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => admin.retryRedemption(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/admin/redemptions/:id/refund",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Refund a pending redemption the provider never issued (checked with the provider first, stopped " +
          "there if it can be; 409 if a card was issued or the provider keeps the order going, or, with no " +
          "order yet, while an order request that got no answer may still make one: the message says when to " +
          "try again). An optional reason is kept in the audit log",
        params: idParamsSchema,
        body: adminRedemptionRefundBodySchema,
        response: { 200: adminRedemptionActionResultSchema, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => refundRedemption(ctx, await request.viewer(), request.params.id, request.body),
  );
};
