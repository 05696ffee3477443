import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { helpInfoSchema, legalDocumentNameSchema, legalDocumentSchema } from "../../../core/schemas/help";
import type { AppContext } from "../../context";
import { errors } from "../../http/responses";
import * as help from "./help.service";

/** Help, Terms and Privacy (issue 22): public, for visitors and members alike. */
export const helpRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["help"];

  app.get(
    "/api/help",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The support address shown on the Help page (SUPPORT_EMAIL)",
        response: { 200: helpInfoSchema },
      },
    },
    async () => help.helpInfo(ctx),
  );

  app.get(
    "/api/legal/:document",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "The Terms or Privacy text, as the operator's file says it (TERMS_FILE, PRIVACY_FILE)",
        params: z.object({ document: legalDocumentNameSchema }),
        response: { 200: legalDocumentSchema, ...errors(400) },
      },
    },
    async (request) => help.legalDocument(ctx, request.params.document),
  );
};
