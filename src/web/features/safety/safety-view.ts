import {
  BLOCK_USERNAME_MESSAGE,
  BLOCK_USERNAME_TITLE,
  type BlockBody,
  type BlockedUser,
  REPORT_MISSING_MESSAGE,
  REPORT_MISSING_TITLE,
  REPORT_REASONS,
  type ReportBody,
} from "../../../core/schemas/safety";
import { ApiError } from "../../lib/api-client";

/** The texts of specification 3 section 8 (Safety). */
export const SAFETY_TEXTS = {
  blocked: {
    title: "User Blocked",
    description: "This user has been blocked and won't be able to contact you.",
  },
  blockFailed: { title: "Block Failed", fallback: "Failed to block user" },
  unblocked: { title: "User Unblocked", description: "This user has been unblocked." },
  unblockFailed: { title: "Unblock Failed", description: "Failed to unblock user" },
  reported: {
    title: "Report Submitted",
    description: "Thank you for reporting this user. Our team will review it.",
  },
  reportFailed: { title: "Report Failed", description: "Failed to submit report" },
} as const;

export const ENCOURAGED = [
  "Support other members on their journey",
  "Share tips and motivation",
  "Celebrate others' achievements",
  "Keep conversations friendly and respectful",
  "Report concerns to our team",
] as const;

export const PROHIBITED = [
  "Harassment or bullying",
  "Spam or unwanted content",
  "Cheating or manipulating step counts",
  "Inappropriate content",
  "Fake accounts or impersonation",
] as const;

export type Checked<T> = { ok: true; body: T } | { ok: false; title: string; description: string };

const optional = (text: string): string | undefined => text.trim() || undefined;

/** The Block User form: a username after trimming; an empty reason is not sent. */
export function checkBlock(form: { username: string; reason: string }): Checked<BlockBody> {
  const blockedId = form.username.trim();
  if (!blockedId) return { ok: false, title: BLOCK_USERNAME_TITLE, description: BLOCK_USERNAME_MESSAGE };
  return { ok: true, body: { blockedId, reason: optional(form.reason) } };
}

const REASON_VALUES: readonly string[] = REPORT_REASONS.map((r) => r.value);

/** The Report User form: a username and one of the six reasons; an empty description is not sent. */
export function checkReport(form: {
  username: string;
  reason: string;
  description: string;
}): Checked<ReportBody> {
  const reportedId = form.username.trim();
  if (!reportedId || !REASON_VALUES.includes(form.reason)) {
    return { ok: false, title: REPORT_MISSING_TITLE, description: REPORT_MISSING_MESSAGE };
  }
  return { ok: true, body: { reportedId, reason: form.reason, description: optional(form.description) } };
}

/**
 * 'Failed to submit report', with the server's reason when it refused the member named (unknown
 * username, yourself), so a typo can be fixed; other failures keep the text alone.
 */
export function reportFailure(error: unknown): string {
  const base = SAFETY_TEXTS.reportFailed.description;
  if (error instanceof ApiError && (error.status === 400 || error.status === 404) && error.message) {
    return `${base}: ${error.message}`;
  }
  return base;
}

/** "Dana Cole", or the username when the member has no name (an anonymised account). */
export function blockedName(record: Pick<BlockedUser, "blockedUser">): string {
  const { username, firstName, lastName } = record.blockedUser;
  return `${firstName} ${lastName}`.trim() || username;
}
