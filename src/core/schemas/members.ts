import { z } from "zod";
import { subscriptionStatusSchema, timeZoneSchema } from "./auth";

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
    .min(STEP_GOAL_MIN, `Daily goal must be at least ${STEP_GOAL_MIN.toLocaleString("en-US")} steps`)
    .max(STEP_GOAL_MAX, `Daily goal must be at most ${STEP_GOAL_MAX.toLocaleString("en-US")} steps`)
    .optional(),
});
export type ProfileBody = z.infer<typeof profileBodySchema>;

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
  subscriptionStatus: subscriptionStatusSchema,
  isAdmin: z.boolean(),
  isTestAccount: z.boolean(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUsersQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
});
