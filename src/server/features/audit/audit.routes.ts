import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditPageSchema, auditQuerySchema } from "../../../core/schemas/audit";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as audit from "./audit.service";

/** The admin audit log (DESIGN 1): read only; actions are written by the features that do them. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    "/api/admin/audit-log",
    {
      config: { access: "admin" },
      schema: {
        tags: ["admin"],
        summary:
          "What admins did, newest first: filter by admin, member, object, action and dates; page with cursor",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => audit.auditLog(ctx, await request.viewer(), request.query),
  );
};
