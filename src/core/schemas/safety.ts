import { z } from "zod";
import { dbIdParamSchema } from "./common";

/*
 * Blocking and reports (specification 3 sections 2, 3, 5, 7 and 8; DESIGN 1, blocking and
 * reports). Block and report name a member by the username typed into the dialog.
 */

export const BLOCK_USERNAME_TITLE = "Username Required";
export const BLOCK_USERNAME_MESSAGE = "Please enter a username to block";
export const REPORT_MISSING_TITLE = "Missing Information";
export const REPORT_MISSING_MESSAGE = "Please enter a username and select a reason";

export const REPORT_REASONS = [
  { value: "harassment", label: "Harassment or Bullying" },
  { value: "spam", label: "Spam or Unwanted Content" },
  { value: "inappropriate_content", label: "Inappropriate Content" },
  { value: "cheating", label: "Cheating or Unfair Play" },
  { value: "fake_profile", label: "Fake Profile" },
  { value: "other", label: "Other" },
] as const;
export const reportReasonSchema = z.enum(REPORT_REASONS.map((r) => r.value) as [string, ...string[]], {
  error: REPORT_MISSING_MESSAGE,
});

/**
 * A member named by the typed username, or by their user id (a number) when blocked or reported
 * from their name in a chat or a standings list.
 */
const memberRef = (message: string) =>
  z.union([z.number().int().positive().max(2_147_483_647), z.string().trim().min(1, message).max(64)], {
    error: message,
  });

/** POST /api/users/block: `blockedId` carries the typed username (or the member's user id). */
export const blockBodySchema = z.object({
  blockedId: memberRef(BLOCK_USERNAME_MESSAGE),
  reason: z.string().trim().max(500).optional().nullable(),
});
export type BlockBody = z.infer<typeof blockBodySchema>;

/** POST /api/users/report: `reportedId` carries the typed username (or the member's user id). */
export const reportBodySchema = z.object({
  reportedId: memberRef(REPORT_MISSING_MESSAGE),
  reason: reportReasonSchema,
  description: z.string().trim().max(2000).optional().nullable(),
});
export type ReportBody = z.infer<typeof reportBodySchema>;

export const REPORT_REASON_MESSAGE = "Please select a reason";

/** POST /api/chat/messages/{id}/report: the message's author is the member reported. */
export const chatReportBodySchema = z.object({
  reason: z.enum(REPORT_REASONS.map((r) => r.value) as [string, ...string[]], {
    error: REPORT_REASON_MESSAGE,
  }),
  description: z.string().trim().max(2000).optional().nullable(),
});
export type ChatReportBody = z.infer<typeof chatReportBodySchema>;

/** DELETE /api/chat/messages/{id}: an admin may say why (written to the audit log). */
export const chatDeleteBodySchema = z
  .object({ reason: z.string().trim().max(500).optional().nullable() })
  .optional()
  .nullable();

/** A member the viewer blocked: `blockedId` is that member's id (DELETE /api/users/block/{blockedId}). */
export const blockedUserSchema = z.object({
  id: z.number().int(),
  blockedId: z.number().int(),
  blockedUser: z.object({ username: z.string(), firstName: z.string(), lastName: z.string() }),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockedIdParamsSchema = z.object({ blockedId: dbIdParamSchema });

/** GET /api/admin/reports: reports not yet reviewed, oldest first. */
export const reportSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  description: z.string().nullable(),
  createdAt: z.string(),
  reporter: z.object({ id: z.number().int(), username: z.string() }),
  reported: z.object({
    id: z.number().int(),
    username: z.string(),
    firstName: z.string(),
    lastName: z.string(),
  }),
  /** Open reports about the same member, this one included. */
  reportsAboutMember: z.number().int(),
  /** The chat message reported, when the report is about one (its text kept if it was deleted). */
  message: z
    .object({
      id: z.number().int(),
      text: z.string(),
      createdAt: z.string(),
      deleted: z.boolean(),
      room: z.object({ kind: z.enum(["competition", "group"]), id: z.number().int(), name: z.string() }),
    })
    .nullable(),
});
export type Report = z.infer<typeof reportSchema>;
