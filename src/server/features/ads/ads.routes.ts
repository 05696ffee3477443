import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { AD_CACHE_SECONDS } from "../../../core/constants";
import {
  activeAdSchema,
  adAnalyticsSchema,
  adBodySchema,
  adBulkDeleteBodySchema,
  adBulkResultSchema,
  adBulkToggleBodySchema,
  adPlacementSchema,
  adSchema,
  adViewBodySchema,
} from "../../../core/schemas/ads";
import { idParamsSchema } from "../../../core/schemas/common";
import type { AppContext } from "../../context";
import { adEventLimit } from "../../http/rate-limits";
import { errors, messageSchema } from "../../http/responses";
import * as ads from "./ads.service";

/** The ad manager (admins) and the ad slots (members) (specification 3 section 6). */
export const adRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["ads"];

  app.get(
    "/api/ads",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Every advertisement, newest first (admins)",
        response: { 200: z.array(adSchema), ...errors(401, 403) },
      },
    },
    async (request) => ads.list(ctx, await request.viewer()),
  );

  app.get(
    "/api/ads/analytics",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Views, clicks and click-through rate of all advertisements (admins)",
        response: { 200: adAnalyticsSchema, ...errors(401, 403) },
      },
    },
    async (request) => ads.analytics(ctx, await request.viewer()),
  );

  app.post(
    "/api/ads",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Create an advertisement (admins); an <img> or <a> tag pasted as a URL keeps its src or href",
        body: adBodySchema,
        response: { 201: adSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await ads.create(ctx, await request.viewer(), request.body)),
  );

  app.put(
    "/api/ads/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Replace an advertisement's form fields (admins)",
        params: idParamsSchema,
        body: adBodySchema,
        response: { 200: adSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ads.update(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.delete(
    "/api/ads/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete an advertisement (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ads.remove(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/ads/bulk-delete",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete several advertisements; ids that name none are listed in missingIds (admins)",
        body: adBulkDeleteBodySchema,
        response: { 200: adBulkResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ads.bulkDelete(ctx, await request.viewer(), request.body.ids),
  );

  app.post(
    "/api/ads/bulk-toggle",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Activate or deactivate several advertisements (admins)",
        body: adBulkToggleBodySchema,
        response: { 200: adBulkResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => ads.bulkToggle(ctx, await request.viewer(), request.body.ids, request.body.isActive),
  );

  app.get(
    "/api/ads/active/:placement",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The placement's live advertisements, highest priority first; cacheable for 5 minutes",
        params: z.object({ placement: adPlacementSchema }),
        response: { 200: z.array(activeAdSchema), ...errors(400, 401) },
      },
    },
    async (request, reply) => {
      const list = await ads.active(ctx, await request.viewer(), request.params.placement);
      return reply.header("cache-control", `private, max-age=${AD_CACHE_SECONDS}`).send(list);
    },
  );

  for (const what of ["view", "click"] as const) {
    app.post(
      `/api/ads/:id/${what}`,
      {
        config: { ...adEventLimit(ctx), access: "member" },
        schema: {
          tags,
          summary:
            what === "view"
              ? "Count a view: the slot now shows this advertisement"
              : "Count a click: the advertisement's link opened",
          params: idParamsSchema,
          body: adViewBodySchema.optional(),
          response: { 204: z.null(), ...errors(400, 401, 404) },
        },
      },
      async (request, reply) => {
        await ads.record(ctx, await request.viewer(), request.params.id, what);
        return reply.code(204).send(null);
      },
    );
  }
};
