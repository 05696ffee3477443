import { z } from "zod";

/** GET /api/help: what the Help page needs from the server's settings. */
export const helpInfoSchema = z.object({
  supportEmail: z.string(),
  /** SETTLEMENT_GRACE_SECONDS in minutes: how long late syncs still count after an end. */
  settlementGraceMinutes: z.number(),
});
export type HelpInfo = z.infer<typeof helpInfoSchema>;

export const legalDocumentNameSchema = z.enum(["terms", "privacy"]);
export type LegalDocumentName = z.infer<typeof legalDocumentNameSchema>;

/**
 * GET /api/legal/{document}: the operator's plain text ("# " and "## " lines are headings), without
 * the operator's notes, and the day it applies from ("2026-11-28": the file's `Effective:` line, else
 * the day the file was last changed).
 */
export const legalDocumentSchema = z.object({
  document: legalDocumentNameSchema,
  text: z.string(),
  effectiveDate: z.string(),
});
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
