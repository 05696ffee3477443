// The audit-log screen's pure parts: filters to query parameters, an entry's target and details in words.

import { zonedTimeToUtc } from "../../../../core/rules/zoned-time";
import { AUDIT_ACTIONS, type AuditEntry, auditActionWords } from "../../../../core/schemas/audit";
import { formatInZone } from "../../../lib/format";

export type AuditFilters = {
  /** "" for every action, an object ("user") for all its actions, or one action ("user.ban"). */
  action: string;
  /** Username or id, as typed. */
  admin: string;
  member: string;
  /** Days (YYYY-MM-DD) in the admin's zone, both inclusive; "" for open. */
  from: string;
  to: string;
};

export const NO_FILTERS: AuditFilters = { action: "", admin: "", member: "", from: "", to: "" };

const DAY_MS = 86_400_000;

function nextDay(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d) + DAY_MS).toISOString().slice(0, 10);
}

/** The query string of GET /api/admin/audit-log for these filters (without the cursor). */
export function auditQuery(filters: AuditFilters, timeZone: string, limit = 25): URLSearchParams {
  const q = new URLSearchParams();
  if (filters.action) q.set("action", filters.action);
  const who = (value: string, idKey: string, nameKey: string) => {
    const text = value.trim().replace(/^@/, "");
    if (!text) return;
    if (/^\d+$/.test(text)) q.set(idKey, text);
    else q.set(nameKey, text);
  };
  who(filters.admin, "adminId", "adminUsername");
  who(filters.member, "targetUserId", "targetUsername");
  if (filters.from) q.set("from", zonedTimeToUtc(filters.from, "00:00", timeZone).toISOString());
  // "to" is the whole of that day: up to the instant before the next one starts.
  if (filters.to) {
    const end = zonedTimeToUtc(nextDay(filters.to), "00:00", timeZone).getTime() - 1;
    q.set("to", new Date(end).toISOString());
  }
  q.set("limit", String(limit));
  return q;
}

/**
 * Who did it, in words: "by @ada", or for a member's own security change "by @dana, on their own
 * account". With `auditActionWords` (the one mapping of action names to words), what every screen
 * that shows the log says of an entry.
 */
export function auditActorWords(entry: Pick<AuditEntry, "actor" | "admin">): string {
  return entry.actor === "member"
    ? `by @${entry.admin.username}, on their own account`
    : `by @${entry.admin.username}`;
}

/** The filter's choices: every object's actions together, then each action, in words. */
export function actionOptions(): { value: string; label: string }[] {
  const names = Object.keys(AUDIT_ACTIONS);
  const objects = [...new Set(names.map((n) => n.split(".")[0]))];
  return [
    ...objects.map((o) => ({ value: o, label: `All ${o.replace(/_/g, " ")} actions` })),
    ...names.map((n) => ({ value: n, label: auditActionWords(n) })),
  ];
}

const TARGET_WORDS: Record<string, string> = {
  user: "Member",
  competition: "Competition",
  dispute: "Dispute",
  step_flag: "Step flag",
  report: "Report",
  payment_flag: "Payment review",
  offer: "Gift card offer",
  product: "Product",
  ad: "Ad",
  group: "Group",
  deposits: "Deposits",
};

/** The object acted on in words ("Competition #12"); null when the member link says it all. */
export function targetWords(
  entry: Pick<AuditEntry, "targetType" | "targetId" | "targetUser">,
): string | null {
  if ((entry.targetType === "user" || entry.targetType === "account") && entry.targetUser) return null;
  const name = TARGET_WORDS[entry.targetType] ?? entry.targetType.replace(/_/g, " ");
  // A step flag is keyed by its member, already linked.
  if (entry.targetType === "step_flag") return name;
  return entry.targetId === null ? name : `${name} #${entry.targetId}`;
}

/** Keys whose unit the words should carry. */
const LABELS: Record<string, string> = {
  fitcoins: "FitCoins",
  refundedFitcoins: "Refunded (FC)",
  usd: "Amount ($)",
  shortfallUsd: "Shortfall ($)",
  recoveredUsd: "Recovered ($)",
  priceUsd: "Price ($)",
  priceCents: "Price (cents)",
  entryFee: "Entry fee (FC)",
  entryPrice: "Entry price (FC)",
  poolEntryPrice: "Entry price (FC)",
  poolGoal: "Pool goal (FC)",
  transferId: "Ledger transfer",
  reporterId: "Reporter (member id)",
  competitionId: "Competition id",
};

/** "startDate" → "Start date", "refunded_fc" → "Refunded fc"; known keys with their unit. */
const label = (key: string) =>
  LABELS[key] ??
  key
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function shown(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "none";
  if (value === true) return "yes";
  if (value === false) return "no";
  if (Array.isArray(value)) return value.length ? value.map((v) => shown(v, timeZone)).join(", ") : "none";
  if (typeof value === "object") return JSON.stringify(value);
  if (typeof value === "string" && INSTANT.test(value)) return formatInZone(value, timeZone) || value;
  return String(value);
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === "object" && v !== null && "from" in v && "to" in v;

/** What a reader looks for first; the database keeps JSON keys in an order of its own. */
const FIRST = [
  "name",
  "title",
  "brand",
  "group",
  "competition",
  "month",
  "startDate",
  "endDate",
  "start",
  "end",
];
const rank = (key: string) => {
  const i = FIRST.indexOf(key);
  return i === -1 ? FIRST.length : i;
};
const ordered = (o: object) => Object.entries(o).sort(([a], [b]) => rank(a) - rank(b));

/**
 * The details as lines a reader can scan ("Name: Morning Walkers → Evening Walkers", "FitCoins:
 * 25"), instants in the admin's zone.
 */
export function detailLines(
  details: AuditEntry["details"],
  timeZone = "UTC",
): { label: string; value: string }[] {
  if (!details) return [];
  const lines: { label: string; value: string }[] = [];
  const change = (c: { from: unknown; to: unknown }) =>
    `${shown(c.from, timeZone)} → ${shown(c.to, timeZone)}`;
  for (const [key, value] of ordered(details)) {
    if (key === "changes" && typeof value === "object" && value !== null) {
      const changes = ordered(value);
      if (changes.length === 0) lines.push({ label: "Changes", value: "none" });
      for (const [field, c] of changes) {
        lines.push({ label: label(field), value: isChange(c) ? change(c) : shown(c, timeZone) });
      }
    } else if (isChange(value)) {
      lines.push({ label: label(key), value: change(value) });
    } else {
      lines.push({ label: label(key), value: shown(value, timeZone) });
    }
  }
  return lines;
}
