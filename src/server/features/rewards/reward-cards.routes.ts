import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema, okSchema } from "../../../core/schemas/common";
import {
  adminRewardGiftCardSchema,
  rewardGiftCardBodySchema,
  rewardGiftCardEditSchema,
} from "../../../core/schemas/reward-gift-cards";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as cards from "./reward-cards.service";

/** The points gift-card catalogue, edited by admins (issue 23, item 6). */
export const rewardCardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["rewards"];
  const base = "/api/admin/reward-gift-cards";

  app.get(
    base,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Every card of the points catalogue, active or not, in the members' order (admins)",
        response: { 200: z.array(adminRewardGiftCardSchema), ...errors(401, 403) },
      },
    },
    async (request) => cards.list(ctx, await request.viewer()),
  );

  app.post(
    base,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a card to the points catalogue",
        body: rewardGiftCardBodySchema,
        response: { 201: adminRewardGiftCardSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await cards.create(ctx, await request.viewer(), request.body)),
  );

  app.put(
    `${base}/:id`,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Edit a card (every field); members' past redemptions keep what they bought",
        description:
          "Every field is required (null or blank clears the image and the provider product), so a " +
          "field left out is a 400, never a reset. `active` is not part of an edit (400): the " +
          "activate and deactivate routes change it, so a form opened before another admin " +
          "deactivated the card cannot put it back.",
        params: idParamsSchema,
        body: rewardGiftCardEditSchema,
        response: { 200: adminRewardGiftCardSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => cards.update(ctx, await request.viewer(), request.params.id, request.body),
  );

  for (const [action, active] of [
    ["activate", true],
    ["deactivate", false],
  ] as const) {
    app.post(
      `${base}/:id/${action}`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary: active ? "Put a card back on the members' list" : "Take a card off the members' list",
          params: idParamsSchema,
          response: { 200: adminRewardGiftCardSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => cards.setActive(ctx, await request.viewer(), request.params.id, active),
    );
  }

  app.delete(
    `${base}/:id`,
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete a card nobody redeemed; a redeemed card is refused (409): deactivate it",
        params: idParamsSchema,
        response: { 200: okSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => cards.remove(ctx, await request.viewer(), request.params.id),
  );
};
