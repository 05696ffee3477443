import { formatMinor } from "../../core/money";

/*
 * CSV for the downloads people open in a spreadsheet (a member's statement, the ledger export):
 * RFC 4180 cells and CRLF lines, made safe against formula injection. A text cell that a
 * spreadsheet would run as a formula (=, +, -, @, a tab or a carriage return first) gets a leading
 * apostrophe, OWASP's advice for CSV injection; numbers the server writes itself stay numbers.
 */

const UNSAFE_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One cell. `null` is empty; a number is written as is; a text is defused when it starts like a
 * formula, unless `numeric` says the server wrote it as a plain number ("-6.99"). Quoted when it
 * holds a comma, a quote or a line break (quotes doubled).
 */
export function csvCell(value: string | number | null, numeric = false): string {
  if (value === null) return "";
  const text = String(value);
  const plain = typeof value === "number" || (numeric && PLAIN_NUMBER.test(text));
  const safe = !plain && UNSAFE_START.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One line of cells already made by csvCell. */
export const csvLine = (cells: string[]): string => `${cells.join(",")}\r\n`;

/** An amount in its unit for a CSV: dollars and FitCoins with two decimals ("-12.50"), points whole. */
export const amountText = (minor: number, currency: string): string =>
  currency === "PTS" ? String(minor) : formatMinor(minor);
