import { z } from "zod";
import {
  CHAT_MESSAGE_MAX,
  COMPETITION_DESCRIPTION_MAX,
  COMPETITION_NAME_MAX,
  ENTRY_DEADLINE_HOURS_OPTIONS,
  ENTRY_FEE_MAX_FC,
  ENTRY_FEE_MIN_FC,
} from "../constants";
import { parseMinor } from "../money";
import { fingerprintSchema } from "./auth";
import { dbIdParamSchema } from "./common";

/** Texts of specification 2 sections 5 and 8. */
export const MISSING_INFORMATION = "Missing Information: Please fill in all required fields.";
export const ENTRY_FEE_MESSAGE = `Entry fee must be between ${ENTRY_FEE_MIN_FC} and ${ENTRY_FEE_MAX_FC} coins`;
export const ENTRY_DEADLINE_MESSAGE = "Entry deadline must be a valid option";
export const END_AFTER_START_MESSAGE = "The end must be after the start";
export const START_IN_FUTURE_MESSAGE = "The start must be in the future";
export const NON_REFUNDABLE_MESSAGE = "Entry fees are non-refundable once the competition has started";

const required = (max: number) =>
  z
    .string({ error: MISSING_INFORMATION })
    .trim()
    .min(1, MISSING_INFORMATION)
    .max(max, `At most ${max} characters`);

/**
 * An entry fee in FitCoins, answered in hundredths: null (or empty) is free; otherwise 5 to 150
 * inclusive with at most two decimals. "$" and commas are stripped first (the form sends text).
 */
export const entryFeeSchema = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const text = String(value).replace(/[$,\s]/g, "");
    if (text === "") return null;
    const minor = parseMinor(text);
    if (minor === null || minor < ENTRY_FEE_MIN_FC * 100 || minor > ENTRY_FEE_MAX_FC * 100) {
      ctx.addIssue({ code: "custom", message: ENTRY_FEE_MESSAGE });
      return z.NEVER;
    }
    return minor;
  });

const instant = z.iso.datetime({ offset: true, error: MISSING_INFORMATION });

/** Create or edit payload (specification 2 section 3), the same for the form and the route. */
export const competitionBodySchema = z
  .object({
    name: required(COMPETITION_NAME_MAX),
    description: required(COMPETITION_DESCRIPTION_MAX),
    entryFee: entryFeeSchema,
    maxParticipants: z
      .number({ error: "Maximum participants must be a whole number of at least 1" })
      .int("Maximum participants must be a whole number of at least 1")
      .min(1, "Maximum participants must be a whole number of at least 1")
      .max(1_000_000, "Maximum participants is too large")
      .nullable()
      .optional()
      .transform((v) => v ?? null),
    startDate: instant,
    endDate: instant,
    entryDeadlineHours: z
      .number({ error: ENTRY_DEADLINE_MESSAGE })
      .refine((v) => (ENTRY_DEADLINE_HOURS_OPTIONS as readonly number[]).includes(v), ENTRY_DEADLINE_MESSAGE)
      .nullable()
      .optional()
      .transform((v) => v ?? null),
  })
  .refine((b) => new Date(b.endDate).getTime() > new Date(b.startDate).getTime(), {
    message: END_AFTER_START_MESSAGE,
    path: ["endDate"],
  });
export type CompetitionBody = z.output<typeof competitionBodySchema>;
export type CompetitionBodyInput = z.input<typeof competitionBodySchema>;

export const joinCompetitionBodySchema = z.object({ deviceFingerprint: fingerprintSchema.optional() });

