import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as dashboard from "./dashboard.service";

export const dashboardStatsSchema = z.object({
  stepGoal: z.number().int(),
  /** Wallet dollars, "12.50". */
  balance: z.string(),
  /** Prize FitCoins won so far, "0.00". */
  totalWinnings: z.string(),
  todaySteps: z.number().int(),
  offline: z.boolean(),
});

export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/dashboard/stats",
    {
      config: { access: "member" },
      schema: {
        tags: ["dashboard"],
        summary: "Step goal, wallet balance, total winnings and today's steps",
        response: { 200: dashboardStatsSchema, ...errors(401) },
      },
    },
    async (request) => dashboard.stats(ctx, await request.viewer()),
  );
};
