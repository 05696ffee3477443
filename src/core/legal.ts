/**
 * The Terms and Privacy files as members read them (issue 32 item 6). The operator's file is plain
 * text ("# " title, "## " headings, blank lines between paragraphs) and may hold:
 * - notes for the operator between `<!--` and `-->`, never sent to members;
 * - a line `Effective: 2026-11-28`, the date the text applies from, shown under the title.
 */

const NOTE = /<!--[\s\S]*?(-->|$)/g;
const EFFECTIVE = /^\s*Effective(?: date)?:\s*(\d{4}-\d{2}-\d{2})\s*$/im;

/** The member's text (operator notes and the effective-date line taken out) and its effective date. */
export function memberLegalText(raw: string): { text: string; effectiveDate: string | null } {
  const withoutNotes = raw.replace(NOTE, "");
  const match = EFFECTIVE.exec(withoutNotes);
  const text = (match ? withoutNotes.replace(match[0], "") : withoutNotes).replace(/\n{3,}/g, "\n\n");
  const date = match?.[1] ?? null;
  const valid = date !== null && !Number.isNaN(Date.parse(`${date}T00:00:00Z`));
  return { text, effectiveDate: valid ? date : null };
}
