import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import { sessionCredentials } from "../../http/viewer";
import {
  historyQuerySchema,
  historySchema,
  leaderboardSchema,
  practiceBodySchema,
  practiceResultSchema,
  stepSyncBodySchema,
  stepSyncResultSchema,
  todayStepsSchema,
} from "./steps.schemas";
import * as steps from "./steps.service";

export const stepsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["steps"];

  app.post(
    "/api/steps",
    {
      // The sync reads the session in its own statement (steps.service syncAsSession).
      config: { access: "member", sessionReadWithAnswer: true },
      schema: {
        tags,
        summary: "Sync a batch of steps (idempotent by batchId); answers today's total",
        body: stepSyncBodySchema,
        response: { 200: stepSyncResultSchema, ...errors(400, 401, 403, 409, 422) },
      },
    },
    async (request) =>
      steps.sync(ctx, { session: sessionCredentials(request), viewer: () => request.viewer() }, request.body),
  );

  app.post(
    "/api/steps/practice",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary:
          "A Step Test tap: practice, open to visitors too; stored nowhere, it counts for no total, competition, points, streak, badge or leaderboard",
        body: practiceBodySchema,
        response: { 200: practiceResultSchema, ...errors(400) },
      },
    },
    async (request) => steps.practice(ctx, request.body),
  );

  app.get(
    "/api/steps/today",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's steps today, in their own time zone",
        response: { 200: todayStepsSchema, ...errors(401) },
      },
    },
    async (request) => steps.today(ctx, await request.viewer()),
  );

  app.get(
    "/api/steps/history",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Steps per local day for the last 7 or 30 days, oldest first",
        querystring: historyQuerySchema,
        response: { 200: historySchema, ...errors(400, 401) },
      },
    },
    async (request) => steps.history(ctx, await request.viewer(), Number(request.query.days)),
  );

  app.get(
    "/api/leaderboard",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary:
          "This week's steps (each member's own Monday to today, in their time zone): top 50 and the member's own rank",
        response: { 200: leaderboardSchema, ...errors(401) },
      },
    },
    async (request) => steps.leaderboard(ctx, await request.viewer()),
  );
};
