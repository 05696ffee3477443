import { createHmac, timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { applyGiftCardEvent } from "../features/rewards/redemption-events";
import { errors } from "../http/responses";
import type { GiftCardWebhooks } from "./provider";

const eventSchema = z.object({
  event: z.string().min(1),
  uuid: z.string().optional(),
  payload: z.object({
    resource: z.object({ id: z.string().min(1).max(100), type: z.string().min(1).max(40) }),
  }),
});

/** Whether `header` is `sha256=<hex HMAC-SHA256 of the raw body>` under `secret`, compared in constant time. */
export function validSignature(body: Buffer, header: string, secret: string): boolean {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header.trim());
  if (!match) return false;
  const expected = createHmac("sha256", secret).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(match[1], "hex"));
}

const webhookError = (status: number, code: string, message: string) => new AppError(status, code, message);

/**
 * Tremendous's webhook endpoint (registered when the gift-card provider sends webhooks). Only the
 * signature and the event's shape are checked here; features/rewards applies the event.
 */
export const tremendousWebhookRoutes: FastifyPluginAsyncZod<{
  ctx: AppContext;
  webhooks: GiftCardWebhooks;
}> = async (app, { ctx, webhooks }) => {
  // The signature covers the exact bytes sent: this plugin's context keeps the JSON body raw.
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    "/api/webhooks/tremendous",
    {
      config: { access: "public" },
      schema: {
        tags: ["gift-cards"],
        summary:
          "Tremendous webhook: reward delivered, failed or cancelled, order failed or cancelled (signed)",
        description:
          "Called by Tremendous, not by the app. The raw JSON body is verified against the " +
          "Tremendous-Webhook-Signature header (sha256=HMAC-SHA256 keyed with TREMENDOUS_WEBHOOK_SECRET). " +
          "The event's reward or order is then fetched from Tremendous, and what Tremendous says decides: " +
          "a delivered card is recorded, booked and emailed; a failed or cancelled order is refunded once.",
        headers: z.looseObject({ "tremendous-webhook-signature": z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true) }), ...errors(400, 401, 502, 503) },
      },
    },
    async (request) => {
      const secret = webhooks.secret;
      if (!secret) {
        // Not the sender's fault: this server cannot check it (polling still learns of every order).
        request.log.error("tremendous webhook received but TREMENDOUS_WEBHOOK_SECRET is not set");
        throw webhookError(
          503,
          "WEBHOOK_NOT_CONFIGURED",
          "Tremendous webhooks are not configured on this server",
        );
      }
      const signature = request.headers["tremendous-webhook-signature"];
      if (typeof signature !== "string" || signature === "") {
        throw webhookError(400, "INVALID_SIGNATURE", "Missing Tremendous-Webhook-Signature header");
      }
      if (!Buffer.isBuffer(request.body)) {
        throw webhookError(400, "INVALID_SIGNATURE", "Webhook body must be the JSON Tremendous sent");
      }
      if (!validSignature(request.body, signature, secret)) {
        throw webhookError(401, "INVALID_SIGNATURE", "Tremendous webhook signature verification failed");
      }
      let event: z.infer<typeof eventSchema>;
      try {
        event = eventSchema.parse(JSON.parse(request.body.toString("utf8")));
      } catch {
        throw webhookError(400, "VALIDATION_ERROR", "Not a Tremendous webhook event");
      }
      try {
        await applyGiftCardEvent(ctx, event.payload.resource);
      } catch (err) {
        // Tremendous sends the event again later; the polling job meanwhile asks on its own.
        request.log.error({ err, event: event.event }, "tremendous webhook could not be applied");
        throw webhookError(502, "PROVIDER_UNAVAILABLE", "Tremendous could not be asked about this event");
      }
      return { received: true as const };
    },
  );
};
