import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import { giftCardOfferBodySchema, giftCardOfferSchema } from "../../../core/schemas/rewards";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as offers from "./offers.service";

const offerActionSchema = z.object({ message: z.string(), offer: giftCardOfferSchema });

/** Gift-card offers admin (specification 3; issue 23: offers end, or are scheduled for their month). */
export const offerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["rewards"];

  app.get(
    "/api/admin/gift-card-offers",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Every gift-card offer: the active one first, then the scheduled ones (admins)",
        response: { 200: z.array(giftCardOfferSchema), ...errors(401, 403) },
      },
    },
    async (request) => offers.listOffers(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/gift-card-offers",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Create an offer (inactive); blank amounts default to $50 for 50 FC and $100 for 100 FC",
        description: "A FitCoin price below its card's dollar value is refused (400, naming the field).",
        body: giftCardOfferBodySchema,
        response: { 201: giftCardOfferSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await offers.createOffer(ctx, await request.viewer(), request.body)),
  );

  app.put(
    "/api/admin/gift-card-offers/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Edit an offer; blank amounts keep the current ones",
        params: idParamsSchema,
        body: giftCardOfferBodySchema,
        response: { 200: giftCardOfferSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => offers.updateOffer(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.post(
    "/api/admin/gift-card-offers/:id/activate",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Make an offer the Gift Card of the Month now (the one active offer), until its month ends",
        description: "409 when the offer's month (UTC) has ended.",
        params: idParamsSchema,
        response: { 200: offerActionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => offers.activateOffer(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/admin/gift-card-offers/:id/schedule",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Schedule an offer for its month: it becomes the Gift Card of the Month when the month starts",
        description:
          "Months are UTC. An offer of the current month starts at once. One offer per month: 409 when " +
          "another is scheduled for it, or when the month has ended.",
        params: idParamsSchema,
        response: { 200: offerActionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => offers.scheduleOffer(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/admin/gift-card-offers/:id/end",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "End an offer: no longer the Gift Card of the Month, nor scheduled",
        description: "409 when it is neither. Members then see no offer this month.",
        params: idParamsSchema,
        response: { 200: offerActionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => offers.endOffer(ctx, await request.viewer(), request.params.id),
  );
};
