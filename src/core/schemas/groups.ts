import { z } from "zod";
import {
  COMPETITION_DESCRIPTION_MAX,
  COMPETITION_NAME_MAX,
  ENTRY_FEE_MAX_FC,
  ENTRY_FEE_MIN_FC,
  GROUP_DURATION_DAYS,
  POOL_CONTRIBUTION_MAX_FC,
  POOL_CONTRIBUTION_MIN_FC,
} from "../constants";
import { parseMinor } from "../money";
import { resultSchema, standingsEntrySchema } from "./competitions";

/** Texts of specification 2 sections 5 and 8. */
export const GROUP_NAME_REQUIRED = "Group name is required";
export const START_DATE_REQUIRED = "Competition start date is required";
export const START_TIME_REQUIRED = "Competition start time is required";
export const GROUP_DEADLINE_MESSAGE = "Entry deadline must be a valid option";
export const DURATION_REQUIRED = "Competition duration is required";
export const GROUP_ENTRY_FEE_MESSAGE = `Entry fee must be between ${ENTRY_FEE_MIN_FC} and ${ENTRY_FEE_MAX_FC} coins`;
export const EDIT_ENTRY_PRICE_MESSAGE = "Entry price must be between $5.00 and $150.00";
export const ENTRY_PRICE_REQUIRED = "Entry price is required";
export const ENTRY_PRICE_RANGE = `Entry price must be between ${ENTRY_FEE_MIN_FC} and ${ENTRY_FEE_MAX_FC} coins`;
export const VALID_ENTRY_PRICE = "Valid entry price is required";
export const CONTRIBUTION_REQUIRED = "Amount is required";
export const CONTRIBUTION_RANGE = "Amount must be between $1 and $500";
export const VALID_AMOUNT = "Valid amount is required";
export const VALID_EMAIL = "Valid email address is required";
export { ROUND_ENDED_MESSAGE } from "../rules/group-round";
export const START_IN_PAST_MESSAGE = "The competition cannot start in the past";

/** "$1,234.50" or 12.5 to hundredths, or null for empty; undefined when it is not a number at all. */
export function moneyInput(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  const text = String(value).replace(/[$,\s]/g, "");
  if (text === "") return null;
  return parseMinor(text) ?? undefined;
}

/** An optional price of 5 to 150 FitCoins in hundredths (null: none), with the given message. */
const priceSchema = (message: string) =>
  z
    .union([z.number(), z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const minor = moneyInput(value);
      if (minor === null) return null;
      if (minor === undefined || minor < ENTRY_FEE_MIN_FC * 100 || minor > ENTRY_FEE_MAX_FC * 100) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return minor;
    });

/** A new group's entry price as Create Group checks it (hundredths; null: the default of 15). */
export const groupEntryPriceSchema = priceSchema(GROUP_ENTRY_FEE_MESSAGE);

const name = z
  .string({ error: GROUP_NAME_REQUIRED })
  .trim()
  .min(1, GROUP_NAME_REQUIRED)
  .max(COMPETITION_NAME_MAX, `At most ${COMPETITION_NAME_MAX} characters`);
const description = z
  .string()
  .trim()
  .max(COMPETITION_DESCRIPTION_MAX, `At most ${COMPETITION_DESCRIPTION_MAX} characters`)
  .nullish()
  .transform((v) => v ?? "");

/** The create form (specification 2 section 3); the start is a local date and time in the creator's zone. */
export const createGroupBodySchema = z
  .object({
    name,
    description,
    isPrivate: z.boolean().optional().default(false),
    hasScheduledCompetition: z.boolean().optional().default(false),
    competitionStartDate: z.string().trim().nullish(),
    competitionStartTime: z.string().trim().nullish(),
    entryDeadlineHours: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v, ctx) => {
        if (v === null || v === undefined || v === "") return null;
        const n = Number(v);
        if (!Number.isInteger(n) || (n !== -1 && n < 1) || n > 24 * 30) {
          ctx.addIssue({ code: "custom", message: GROUP_DEADLINE_MESSAGE });
          return z.NEVER;
        }
        return n;
      }),
    competitionDuration: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((v) => (v === null || v === undefined || v === "" ? null : Number(v))),
    poolEntryPrice: groupEntryPriceSchema,
  })
  .superRefine((b, ctx) => {
    if (!b.hasScheduledCompetition) return;
    if (!b.competitionStartDate || !/^\d{4}-\d{2}-\d{2}$/.test(b.competitionStartDate)) {
      ctx.addIssue({ code: "custom", path: ["competitionStartDate"], message: START_DATE_REQUIRED });
    }
    if (!b.competitionStartTime || !/^\d{2}:\d{2}$/.test(b.competitionStartTime)) {
      ctx.addIssue({ code: "custom", path: ["competitionStartTime"], message: START_TIME_REQUIRED });
    }
    if (
      b.competitionDuration === null ||
      !(GROUP_DURATION_DAYS as readonly number[]).includes(b.competitionDuration)
    ) {
      ctx.addIssue({ code: "custom", path: ["competitionDuration"], message: DURATION_REQUIRED });
    }
  });
