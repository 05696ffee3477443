import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { emailTestResultSchema, emailTestTypeSchema, outboxEmailSchema } from "../../../core/schemas/rewards";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as email from "./email.service";

/** The email test page's calls (specification 3 section 7; DESIGN 1, email). Admins only. */
export const emailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["email"];

  app.post(
    "/api/email/test",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Send a test email of one type to the admin's own address",
        querystring: z.object({ type: emailTestTypeSchema }),
        response: { 200: emailTestResultSchema, ...errors(400, 401, 403, 502) },
      },
    },
    async (request) => email.sendTest(ctx, await request.viewer(), request.query.type),
  );

  app.get(
    "/api/admin/emails",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The newest 20 messages of the outbox (recipient, subject, delivery)",
        response: { 200: z.array(outboxEmailSchema), ...errors(401, 403) },
      },
    },
    async (request) => email.latest(ctx, await request.viewer()),
  );
};
