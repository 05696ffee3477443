import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  blockBodySchema,
  blockedIdParamsSchema,
  blockedUserSchema,
  reportBodySchema,
  reportSchema,
} from "../../../core/schemas/safety";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as safety from "./safety.service";

/** Blocking and reports (specification 3 section 7; DESIGN 1, blocking and reports). */
export const safetyRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["safety"];

  app.get(
    "/api/users/blocked",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The members the viewer blocked, newest first",
        response: { 200: z.array(blockedUserSchema), ...errors(401) },
      },
    },
    async (request) => safety.blocked(ctx, await request.viewer()),
  );

  app.post(
    "/api/users/block",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Block a member by username: their chat messages and yours are hidden from each other",
        body: blockBodySchema,
        response: { 201: blockedUserSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await safety.block(ctx, await request.viewer(), request.body)),
  );

  app.delete(
    "/api/users/block/:blockedId",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Unblock a member (by their user id, the blocked record's blockedId)",
        params: blockedIdParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => safety.unblock(ctx, await request.viewer(), request.params.blockedId),
  );

  app.post(
    "/api/users/report",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Report a member by username to the admins",
        body: reportBodySchema,
        response: {
          201: z.object({ message: z.string(), id: z.number().int() }),
          ...errors(400, 401, 404),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await safety.report(ctx, await request.viewer(), request.body)),
  );

  app.get(
    "/api/admin/reports",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Reports not yet reviewed, oldest first (admins)",
        response: { 200: z.array(reportSchema), ...errors(401, 403) },
      },
    },
    async (request) => safety.openReports(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/reports/:id/review",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark a report reviewed (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => safety.review(ctx, await request.viewer(), request.params.id),
  );
};
