import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { banBodySchema, banResultSchema, unbanBodySchema } from "../../../core/schemas/admin-member";
import { idParamsSchema } from "../../../core/schemas/common";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as bans from "./bans.service";

/** Bans and the member page for admins (issue 22; DESIGN 1, admin user management). */
export const adminMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.post(
    "/api/admin/users/:id/ban",
    {
      schema: {
        tags,
        summary:
          "Ban a member with a reason: every session ends, sign-in is refused, boards leave them out, payouts due to them wait for an admin; never an admin or yourself (admins)",
        params: idParamsSchema,
        body: banBodySchema,
        response: { 200: banResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => bans.ban(ctx, await request.viewer(), request.params.id, request.body),
  );

  app.post(
    "/api/admin/users/:id/unban",
    {
      schema: {
        tags,
        summary: "Lift a member's ban (admins)",
        params: idParamsSchema,
        body: unbanBodySchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      bans.unban(ctx, await request.viewer(), request.params.id, request.body?.reason || undefined),
  );
};
