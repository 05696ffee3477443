import { z } from "zod";
import { formatCount } from "../numbers";
import { subscriptionStatusSchema, timeZoneSchema } from "./auth";
import { dbIdSchema } from "./common";

/* Profile, account deletion and the admin's user tools (specification 3 sections 3, 5, 7, 8). */

export const FIRST_NAME_REQUIRED = "First name is required";
export const LAST_NAME_REQUIRED = "Last name is required";
export const INVALID_EMAIL = "Invalid email address";
export const STEP_GOAL_MIN = 1_000;
export const STEP_GOAL_MAX = 100_000;

/** PATCH /api/user/profile: the spec's three fields, plus the time zone and daily goal the data holds. */
export const profileBodySchema = z.object({
  firstName: z.string({ error: FIRST_NAME_REQUIRED }).trim().min(1, FIRST_NAME_REQUIRED).max(50),
  lastName: z.string({ error: LAST_NAME_REQUIRED }).trim().min(1, LAST_NAME_REQUIRED).max(50),
  email: z.string({ error: INVALID_EMAIL }).trim().max(254, INVALID_EMAIL).pipe(z.email(INVALID_EMAIL)),
  timeZone: timeZoneSchema.optional(),
  stepGoal: z
    .number()
    .int()
    .min(STEP_GOAL_MIN, `Daily goal must be at least ${formatCount(STEP_GOAL_MIN)} steps`)
    .max(STEP_GOAL_MAX, `Daily goal must be at most ${formatCount(STEP_GOAL_MAX)} steps`)
    .optional(),
  /** Needed only to change the email: the new address is verified before it replaces the old. */
  currentPassword: z.string().max(200).optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

/**
 * DELETE /api/user/account: the member's password, checked by the server (issue 32), so a phone
 * left unlocked cannot lose someone their account and their money in one tap.
 */
export const deleteAccountBodySchema = z
  .object({ currentPassword: z.string().max(200).optional() })
  .nullish();
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

/**
 * GET /api/user/account/deletion: what deleting the account takes from the member. Balances as
 * everywhere (`balance` dollars as a string, `fitcoins` a number, whole `points`); each competition
 * and group they are in with the FitCoins they paid into it (`paid`): `underWay`, it stays in the
 * pool and they win nothing; otherwise it comes back to their FitCoins, lost with them.
 */
export const accountDeletionSchema = z.object({
  balance: z.string(),
  fitcoins: z.number(),
  points: z.number().int(),
  /**
   * The least that redeems anything now, so "redeem first" is offered only where it can be done:
   * the cheapest FitCoin gift card of the month and the cheapest points gift card (null: none).
   */
  cheapestRedemption: z.object({
    fitcoins: z.number().nullable(),
    points: z.number().int().nullable(),
  }),
  entries: z.array(
    z.object({
      kind: z.enum(["competition", "group"]),
      id: z.number().int(),
      name: z.string(),
      paid: z.number(),
      underWay: z.boolean(),
    }),
  ),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** GET /api/user/stats, from stored facts. `totalWinnings` in FitCoins. */
export const userStatsSchema = z.object({
  totalWinnings: z.number(),
  competitionsWon: z.number().int(),
  totalSteps: z.number().int(),
  activeCompetitions: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

/** A member as the admin panel lists them. */
export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  balance: z.string(),
  fitcoins: z.number(),
  points: z.number().int(),
  subscriptionStatus: subscriptionStatusSchema,
  isAdmin: z.boolean(),
  isTestAccount: z.boolean(),
  isBanned: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});

/**
 * A test account as Test Account Management lists it before Delete All: `atStake` says what the
 * member would leave behind ("active subscription", "holds 12.50 FC", ...). Delete All keeps
 * those accounts unless the admin names them (DESIGN 1, admin user management): deletion keeps
 * the ledger, so their money would sit in an account nobody can sign in to.
 */
export const testAccountSchema = adminUserSchema.extend({ atStake: z.array(z.string()) });
export type TestAccount = z.infer<typeof testAccountSchema>;

/**
 * DELETE /api/admin/test-accounts: `includeIds` are accounts with something at stake the admin
 * chose to delete too; `shownIds`, when sent, are the accounts the confirmation listed, and no
 * other is deleted (one marked as test after the admin looked stays). No body (the
 * specification's call) deletes only those with nothing at stake.
 */
export const deleteTestAccountsBodySchema = z
  .object({
    includeIds: z.array(dbIdSchema()).max(1000).default([]),
    shownIds: z.array(dbIdSchema()).max(10_000).optional(),
  })
  .nullish();
export type DeleteTestAccountsBody = z.infer<typeof deleteTestAccountsBodySchema>;

export const deleteTestAccountsResultSchema = z.object({
  message: z.string(),
  deletedCount: z.number().int(),
  deletedIds: z.array(z.number().int()),
  /** Test accounts left in place because something is at stake and the admin did not include them. */
  kept: z.array(z.object({ id: z.number().int(), username: z.string(), atStake: z.array(z.string()) })),
});
export type DeleteTestAccountsResult = z.infer<typeof deleteTestAccountsResultSchema>;
