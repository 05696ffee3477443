import { ENTRY_FEE_TOAST_MS } from "../../../core/constants";
import {
  type Competition,
  type CompetitionBodyInput,
  competitionBodySchema,
  ENTRY_FEE_MESSAGE,
  MISSING_INFORMATION,
} from "../../../core/schemas/competitions";
import { isoToZonedInput, zonedInputToIso } from "../../lib/local-datetime";
import type { CompetitionRequest } from "./api";
import type { ToastText } from "./competition-view";

/**
 * The create and edit form (specification 2 section 5): text fields as typed, dates as the
 * browser's datetime-local value on the wall clock of the admin's profile time zone (DESIGN 1:
 * one zone everywhere, whatever zone the device is set to).
 */
export interface CompetitionFormValues {
  name: string;
  description: string;
  entryFee: string;
  maxParticipants: string;
  startDate: string;
  endDate: string;
  /** "" (entries until the start) or one of the cutoff options. */
  entryDeadlineHours: string;
}

export { isoToLocalInput, localInputToIso, offsetText } from "../../lib/local-datetime";

export const emptyCompetitionForm: CompetitionFormValues = {
  name: "",
  description: "",
  entryFee: "",
  maxParticipants: "",
  startDate: "",
  endDate: "",
  entryDeadlineHours: "",
};

/**
 * What the form says, in the shape the shared schema reads (empty fields become null), its
 * dates read in `timeZone`.
 */
export function toBodyInput(values: CompetitionFormValues, timeZone: string): CompetitionBodyInput {
  const maxText = values.maxParticipants.trim();
  const cutoff = values.entryDeadlineHours.trim();
  return {
    name: values.name,
    description: values.description,
    entryFee: values.entryFee.trim() === "" ? null : values.entryFee,
    maxParticipants: maxText === "" ? null : Number(maxText),
    // An unreadable date is left empty, so the schema answers Missing Information.
    startDate: zonedInputToIso(values.startDate, timeZone) ?? "",
    endDate: zonedInputToIso(values.endDate, timeZone) ?? "",
    entryDeadlineHours: cutoff === "" ? null : Number(cutoff),
  };
}

export type FormCheck =
  | { ok: true; request: CompetitionRequest }
  | { ok: false; toast: ToastText | null; fieldErrors: Partial<Record<keyof CompetitionFormValues, string>> };

/**
 * Validates with the schema the server uses. Missing fields and a bad entry fee are toasts
 * (the fee's for 30 s); the other rules (end after start, cutoff, maximum) sit under their field.
 */
export function checkCompetitionForm(
  values: CompetitionFormValues,
  options: { feeRequired?: boolean; timeZone: string },
): FormCheck {
  const parsed = competitionBodySchema.safeParse(toBodyInput(values, options.timeZone));
  const feeMissing = options.feeRequired === true && values.entryFee.trim() === "";
  if (parsed.success && !feeMissing) {
    const body = parsed.data;
    return {
      ok: true,
      request: {
        name: body.name,
        description: body.description,
        // The schema answers hundredths; the API takes FitCoins as numbers.
        entryFee: body.entryFee === null ? null : body.entryFee / 100,
        maxParticipants: body.maxParticipants,
        startDate: body.startDate,
        endDate: body.endDate,
        entryDeadlineHours: body.entryDeadlineHours,
      },
    };
  }
  const issues = parsed.success ? [] : parsed.error.issues;
  if (issues.some((i) => i.message === MISSING_INFORMATION)) {
    const [title, description] = MISSING_INFORMATION.split(": ");
    return { ok: false, toast: { title, description, variant: "destructive" }, fieldErrors: {} };
  }
  if (feeMissing || issues.some((i) => i.message === ENTRY_FEE_MESSAGE)) {
    return {
      ok: false,
      toast: {
        title: "Invalid Entry Fee",
        description: ENTRY_FEE_MESSAGE,
        variant: "destructive",
        duration: ENTRY_FEE_TOAST_MS,
      },
      fieldErrors: { entryFee: ENTRY_FEE_MESSAGE },
    };
  }
  const fieldErrors: Partial<Record<keyof CompetitionFormValues, string>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === "string" && field in emptyCompetitionForm) {
      fieldErrors[field as keyof CompetitionFormValues] ??= issue.message;
    }
  }
  return { ok: false, toast: null, fieldErrors };
}

/** The edit form pre-filled from a competition, its dates in `timeZone`. */
export function formFromCompetition(c: Competition, timeZone: string): CompetitionFormValues {
  return {
    name: c.name,
    description: c.description,
    entryFee: c.entryFee === null ? "" : String(c.entryFee),
    maxParticipants: c.maxParticipants === null ? "" : String(c.maxParticipants),
    startDate: isoToZonedInput(c.startDate, timeZone),
    endDate: isoToZonedInput(c.endDate, timeZone),
    entryDeadlineHours: c.entryDeadlineHours === null ? "" : String(c.entryDeadlineHours),
  };
}

/**
 * The edit form shows minutes only: a date left as it was pre-filled is sent as the stored
 * instant, so editing the name of a started competition does not move its window by seconds
 * (which the server refuses after the start).
 */
export function keepUnchangedDates(
  request: CompetitionRequest,
  values: CompetitionFormValues,
  c: Competition,
  timeZone: string,
) {
  const before = formFromCompetition(c, timeZone);
  return {
    ...request,
    startDate: values.startDate === before.startDate ? c.startDate : request.startDate,
    endDate: values.endDate === before.endDate ? c.endDate : request.endDate,
  };
}

// ---------------------------------------------------------------- the create form's draft

export const COMPETITION_DRAFT_KEY = "competitionDraft";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The saved draft, with every field a string (anything else in storage is ignored). */
export function readCompetitionDraft(store: Storage | null = storage()): CompetitionFormValues | null {
  let raw: string | null = null;
  try {
    raw = store?.getItem(COMPETITION_DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== "object" || value === null) return null;
    const draft = { ...emptyCompetitionForm };
    for (const key of Object.keys(emptyCompetitionForm) as (keyof CompetitionFormValues)[]) {
      const field = (value as Record<string, unknown>)[key];
      if (typeof field === "string") draft[key] = field;
    }
    return draft;
  } catch {
    return null;
  }
}

export function isEmptyDraft(values: CompetitionFormValues): boolean {
  return Object.values(values).every((v) => v.trim() === "");
}

/** Saves the draft; an empty form removes it. Storage full or disabled: the form still works. */
export function writeCompetitionDraft(
  values: CompetitionFormValues,
  store: Storage | null = storage(),
): void {
  try {
    if (isEmptyDraft(values)) store?.removeItem(COMPETITION_DRAFT_KEY);
    else store?.setItem(COMPETITION_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // Not kept; nothing else to do.
  }
}

export function clearCompetitionDraft(store: Storage | null = storage()): void {
  try {
    store?.removeItem(COMPETITION_DRAFT_KEY);
  } catch {
    // Same as above.
  }
}