export type CreateGroupBody = z.output<typeof createGroupBodySchema>;

const instantOrNull = z
  .union([z.iso.datetime({ offset: true }), z.literal(""), z.null()])
  .optional()
  .transform((v) => (v ? v : null));

/** The edit form: name, description, pool goal, entry price, competition dates (empty: null). */
export const editGroupBodySchema = z
  .object({
    name,
    description,
    poolGoal: z
      .union([z.number(), z.string(), z.null()])
      .optional()
      .transform((value, ctx) => {
        const minor = moneyInput(value);
        if (minor === undefined || (minor !== null && minor > 100_000_000)) {
          ctx.addIssue({ code: "custom", message: "Pool goal must be an amount" });
          return z.NEVER;
        }
        return minor === 0 ? null : minor;
      }),
    poolEntryPrice: priceSchema(EDIT_ENTRY_PRICE_MESSAGE),
    competitionStartDate: instantOrNull,
    competitionEndDate: instantOrNull,
  })
  .superRefine((b, ctx) => {
    if ((b.competitionStartDate === null) !== (b.competitionEndDate === null)) {
      ctx.addIssue({
        code: "custom",
        path: ["competitionEndDate"],
        message: "Give both competition dates, or neither",
      });
    } else if (
      b.competitionStartDate &&
      b.competitionEndDate &&
      new Date(b.competitionEndDate).getTime() <= new Date(b.competitionStartDate).getTime()
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["competitionEndDate"],
        message: "The end must be after the start",
      });
    }
  });
export type EditGroupBody = z.output<typeof editGroupBodySchema>;

/** PATCH entry-price: a string (specification 2 section 3), "$" and commas stripped. */
export const entryPriceBodySchema = z.object({
  entryPrice: z.union([z.string(), z.number()], { error: ENTRY_PRICE_REQUIRED }).transform((value, ctx) => {
    if (String(value).trim() === "") {
      ctx.addIssue({ code: "custom", message: ENTRY_PRICE_REQUIRED });
      return z.NEVER;
    }
    const minor = moneyInput(value);
    if (minor === undefined || minor === null) {
      ctx.addIssue({ code: "custom", message: VALID_ENTRY_PRICE });
      return z.NEVER;
    }
    if (minor < ENTRY_FEE_MIN_FC * 100 || minor > ENTRY_FEE_MAX_FC * 100) {
      ctx.addIssue({ code: "custom", message: ENTRY_PRICE_RANGE });
      return z.NEVER;
    }
    return minor;
  }),
});

/** A contribution of 1 to 500 FitCoins (DESIGN 1), two decimals at most. */
export const contributionBodySchema = z.object({
  amount: z.union([z.number(), z.string()], { error: CONTRIBUTION_REQUIRED }).transform((value, ctx) => {
    const minor = moneyInput(value);
    if (minor === null) {
      ctx.addIssue({ code: "custom", message: CONTRIBUTION_REQUIRED });
      return z.NEVER;
    }
    if (minor === undefined) {
      ctx.addIssue({ code: "custom", message: VALID_AMOUNT });
      return z.NEVER;
    }
    if (minor < POOL_CONTRIBUTION_MIN_FC * 100 || minor > POOL_CONTRIBUTION_MAX_FC * 100) {
      ctx.addIssue({ code: "custom", message: CONTRIBUTION_RANGE });
      return z.NEVER;
    }
    return minor;
  }),
  description: z
    .string()
    .trim()
    .max(200, "At most 200 characters")
    .nullish()
    .transform((v) => (v ? v : null)),
});

export const inviteEmailBodySchema = z.object({
  email: z.string({ error: VALID_EMAIL }).trim().pipe(z.email(VALID_EMAIL)),
});

export const memberRoleBodySchema = z.object({ role: z.enum(["admin", "member"]) });

