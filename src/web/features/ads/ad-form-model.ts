import { AD_PLACEMENTS } from "../../../core/constants";
import { type Ad, type AdPlacement, adBodySchema } from "../../../core/schemas/ads";
import { ApiError } from "../../lib/api-client";
import { displayTimeZone } from "../../lib/format";
import { isoToZonedInput, zonedInputToIso } from "../../lib/local-datetime";
import type { AdRequest } from "./api";

/**
 * The ad form (specification 3 sections 5 and 8): the strings its inputs hold, the body they
 * become and the messages the manager shows. The shared schema (the route's) checks the body.
 */

export interface AdFormValues {
  title: string;
  content: string;
  imageUrl: string;
  linkUrl: string;
  placement: AdPlacement;
  /** The number input's text. */
  priority: string;
  /** datetime-local values ("2026-11-24T09:00"), "" when unset. */
  startDate: string;
  endDate: string;
  /** Only sent when editing. */
  isActive: boolean;
}

export type AdFormField = keyof AdFormValues;
export type AdFormMode = "create" | "edit";

export const PLACEMENT_LABELS: Record<AdPlacement, string> = {
  dashboard: "Dashboard",
  sidebar: "Sidebar",
  footer: "Footer",
  "between-content": "Between content",
};

/** Where each placement shows, said in the form so the admin knows where the ad will be seen. */
export const PLACEMENT_WHERE: Record<AdPlacement, string> = {
  dashboard: "on the dashboard",
  sidebar: "in the side column of wide screens",
  footer: "at the end of every member page",
  "between-content": "among the cards of lists (competitions, groups)",
};

export const PLACEMENT_OPTIONS = AD_PLACEMENTS.map((value) => ({ value, label: PLACEMENT_LABELS[value] }));

/** A new ad: priority 0 (sent as 1), on the dashboard. */
export function emptyAdForm(): AdFormValues {
  return {
    title: "",
    content: "",
    imageUrl: "",
    linkUrl: "",
    placement: "dashboard",
    priority: "0",
    startDate: "",
    endDate: "",
    isActive: true,
  };
}

/** An existing ad as the edit form shows it (dates in the profile's time zone, as the list shows them). */
export function adFormFrom(ad: Ad): AdFormValues {
  return {
    title: ad.title,
    content: ad.content,
    imageUrl: ad.imageUrl ?? "",
    linkUrl: ad.linkUrl ?? "",
    placement: ad.placement,
    priority: String(ad.priority),
    startDate: ad.startDate ? isoToZonedInput(ad.startDate, displayTimeZone()) : "",
    endDate: ad.endDate ? isoToZonedInput(ad.endDate, displayTimeZone()) : "",
    isActive: ad.isActive,
  };
}

const orNull = (text: string): string | null => {
  const trimmed = text.trim();
  return trimmed === "" ? null : trimmed;
};

/** A datetime-local value read in the profile's time zone, as ISO; unreadable text is kept for the check. */
function dateOrNull(local: string): string | null {
  const trimmed = local.trim();
  if (trimmed === "") return null;
  return zonedInputToIso(trimmed, displayTimeZone()) ?? trimmed;
}

/** Blank is 0; on creation a falsy priority (0, blank) becomes 1. Text that is no number stays NaN. */
export function priorityOf(text: string, mode: AdFormMode): number {
  const trimmed = text.trim();
  const value = trimmed === "" ? 0 : Number(trimmed);
  if (mode === "create" && value === 0) return 1;
  return value;
}

/** The body sent: text trimmed, empty optional fields as null, isActive only when editing. */
export function adRequest(values: AdFormValues, mode: AdFormMode): AdRequest {
  const body: AdRequest = {
    title: values.title.trim(),
    content: values.content.trim(),
    imageUrl: orNull(values.imageUrl),
    linkUrl: orNull(values.linkUrl),
    placement: values.placement,
    priority: priorityOf(values.priority, mode),
    startDate: dateOrNull(values.startDate),
    endDate: dateOrNull(values.endDate),
  };
  if (mode === "edit") body.isActive = values.isActive;
  return body;
}

export type AdFormCheck =
  | { ok: true; body: AdRequest }
  | { ok: false; errors: Partial<Record<AdFormField, string>> };

const FIELDS = new Set<string>(Object.keys(emptyAdForm()));

/** The form checked with the route's schema: the body, or the first message of each field. */
export function checkAdForm(values: AdFormValues, mode: AdFormMode): AdFormCheck {
  const body = adRequest(values, mode);
  const result = adBodySchema.safeParse(body);
  if (result.success) return { ok: true, body };
  const errors: Partial<Record<AdFormField, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    const name = (FIELDS.has(field) ? field : "title") as AdFormField;
    errors[name] ??= issue.message;
  }
  return { ok: false, errors };
}

export const CREATE_AD_FAILED = "Failed to create advertisement. Please try again later.";

function detailMessages(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  return details
    .map((d) => (typeof d === "object" && d !== null ? (d as { message?: unknown }).message : d))
    .filter((m): m is string => typeof m === "string" && m.length > 0);
}

/**
 * Why a creation failed (specification 3 section 8): 'Validation error: ' and the details'
 * messages, else the answer's error field (this API calls it message), else the default.
 */
export function createFailureMessage(error: unknown): string {
  const body = error instanceof ApiError ? error.body : undefined;
  if (typeof body === "object" && body !== null) {
    const { details, error: errorField, message } = body as Record<string, unknown>;
    const messages = detailMessages(details);
    if (messages.length > 0) return `Validation error: ${messages.join(", ")}`;
    if (typeof errorField === "string" && errorField) return errorField;
    if (typeof message === "string" && message) return message;
  }
  return CREATE_AD_FAILED;
}

const plural = (count: number) => `${count} advertisement${count === 1 ? "" : "s"}`;

/** The manager's messages (specification 3 section 8 "Advertisements" and "Confirm dialogs"). */
export const AD_TEXT = {
  created: "Advertisement created successfully!",
  createdDescription: "Your ad is now live in the app.",
  updated: "Advertisement updated successfully!",
  deleted: "Advertisement deleted successfully!",
  bulkDeleted: (count: number) => `${plural(count)} deleted`,
  bulkToggled: (count: number, isActive: boolean) =>
    `${plural(count)} ${isActive ? "activated" : "deactivated"}`,
  updateFailed: "Failed to update advertisement",
  deleteFailed: "Failed to delete advertisement",
  bulkDeleteFailed: "Failed to delete advertisements",
  bulkToggleFailed: "Failed to update advertisements",
  confirmDelete: (title: string) => `Delete "${title}"? This cannot be undone.`,
  confirmBulkDelete: (count: number) => `Delete ${plural(count)}? This cannot be undone.`,
} as const;
