import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  bankingAnswerSchema,
  bankingSetupResultSchema,
  bankingSetupSchema,
} from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as banking from "./banking.service";

export const bankingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["banking"];

  app.post(
    "/api/auth/setup-banking",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Save the member's bank account (only the last four digits of the number are kept)",
        body: bankingSetupSchema,
        response: { 200: bankingSetupResultSchema, ...errors(400, 401) },
      },
    },
    async (request) => banking.setupBanking(ctx, await request.viewer(), request.body),
  );

  app.get(
    "/api/auth/banking",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "The member's saved bank account, or null",
        response: { 200: bankingAnswerSchema, ...errors(401) },
      },
    },
    async (request) => banking.getBanking(ctx, await request.viewer()),
  );
};
