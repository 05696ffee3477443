import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { userSchema } from "../../../core/schemas/auth";
import { idParamsSchema } from "../../../core/schemas/common";
import {
  accountDeletionSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  deleteAccountBodySchema,
  deleteTestAccountsBodySchema,
  deleteTestAccountsResultSchema,
  profileBodySchema,
  testAccountSchema,
  userStatsSchema,
} from "../../../core/schemas/members";
import type { AppContext } from "../../context";
import { authLimit } from "../../http/rate-limits";
import { errors, messageSchema } from "../../http/responses";
import { userView } from "../auth/user-view";
import { accountDeletion } from "./account-deletion.service";
import * as members from "./members.service";

/** Profile, statistics, account deletion and the admin's user tools (specification 3 section 7). */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ["members"];

  app.patch(
    "/api/user/profile",
    {
      // Limited like sign-in: a new email is confirmed with the password, which must not be guessable here.
      config: { ...authLimit(ctx), access: "member" },
      schema: {
        tags,
        summary:
          "Edit name, time zone and daily step goal; a new email (unique, with `currentPassword`) is verified by a link before it replaces the old; answers the current user",
        body: profileBodySchema,
        response: { 200: userSchema, ...errors(400, 401, 409, 429) },
      },
    },
    async (request) => {
      await members.updateProfile(ctx, await request.viewer(), request.body);
      // Read again: the viewer of this request still holds the old values.
      return userView(ctx, await members.reloadViewer(ctx, await request.viewer()));
    },
  );

  app.get(
    "/api/user/stats",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary: "Winnings (FitCoins), competitions won, steps in all, competitions not ended",
        response: { 200: userStatsSchema, ...errors(401) },
      },
    },
    async (request) => members.stats(ctx, await request.viewer()),
  );

  app.get(
    "/api/user/account/deletion",
    {
      config: { access: "member" },
      schema: {
        tags,
        summary:
          "What deleting the account would take: wallet, FitCoins and points, and every competition and group entered (with what was paid in and whether it is under way)",
        response: { 200: accountDeletionSchema, ...errors(401) },
      },
    },
    async (request) => accountDeletion(ctx, await request.viewer()),
  );

  app.delete(
    "/api/user/account",
    {
      // Limited like sign-in: the password must not be guessable here.
      config: { ...authLimit(ctx), access: "member" },
      schema: {
        tags,
        summary:
          "Delete the account with the member's password (`currentPassword`, 400 without it or when wrong): sessions revoked, personal data removed, ledger history kept",
        body: deleteAccountBodySchema,
        response: { 200: messageSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => members.deleteOwnAccount(ctx, await request.viewer(), request.body),
  );

  app.get(
    "/api/admin/users",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Members, newest first, by username, email or name (`search`), paged (admins)",
        querystring: adminUsersQuerySchema,
        response: { 200: z.array(adminUserSchema), ...errors(400, 401, 403) },
      },
    },
    async (request) => members.listUsers(ctx, await request.viewer(), request.query),
  );

  app.get(
    "/api/admin/test-accounts",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Test accounts, each with what deleting it would leave behind (`atStake`) (admins)",
        response: { 200: z.array(testAccountSchema), ...errors(401, 403) },
      },
    },
    async (request) => members.listTestAccounts(ctx, await request.viewer()),
  );

  app.delete(
    "/api/admin/test-accounts",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary:
          "Delete every test account with nothing at stake, and those with a subscription or a balance named in `includeIds`; never an admin (admins)",
        body: deleteTestAccountsBodySchema,
        response: { 200: deleteTestAccountsResultSchema, ...errors(400, 401, 403) },
      },
    },
    async (request) => members.deleteTestAccounts(ctx, await request.viewer(), request.body),
  );

  app.delete(
    "/api/admin/users/:id",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Delete (anonymise) a member; never an admin (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => members.adminDeleteUser(ctx, await request.viewer(), request.params.id),
  );

  app.patch(
    "/api/admin/users/:id/mark-test",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Mark a member as a test account (undone by unmark-test); never an admin (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => members.markTest(ctx, await request.viewer(), request.params.id),
  );

  app.patch(
    "/api/admin/users/:id/unmark-test",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Undo Mark as Test: the member is no longer a test account (admins)",
        params: idParamsSchema,
        response: { 200: messageSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => members.unmarkTest(ctx, await request.viewer(), request.params.id),
  );
};
