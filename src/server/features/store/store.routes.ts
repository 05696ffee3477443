import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import { productBodySchema, productSchema } from "../../../core/schemas/store";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as store from "./store.service";

/** The gear store and its product manager (specification 3 section 6). */
export const storeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["store"];

  app.get(
    "/api/marketplace/items",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Products of the gear store: the active ones for members, every one for admins",
        response: { 200: z.array(productSchema), ...errors(401) },
      },
    },
    async (request, reply) => {
      const list = await store.items(ctx, await request.viewer());
      return reply.header("cache-control", "no-store").send(list);
    },
  );

  app.post(
    "/api/admin/marketplace/items",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Add a product (admins)",
        body: productBodySchema,
        response: { 201: productSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await store.create(ctx, await request.viewer(), request.body)),
  );

  app.put(
    "/api/admin/marketplace/items/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Replace a product's fields (admins)",
        params: idParamsSchema,
        body: productBodySchema,
        response: { 200: productSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => store.update(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.delete(
    "/api/admin/marketplace/items/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete a product (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => store.remove(ctx, await request.viewer(), request.params.id),
  );
};
