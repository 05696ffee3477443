import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema } from "../../../core/schemas/common";
import { reverseGrantBodySchema, reverseGrantResultSchema } from "../../../core/schemas/finance";
import {
  addCoinsBodySchema,
  globalReconciliationResultSchema,
  platformFeesSchema,
} from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { idempotencyHeaders } from "../../http/idempotency";
import { errors, messageSchema } from "../../http/responses";
import * as admin from "./admin.service";
import { reverseGrant } from "./grants.service";

/** The admin panel's money tools: platform revenue, Add FitCoins, global reconciliation. */
export const adminMoneyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.get(
    "/api/admin/platform-fees",
    {
      config: { access: "admin" },
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
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Give a member FitCoins, with a reason (their history's line); the admin is recorded on the transfer",
        body: addCoinsBodySchema,
        headers: idempotencyHeaders,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      admin.addCoins(ctx, await request.viewer(), request.body, request.headers["idempotency-key"]),
  );

  app.post(
    "/api/admin/transfers/:id/reverse",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Reverse an admin grant: the member's FitCoins go back to issuance, once (409 when already reversed, 422 when the member no longer holds them)",
        params: idParamsSchema,
        body: reverseGrantBodySchema,
        response: { 200: reverseGrantResultSchema, ...errors(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) => reverseGrant(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.post(
    "/api/admin/global-reconcile",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Book every member's card payments of the last 30 days that never reached a wallet",
        response: { 200: globalReconciliationResultSchema, ...errors(401, 403) },
      },
    },
    async (request) => admin.globalReconcile(ctx, await request.viewer()),
  );
};
