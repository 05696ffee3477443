import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { subscriptionStatusSchema, userSchema } from "../../../core/schemas/auth";
import type { AppContext } from "../../context";
import { appUrl } from "../../http/app-url";
import { paymentLimit } from "../../http/rate-limits";
import { errors } from "../../http/responses";
import { userView } from "../auth/user-view";
import * as subscription from "./subscription.service";

export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["subscription"];

  app.post(
    "/api/subscription/create-checkout",
    {
      config: { ...paymentLimit(ctx), access: "member" },
      schema: {
        tags,
        summary: "Start the $6.99/month checkout; answers the hosted checkout URL",
        response: { 200: z.object({ url: z.string() }), ...errors(401, 409, 502) },
      },
    },
    async (request) => subscription.createCheckout(ctx, await request.viewer(), appUrl(ctx, request)),
  );

  app.get(
    "/api/subscription/confirm",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Confirm a finished checkout with the provider (the success page calls it)",
        querystring: z.object({ session_id: z.string().min(1).max(255) }),
        response: {
          200: z.object({
            subscriptionStatus: subscriptionStatusSchema,
            checkoutStatus: z.enum(["open", "complete", "expired"]),
          }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request) => subscription.confirmCheckout(ctx, await request.viewer(), request.query.session_id),
  );

  app.post(
    "/api/subscription/cancel",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Cancel at the end of the billing period",
        response: { 200: userSchema, ...errors(401, 409) },
      },
    },
    async (request) => userView(ctx, await subscription.cancel(ctx, await request.viewer())),
  );

  app.post(
    "/api/subscription/reactivate",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Undo a cancellation before the period ends",
        response: { 200: userSchema, ...errors(401, 409) },
      },
    },
    async (request) => userView(ctx, await subscription.reactivate(ctx, await request.viewer())),
  );
};
