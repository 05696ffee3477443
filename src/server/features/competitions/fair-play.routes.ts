import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { idParamsSchema } from "../../../core/schemas/common";
import { participantParamsSchema } from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as fairPlay from "./fair-play.service";
import * as settlementJob from "./settlement-job";

const heldSchema = z.object({
  competitionId: z.number(),
  competitionName: z.string(),
  endDate: z.string(),
  flagged: z.array(
    z.object({
      userId: z.number(),
      username: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      steps: z.number(),
      reason: z.string(),
    }),
  ),
});

const settlementFailureSchema = z.object({
  competitionId: z.number(),
  competitionName: z.string(),
  /** Set for a group's round. */
  groupId: z.number().nullable(),
  endDate: z.string(),
  /** Failed tries in a row. */
  attempts: z.number(),
  /** The last error's message. */
  error: z.string(),
  /** When the job tries again. */
  retryAt: z.string().nullable(),
});

const disputeSchema = z.object({
  id: z.number(),
  competitionId: z.number(),
  competitionName: z.string(),
  userId: z.number(),
  username: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

/** Fair play before payout (DESIGN 1): held settlements and disputes, for site admins. */
export const fairPlayRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin", "competitions"];

  app.get(
    "/api/admin/competitions/held",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Competitions whose payout waits on a flagged would-be winner",
        response: { 200: z.array(heldSchema), ...errors(401, 403) },
      },
    },
    async (request) => fairPlay.heldCompetitions(ctx, await request.viewer()),
  );

  for (const decision of ["clear", "disqualify"] as const) {
    app.post(
      `/api/admin/competitions/:id/participants/:userId/${decision}`,
      {
        config: { access: "admin" },
        schema: {
          tags,
          summary:
            decision === "clear"
              ? "Clear a flagged participant (their steps count), then settle"
              : "Disqualify a participant (their steps count as 0, their fee stays), then settle",
          params: participantParamsSchema,
          response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        fairPlay.decide(ctx, await request.viewer(), request.params.id, request.params.userId, decision),
    );
  }

  app.get(
    "/api/admin/competitions/settlement-failures",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Competitions whose settlement failed, with the last error and the next try",
        response: { 200: z.array(settlementFailureSchema), ...errors(401, 403) },
      },
    },
    async (request) => settlementJob.settlementFailures(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/competitions/:id/settle",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Try a due competition's settlement now (after a failure)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => settlementJob.retrySettlement(ctx, await request.viewer(), request.params.id),
  );

  app.get(
    "/api/admin/disputes",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Competition disputes waiting for review",
        response: { 200: z.array(disputeSchema), ...errors(401, 403) },
      },
    },
    async (request) => fairPlay.openDisputes(ctx, await request.viewer()),
  );

  app.post(
    "/api/admin/disputes/:id/review",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark a dispute reviewed",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => fairPlay.reviewDispute(ctx, await request.viewer(), request.params.id),
  );
};
