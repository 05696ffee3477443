import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  chatMessageBodySchema,
  chatMessageSchema,
  competitionBodySchema,
  competitionDetailSchema,
  competitionSchema,
  disputeBodySchema,
  inviteCodeParamsSchema,
  invitePreviewSchema,
  joinCompetitionBodySchema,
  standingsPageSchema,
  standingsQuerySchema,
} from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as competitions from "./competitions.service";
import { invitePreview } from "./invite-preview";
import * as participation from "./participation.service";
import { competitionStandings } from "./standings.service";

/** The invite preview is the same for everyone: browsers and proxies may keep it briefly. */
const PREVIEW_CACHE = "public, max-age=30, stale-while-revalidate=60";

/** Competitions (specification 2 section 7; DESIGN 1). */
export const competitionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["competitions"];

  app.get(
    "/api/competitions",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Upcoming and active competitions, and the viewer's own completed in the last 7 days",
        response: { 200: z.array(competitionSchema), ...errors(401) },
      },
    },
    async (request) => competitions.list(ctx, await request.viewer()),
  );

  app.get(
    "/api/competitions/active",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Competitions running now",
        response: { 200: z.array(competitionSchema), ...errors(401) },
      },
    },
    async (request) => competitions.active(ctx, await request.viewer()),
  );

  app.get(
    "/api/competitions/invite/:code",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The competition an invite link names",
        params: inviteCodeParamsSchema,
        response: { 200: competitionSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => competitions.byInvite(ctx, await request.viewer(), request.params.code),
  );

  app.get(
    "/api/competitions/invite/:code/preview",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Public preview of an invite link (no session needed): name, dates, fee, pool, places left",
        params: inviteCodeParamsSchema,
        response: { 200: invitePreviewSchema, ...errors(400, 404) },
      },
    },
    async (request, reply) => {
      const preview = await invitePreview(ctx, request.params.code);
      return reply.header("cache-control", PREVIEW_CACHE).send(preview);
    },
  );

  app.get(
    "/api/competitions/:id/standings",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary:
          "A page of the full standings (50 a page), the viewer's own place and, once paid, the prizes",
        params: idParamsSchema,
        querystring: standingsQuerySchema,
        response: { 200: standingsPageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      competitionStandings(ctx, await request.viewer(), request.params.id, request.query.page),
  );

  app.get(
    "/api/competitions/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "One competition with a page of its full standings (50 a page)",
        params: idParamsSchema,
        querystring: standingsQuerySchema,
        response: { 200: competitionDetailSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) =>
      competitions.detail(ctx, await request.viewer(), request.params.id, request.query.page),
  );

  app.post(
    "/api/admin/competitions",
    {
      config: { access: "admin" },
      schema: {
        tags: [...tags, "admin"],
        summary: "Create a competition (site admins)",
        body: competitionBodySchema,
        response: { 201: competitionSchema, ...errors(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await competitions.create(ctx, await request.viewer(), request.body);
      return reply.code(201).send(created);
    },
  );

  app.put(
    "/api/competitions/:id",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Edit a competition (its creator or a site admin)",
        params: idParamsSchema,
        body: competitionBodySchema,
        response: { 200: competitionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => competitions.update(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.delete(
    "/api/admin/competitions/:id",
    {
      config: { access: "member" },
      schema: {
        tags: [...tags, "admin"],
        summary: "Delete a competition, refunding every entry fee (its creator or a site admin)",
        params: idParamsSchema,
        response: { 200: messageSchema.extend({ refunded: z.string() }), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => competitions.remove(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/competitions/:id/join",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Join, paying the entry fee into the prize pool",
        params: idParamsSchema,
        body: joinCompetitionBodySchema.optional(),
        response: { 200: competitionSchema, ...errors(400, 401, 403, 404, 409, 410, 422) },
      },
    },
    async (request) => participation.join(ctx, await request.viewer(), request.params.id),
  );

  app.delete(
    "/api/competitions/:id/leave",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Leave before the start, with the entry fee refunded",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 404, 409) },
      },
    },
    async (request) => participation.leave(ctx, await request.viewer(), request.params.id),
  );

  app.get(
    "/api/competitions/:id/messages",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The newest 100 chat messages, oldest first (participants and site admins)",
        params: idParamsSchema,
        response: { 200: z.array(chatMessageSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => participation.messages(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/competitions/:id/messages",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Post to the competition chat (participants and site admins)",
        params: idParamsSchema,
        body: chatMessageBodySchema,
        response: { 201: chatMessageSchema, ...errors(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const posted = await participation.postMessage(
        ctx,
        await request.viewer(),
        request.params.id,
        request.body.message,
      );
      return reply.code(201).send(posted);
    },
  );

  app.post(
    "/api/competitions/:id/disputes",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Dispute the result (a participant, within 48 hours of the end)",
        params: idParamsSchema,
        body: disputeBodySchema,
        response: { 201: messageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const done = await participation.openDispute(
        ctx,
        await request.viewer(),
        request.params.id,
        request.body.reason,
      );
      return reply.code(201).send(done);
    },
  );
};