export const groupMemberSchema = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(["admin", "member"]),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** A group as the list and the detail answer it: specification 2 section 3, FitCoins as decimal strings. */
export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  role: z.enum(["admin", "member"]).nullable(),
  memberCount: z.number(),
  members: z.array(groupMemberSchema),
  poolBalance: z.string(),
  poolGoal: z.string().nullable(),
  poolEntryPrice: z.string().nullable(),
  hasScheduledCompetition: z.boolean(),
  competitionStartDate: z.string().nullable(),
  competitionEndDate: z.string().nullable(),
  entryDeadlineDate: z.string().nullable(),
  entryDeadlineHours: z.number().nullable(),
  competitionStatus: z.enum(["scheduled", "active", "completed"]).nullable(),
  /** After the end: pending (grace period), under_review, settled or refunded; null without one. */
  settlement: z.enum(["open", "pending", "under_review", "settled", "refunded"]).nullable(),
  inviteCode: z.string(),
  createdBy: z.number(),
  isPrivate: z.boolean(),
  createdAt: z.string(),
  /** The top 5 of the group's competition. */
  leaderboard: z.array(standingsEntrySchema),
});
export type Group = z.infer<typeof groupSchema>;

/** A past round of a group's competition (DESIGN 1, group money): its window and who was paid. */
export const groupRoundSchema = z.object({
  id: z.number(),
  /** 1 for the group's first round, counted over its settled rounds. */
  number: z.number(),
  startDate: z.string(),
  endDate: z.string(),
  /** settled: the pool was paid to the winners; refunded: nobody walked, every payer got theirs back. */
  settlement: z.enum(["settled", "refunded"]),
  participantCount: z.number(),
  /** FitCoins paid to the winners, a number like 42.5 (0 when refunded). */
  paidOut: z.number(),
  /** The winners, best first (ties share a position). */
  results: z.array(resultSchema),
  /** The viewer's own final place, null when they did not take part. */
  mine: z.object({ position: z.number().nullable(), steps: z.number(), prize: z.number() }).nullable(),
});
export type GroupRound = z.infer<typeof groupRoundSchema>;

/**
 * What an invite shows of the group as it is now (issue 32), signed in or not: members, pool,
 * entry price, the round's window and where it stands. Counts and sums only, no member names.
 */
const inviteStateShape = {
  memberCount: z.number(),
  /** FitCoins in the pool, a decimal string like "45.00". */
  poolBalance: z.string(),
  poolEntryPrice: z.string().nullable(),
  competitionStartDate: z.string().nullable(),
  /** When entries to the round close (null: until its end, or no round). */
  entryDeadlineDate: z.string().nullable(),
  roundStatus: z.enum(["none", "upcoming", "running", "entries_closed", "ended"]),
};

export const groupInfoSchema = z.object({
  name: z.string(),
  description: z.string(),
  competitionEnded: z.boolean(),
  competitionEndDate: z.string().nullable(),
  hasScheduledCompetition: z.boolean(),
  isPrivate: z.boolean(),
  ...inviteStateShape,
});
export type GroupInfo = z.infer<typeof groupInfoSchema>;

/** The signed-in invite preview: enough to decide, up to 8 members. */
export const groupPreviewSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number(),
  isPrivate: z.boolean(),
  members: z.array(groupMemberSchema),
  poolEntryPrice: z.string().nullable(),
  isMember: z.boolean(),
  hasScheduledCompetition: z.boolean(),
  competitionStartDate: z.string().nullable(),
  competitionEndDate: z.string().nullable(),
  competitionEnded: z.boolean(),
  /** When entries to the group's competition close (null: until its end, or no competition). */
  entryDeadlineDate: z.string().nullable(),
  /** Whether a join would be let in now (not a member, competition not over, entries open). */
  canJoin: z.boolean(),
  poolBalance: inviteStateShape.poolBalance,
  roundStatus: inviteStateShape.roundStatus,
});
export type GroupPreview = z.infer<typeof groupPreviewSchema>;

/** A pay-in to a group's pool: a member's entry (the entry price) or a contribution. */
export const contributionSchema = z.object({
  id: z.number(),
  kind: z.enum(["entry", "contribution"]),
  amount: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});
export type Contribution = z.infer<typeof contributionSchema>;

export const groupMessageSchema = z.object({
  id: z.number(),
  userId: z.number(),
  message: z.string(),
  createdAt: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  userProfileImage: z.string().nullable(),
});
export type GroupMessage = z.infer<typeof groupMessageSchema>;

export const groupLeaderboardEntrySchema = standingsEntrySchema;
