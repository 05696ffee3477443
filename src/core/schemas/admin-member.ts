import { z } from "zod";
import { subscriptionStatusSchema } from "./auth";
import { dbIdParamSchema, dbIdSchema } from "./common";
import { transactionSchema } from "./money";

/* Bans and the member page for admins (issue 22; DESIGN 1, admin user management). */

export const BAN_REASON_REQUIRED = "A reason is required";
export const BAN_REASON_MAX = 500;

/**
 * POST /api/admin/users/:id/ban. `reportId`: the report the ban answers (from the Reports queue);
 * it must be about this member, and it is marked reviewed with the ban.
 */
export const banBodySchema = z.object({
  reason: z
    .string({ error: BAN_REASON_REQUIRED })
    .trim()
    .min(1, BAN_REASON_REQUIRED)
    .max(BAN_REASON_MAX, `At most ${BAN_REASON_MAX} characters`),
  reportId: dbIdSchema().optional(),
});
export type BanBody = z.infer<typeof banBodySchema>;

export const banResultSchema = z.object({
  message: z.string(),
  /** How many sessions the ban ended. */
  sessionsEnded: z.number().int(),
  /**
   * What the ban did to the membership: `stopped` its renewal (lifting the ban while the period
   * runs turns it back on), found it `ending` already (the member's own cancellation), `none`
   * running, or `failed` to stop it (the payment provider did not answer: it still renews).
   */
  membership: z.enum(["stopped", "ending", "none", "failed"]),
  /** The end of the period paid, while one runs. */
  activeUntil: z.string().nullable(),
});
export type BanResult = z.infer<typeof banResultSchema>;

export const unbanResultSchema = z.object({
  message: z.string(),
  /**
   * What lifting the ban did to the membership the ban had stopped: renewal `restored`, or its
   * period had `ended` meanwhile; `none`: the ban had not changed it.
   */
  membership: z.enum(["restored", "ended", "none"]),
});
export type UnbanResult = z.infer<typeof unbanResultSchema>;

export const banStateSchema = z
  .object({ bannedAt: z.string(), reason: z.string(), bannedBy: z.string().nullable() })
  .nullable();

export const memberSessionSchema = z.object({
  id: z.number().int(),
  /** The device fingerprint with all but its first and last 4 characters masked. */
  device: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  /** The session was last renewed (a request) at this instant; renewal happens at most daily. */
  lastSeenAt: z.string(),
  expiresAt: z.string(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

const participationSchema = z.object({
  competitionId: z.number().int(),
  name: z.string(),
  groupId: z.number().int().nullable(),
  status: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  steps: z.number().int(),
  finalPosition: z.number().int().nullable(),
  prize: z.string().nullable(),
  disqualified: z.boolean(),
});

const reportSchema = z.object({
  id: z.number().int(),
  /** The other member: who reported (reports about them) or who was reported (reports by them). */
  other: z.object({ id: z.number().int(), username: z.string() }),
  reason: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

/** GET /api/admin/users/:id: everything support needs about one member. */
export const memberDetailSchema = z.object({
  profile: z.object({
    id: z.number().int(),
    username: z.string(),
    email: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
    timeZone: z.string(),
    isAdmin: z.boolean(),
    isTestAccount: z.boolean(),
    deleted: z.boolean(),
    rulesAccepted: z.boolean(),
    /** The member opened a verification link sent to `email` (issue 30). */
    emailVerified: z.boolean(),
    createdAt: z.string(),
    /** Two-factor sign-in (TOTP) is on. */
    twoFactorEnabled: z.boolean(),
  }),
  subscription: z.object({
    status: subscriptionStatusSchema,
    plan: z.string().nullable(),
    provider: z.string().nullable(),
    currentPeriodEnd: z.string().nullable(),
    /** The member's ban stopped it renewing; lifting the ban turns renewal back on while it runs. */
    stoppedByBan: z.boolean(),
  }),
  balances: z.object({ usd: z.string(), fitcoins: z.string(), points: z.number().int() }),
  ban: banStateSchema,
  competitions: z.array(participationSchema),
  groups: z.array(
    z.object({ id: z.number().int(), name: z.string(), role: z.string(), joinedAt: z.string() }),
  ),
  stepFlags: z.array(
    z.object({
      flaggedAt: z.string(),
      reason: z.string(),
      refusals: z.number().int(),
      reviewedAt: z.string().nullable(),
    }),
  ),
  reportsAbout: z.array(reportSchema),
  reportsBy: z.array(reportSchema),
  sessions: z.array(memberSessionSchema),
  /** How many passkeys the member can sign in with (0: passkeys off). */
  passkeys: z.number().int(),
  /** Issue 33: the member's connected watches and their last two weeks' steps by source. */
  stepSources: z.object({
    connections: z.array(
      z.object({
        vendor: z.string(),
        /** `revoke`: disconnected, the vendor's access being revoked. */
        status: z.enum(["connected", "reconnect", "revoke"]),
        connectedAt: z.string(),
        lastSyncAt: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
    /** Days with steps, newest first: what counted, and each source's own count. */
    days: z.array(
      z.object({
        date: z.string(),
        steps: z.number().int(),
        sources: z.array(z.object({ source: z.string(), steps: z.number().int() })),
      }),
    ),
  }),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const memberTransactionsQuerySchema = z.object({
  /** The id of the last transaction of the previous page. */
  cursor: dbIdParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/**
 * An admin grant or its reversal on the member page (issue 23): who moved the money, and which
 * grant was reversed by which transfer. The reason is the transaction's description.
 */
export const adminMoveSchema = z.object({
  admin: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  reversedBy: z.number().int().nullable(),
  reverses: z.number().int().nullable(),
});
export type AdminMove = z.infer<typeof adminMoveSchema>;

export const memberTransactionSchema = transactionSchema.extend({
  /** Only on admin grants and reversals. */
  adminMove: adminMoveSchema.nullable(),
});
export type MemberTransaction = z.infer<typeof memberTransactionSchema>;

export const memberTransactionsPageSchema = z.object({
  items: z.array(memberTransactionSchema),
  nextCursor: z.number().int().nullable(),
});
export type MemberTransactionsPage = z.infer<typeof memberTransactionsPageSchema>;

export const memberSessionParamsSchema = z.object({ id: dbIdParamSchema, sessionId: dbIdParamSchema });

/** POST /api/admin/users/:id/unban: a note for the audit log, optional. */
export const unbanBodySchema = z
  .object({
    reason: z.string().trim().max(BAN_REASON_MAX, `At most ${BAN_REASON_MAX} characters`).optional(),
  })
  .nullish();
