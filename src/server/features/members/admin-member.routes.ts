import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  banBodySchema,
  banResultSchema,
  memberDetailSchema,
  memberSessionParamsSchema,
  memberTransactionsPageSchema,
  memberTransactionsQuerySchema,
  unbanBodySchema,
  unbanResultSchema,
} from "../../../core/schemas/admin-member";
import { idParamsSchema } from "../../../core/schemas/common";
import { reconciliationResultSchema } from "../../../core/schemas/money";
import type { AppContext } from "../../context";
import { errors, messageSchema } from "../../http/responses";
import * as bans from "./bans.service";
import * as page from "./member-page.service";

/** Bans and the member page for admins (issue 22; DESIGN 1, admin user management). */
export const adminMemberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["admin"];

  app.post(
    "/api/admin/users/:id/ban",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Ban a member with a reason: every session ends, sign-in is refused, boards leave them out, payouts due to them wait for an admin, a running membership stops renewing, and they are told by email; never an admin or yourself (admins)",
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
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Lift a member's ban; a membership the ban stopped from renewing renews again while its period runs (admins)",
        params: idParamsSchema,
        body: unbanBodySchema,
        response: { 200: unbanResultSchema, ...errors(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) =>
      bans.unban(ctx, await request.viewer(), request.params.id, request.body?.reason || undefined),
  );

  app.get(
    "/api/admin/users/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "One member: profile, subscription, balances, competitions and groups, step flags, reports by and about them, active sessions, ban (admins)",
        params: idParamsSchema,
        response: { 200: memberDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => page.detail(ctx, await request.viewer(), request.params.id),
  );

  app.get(
    "/api/admin/users/:id/transactions",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "A member's ledger history (dollars and FitCoins), newest first; page with cursor (admins)",
        params: idParamsSchema,
        querystring: memberTransactionsQuerySchema,
        response: { 200: memberTransactionsPageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => page.transactions(ctx, await request.viewer(), request.params.id, request.query),
  );

  app.delete(
    "/api/admin/users/:id/sessions/:sessionId",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "End one session of a member: its next request gets 401 (admins)",
        params: memberSessionParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      page.endSessions(ctx, await request.viewer(), request.params.id, request.params.sessionId),
  );

  app.delete(
    "/api/admin/users/:id/sessions",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "End every session of a member (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => page.endSessions(ctx, await request.viewer(), request.params.id),
  );

  app.post(
    "/api/admin/users/:id/reconcile-deposits",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Current User Check for a member: their card payments of the last 30 days that never reached the wallet, booked (admins)",
        params: idParamsSchema,
        response: { 200: reconciliationResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => page.reconcile(ctx, await request.viewer(), request.params.id),
  );
};
