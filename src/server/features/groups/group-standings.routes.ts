import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dbIdParamSchema, idParamsSchema } from "../../../core/schemas/common";
import { standingsPageSchema, standingsQuerySchema } from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import { roundStandings } from "./group-standings.service";

/** The full standings of a group's rounds (the current one, and each past one by its id). */
export const groupStandingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["groups"];

  app.get(
    "/api/groups/:id/standings",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "A page of the current round's full standings and the viewer's own place",
        params: idParamsSchema,
        querystring: standingsQuerySchema,
        response: { 200: standingsPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      roundStandings(ctx, await request.viewer(), request.params.id, undefined, request.query.page),
  );

  app.get(
    "/api/groups/:id/rounds/:roundId/standings",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "A page of one round's full standings; once paid, final positions and prizes",
        params: z.object({ id: dbIdParamSchema, roundId: dbIdParamSchema }),
        querystring: standingsQuerySchema,
        response: { 200: standingsPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      roundStandings(
        ctx,
        await request.viewer(),
        request.params.id,
        request.params.roundId,
        request.query.page,
      ),
  );
};
