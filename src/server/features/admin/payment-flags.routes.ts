import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as flags from "./payment-flags.service";

const paymentFlagSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  provider: z.string(),
  paymentId: z.string(),
  purpose: z.string(),
  reason: z.string(),
  reference: z.string(),
  amount: z.string(),
  shortfall: z.string(),
  createdAt: z.string(),
});

/** The admin's review of card refunds and disputes (what the wallet could not cover, FitCoin and membership charges). */
export const paymentFlagRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.get(
    "/api/admin/payment-flags",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Card refunds and disputes waiting for review",
        response: { 200: z.array(paymentFlagSchema), ...errors(401, 403) },
      },
    },
    async (request) => flags.paymentFlags(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/payment-flags/:id/review",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark a card refund or dispute reviewed",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => flags.markPaymentFlagReviewed(ctx, await request.viewer(), request.params.id),
  );
};
