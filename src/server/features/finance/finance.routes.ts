import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  financeRangeSchema,
  financeSummarySchema,
  reconciliationRunsPageSchema,
  reconciliationRunsQuerySchema,
} from "../../../core/schemas/finance";
import type { AppContext } from "../../context";
import { errors, textResponse } from "../../http/responses";
import * as finance from "./finance.service";
import { reconciliationRuns } from "./reconciliation-runs.service";

/** The admin's Finance page: the figures of a range, the ledger as CSV, the reconciliation runs. */
export const financeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.get(
    "/api/admin/finance",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "The books of a range [from, to): revenue, deposits, refunds, chargebacks, grants, gift cards, and balances at its end",
        querystring: financeRangeSchema,
        response: { 200: financeSummarySchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => finance.financeSummary(ctx, await request.viewer(), request.query),
  );

  app.get(
    "/api/admin/finance/transfers.csv",
    {
      config: { access: "admin" },
      // Fastify would answer HEAD by running this handler: the export and its audit entry, for nothing.
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: "Every ledger transfer of a range [from, to) as CSV, streamed (recorded in the audit log)",
        querystring: financeRangeSchema,
        // The body is a stream of text/csv; errors are the usual JSON.
        response: { 200: textResponse("text/csv", "The transfers, one a line, with a header line") },
      },
    },
    async (request, reply) => {
      const { fileName, stream } = await finance.exportTransfers(ctx, await request.viewer(), request.query);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );

  app.get(
    "/api/admin/reconciliation-runs",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "The global deposit reconciliation's runs, newest first, with their findings",
        querystring: reconciliationRunsQuerySchema,
        response: { 200: reconciliationRunsPageSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => reconciliationRuns(ctx, await request.viewer(), request.query),
  );
};
