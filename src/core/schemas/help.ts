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

/** GET /api/legal/{document}: the operator's plain text ("# " and "## " lines are headings). */
export const legalDocumentSchema = z.object({ document: legalDocumentNameSchema, text: z.string() });
export type LegalDocument = z.infer<typeof legalDocumentSchema>;
