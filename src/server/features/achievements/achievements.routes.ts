import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  achievementIdParamsSchema,
  achievementSchema,
  userAchievementSchema,
} from "../../../core/schemas/achievements";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as achievements from "./achievements.service";

/** Achievements (specification 2 section 7; DESIGN 1, achievements). */
export const achievementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["achievements"];

  app.get(
    "/api/achievements",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "Every achievement; signed in, with the member's current value of each requirement",
        response: { 200: z.array(achievementSchema) },
      },
    },
    async (request) => achievements.catalogue(ctx, await request.viewer()),
  );

  app.get(
    "/api/achievements/user",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's unlocked achievements",
        response: { 200: z.array(userAchievementSchema), ...errors(401) },
      },
    },
    async (request) => achievements.mine(ctx, await request.viewer()),
  );

  app.post(
    "/api/achievements/check",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Unlock what the member's facts meet; answers the unlocked achievements not yet viewed",
        response: { 200: z.array(achievementSchema), ...errors(401) },
      },
    },
    async (request) => achievements.check(ctx, await request.viewer()),
  );

  app.post(
    "/api/achievements/:id/viewed",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Mark an unlocked achievement as viewed (its celebration was closed)",
        params: achievementIdParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => achievements.markViewed(ctx, await request.viewer(), request.params.id),
  );
};
