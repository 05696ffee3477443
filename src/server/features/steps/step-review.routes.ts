import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { dbIdParamSchema } from "../../../core/schemas/common";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as review from "./step-review.service";

const flaggedAccountSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  flaggedAt: z.string(),
  reason: z.string(),
  refusals: z.number().int(),
  lastRefusal: z.object({ steps: z.number().int(), allowedSteps: z.number().int() }).nullable(),
});

const userIdParams = z.object({ userId: dbIdParamSchema });

/** The admin's review of accounts flagged for implausible step syncs (DESIGN 1, step plausibility). */
export const stepReviewRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin", "steps"];

  app.get(
    "/api/admin/step-flags",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Accounts flagged after repeated implausible step syncs, not yet reviewed",
        response: { 200: z.array(flaggedAccountSchema), ...errors(401, 403) },
      },
    },
    async (request) => review.flaggedAccounts(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/step-flags/:userId/review",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark a flagged account reviewed",
        params: userIdParams,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => review.markReviewed(ctx, await request.viewer(), request.params.userId),
  );
};
