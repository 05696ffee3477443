import { readFile, stat } from "node:fs/promises";
import { memberLegalText } from "../../../core/legal";
import type { HelpInfo, LegalDocument, LegalDocumentName } from "../../../core/schemas/help";
import type { AppContext } from "../../context";

/** What the Help page says from the settings (SUPPORT_EMAIL, the grace period); public, like the page. */
export function helpInfo(ctx: AppContext): HelpInfo {
  return {
    supportEmail: ctx.config.supportEmail,
    settlementGraceMinutes: Math.round((ctx.config.settlementGraceMs / 60_000) * 10) / 10,
  };
}

/**
 * The Terms or Privacy text, read from its file on each request, so an operator who replaces the
 * file (TERMS_FILE, PRIVACY_FILE) changes the page without a restart. A missing file is a 500,
 * logged with its path.
 */
export async function legalDocument(ctx: AppContext, document: LegalDocumentName): Promise<LegalDocument> {
  const file = ctx.config.legalFiles[document];
  const [raw, info] = await Promise.all([readFile(file, "utf8"), stat(file)]);
  const { text, effectiveDate } = memberLegalText(raw);
  return { document, text, effectiveDate: effectiveDate ?? info.mtime.toISOString().slice(0, 10) };
}