export const chatMessageBodySchema = z.object({
  message: z
    .string({ error: "Message is required" })
    .trim()
    .min(1, "Message is required")
    .max(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX} characters`),
});

export const disputeBodySchema = z.object({
  reason: z
    .string({ error: "Please describe the problem" })
    .trim()
    .min(10, "Please describe the problem in at least 10 characters")
    .max(2000, "At most 2000 characters"),
});

export const participantParamsSchema = z.object({ id: dbIdParamSchema, userId: dbIdParamSchema });
export const inviteCodeParamsSchema = z.object({ code: z.string().trim().min(1).max(64) });
export const standingsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

export const standingsEntrySchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  steps: z.number(),
  position: z.number(),
});
export type StandingsEntry = z.infer<typeof standingsEntrySchema>;

export const resultSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  position: z.number(),
  steps: z.number(),
  /** FitCoins won, a number like 42.5. */
  prize: z.number(),
});

/**
 * A competition as every list and detail answers it: the fields of specification 2 section 3,
 * FitCoins as numbers, instants as ISO 8601, plus what the cards need (invite code, the viewer's
 * rank, whether entries are open, and after the end the settlement and its results).
 */
export const competitionSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  entryFee: z.number().nullable(),
  prizePool: z.number(),
  participantCount: z.number(),
  maxParticipants: z.number().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  /** When entries close; null: open until the end (entryDeadlineHours -1). */
  entryDeadline: z.string().nullable(),
  entryDeadlineHours: z.number().nullable(),
  status: z.enum(["upcoming", "active", "completed"]),
  createdBy: z.number(),
  isParticipant: z.boolean(),
  canJoin: z.boolean(),
  inviteCode: z.string(),
  leaderboard: z.array(standingsEntrySchema),
  userRank: z.object({ position: z.number(), steps: z.number() }).nullable(),
  /** After the end: pending (grace period), under_review (fair-play hold), settled, refunded. */
  settlement: z.enum(["open", "pending", "under_review", "settled", "refunded"]),
  results: z.array(resultSchema),
  /** Whether the viewer may still open a dispute (a participant, within 48 hours of the end). */
  canDispute: z.boolean(),
});
export type Competition = z.infer<typeof competitionSchema>;

export const competitionDetailSchema = competitionSchema.extend({
  standings: z.object({
    entries: z.array(standingsEntrySchema),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  }),
});
export type CompetitionDetail = z.infer<typeof competitionDetailSchema>;

/** A row of a full standings page: the entry, and after the payout the prize the ledger paid. */
export const standingsRowSchema = standingsEntrySchema.extend({
  /** FitCoins won (a number like 42.5), read from the ledger's prize transfer; null: none. */
  prize: z.number().nullable(),
});
export type StandingsRow = z.infer<typeof standingsRowSchema>;

/**
 * A page of a competition's (or a group round's) full standings. `final`: the competition is
 * settled or refunded, so positions are the final ones written by the settlement. `me`: the
 * viewer's own place and the page it is on (null when the viewer is not in it).
 */
export const standingsPageSchema = z.object({
  competition: z.object({
    id: z.number(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    status: z.enum(["upcoming", "active", "completed"]),
    settlement: z.enum(["open", "pending", "under_review", "settled", "refunded"]),
    participantCount: z.number(),
    /** FitCoins in the pool now (0 once paid out). */
    prizePool: z.number(),
    /** FitCoins the ledger paid as prizes for this competition. */
    paidOut: z.number(),
    groupId: z.number().nullable(),
  }),
  final: z.boolean(),
  entries: z.array(standingsRowSchema),
  page: z.number(),
  pageSize: z.number(),
  /** Members on the board (banned members are left out). */
  total: z.number(),
  pageCount: z.number(),
  me: z
    .object({ position: z.number(), steps: z.number(), page: z.number(), prize: z.number().nullable() })
    .nullable(),
});
export type StandingsPage = z.infer<typeof standingsPageSchema>;

/** The public preview of a competition invite: what a visitor needs to decide, nothing private. */
export const invitePreviewSchema = z.object({
  name: z.string(),
  description: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  entryDeadline: z.string().nullable(),
  status: z.enum(["upcoming", "active", "completed"]),
  /** FitCoins, a number like 12.5; null: free. */
  entryFee: z.number().nullable(),
  prizePool: z.number(),
  participantCount: z.number(),
  maxParticipants: z.number().nullable(),
  /** null: no limit. */
  placesLeft: z.number().nullable(),
  entriesOpen: z.boolean(),
});
export type InvitePreview = z.infer<typeof invitePreviewSchema>;

export const chatMessageSchema = z.object({
  id: z.number(),
  userId: z.number(),
  message: z.string(),
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
