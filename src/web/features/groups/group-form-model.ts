import {
  GROUP_DEFAULT_DEADLINE_HOURS,
  GROUP_DEFAULT_DURATION_DAYS,
  GROUP_DEFAULT_ENTRY_PRICE_FC,
} from "../../../core/constants";
import { formatMinor } from "../../../core/money";
import { utcToZonedTime } from "../../../core/rules/zoned-time";
import type { CreateGroupBody, EditGroupBody, Group } from "../../../core/schemas/groups";
import { displayTimeZone } from "../../lib/format";
import { isoToZonedInput, knownTimeZone, zonedInputToIso } from "../../lib/local-datetime";
import type { CreateGroupRequest, EditGroupRequest } from "./api";

/** The forms of specification 2 section 5, as typed: every field a string or a flag. */

export interface CreateGroupFormValues {
  name: string;
  description: string;
  isPrivate: boolean;
  hasScheduledCompetition: boolean;
  competitionStartDate: string;
  competitionStartTime: string;
  /** "" (entries until the start), "-1" (always) or hours before the start. */
  entryDeadlineHours: string;
  competitionDuration: string;
  poolEntryPrice: string;
}

export const emptyCreateGroupForm: CreateGroupFormValues = {
  name: "",
  description: "",
  isPrivate: false,
  hasScheduledCompetition: false,
  competitionStartDate: "",
  competitionStartTime: "",
  entryDeadlineHours: String(GROUP_DEFAULT_DEADLINE_HOURS),
  competitionDuration: String(GROUP_DEFAULT_DURATION_DAYS),
  poolEntryPrice: formatMinor(GROUP_DEFAULT_ENTRY_PRICE_FC * 100),
};

const asFitcoins = (minor: number | null) => (minor === null ? null : minor / 100);

/** The create body from the schema's answer: FitCoins as numbers, no schedule fields without one. */
export function toCreateRequest(body: CreateGroupBody): CreateGroupRequest {
  const scheduled = body.hasScheduledCompetition;
  return {
    name: body.name,
    description: body.description,
    isPrivate: body.isPrivate,
    hasScheduledCompetition: scheduled,
    competitionStartDate: scheduled ? (body.competitionStartDate ?? null) : null,
    competitionStartTime: scheduled ? (body.competitionStartTime ?? null) : null,
    entryDeadlineHours: scheduled ? body.entryDeadlineHours : null,
    competitionDuration: scheduled ? body.competitionDuration : null,
    poolEntryPrice: asFitcoins(body.poolEntryPrice),
  };
}

/** Today as "YYYY-MM-DD" in a time zone (the start date picker's minimum). */
export function todayIn(timeZone: string | undefined, now = new Date()): string {
  return utcToZonedTime(now, knownTimeZone(timeZone ?? displayTimeZone())).date;
}

export interface EditGroupFormValues {
  name: string;
  description: string;
  poolGoal: string;
  poolEntryPrice: string;
  /** datetime-local values on the wall clock of the member's profile zone; "" for none. */
  competitionStartDate: string;
  competitionEndDate: string;
}

/** The edit form pre-filled from the group, its dates in `timeZone` (the member's profile zone). */
export function editFormFromGroup(group: Group, timeZone: string): EditGroupFormValues {
  return {
    name: group.name,
    description: group.description,
    poolGoal: group.poolGoal ?? "",
    poolEntryPrice: group.poolEntryPrice ?? "",
    competitionStartDate: group.competitionStartDate
      ? isoToZonedInput(group.competitionStartDate, timeZone)
      : "",
    competitionEndDate: group.competitionEndDate ? isoToZonedInput(group.competitionEndDate, timeZone) : "",
  };
}

/** Schedule next round: the group's form with the dates left for the next round's (DESIGN 1, group money). */
export function nextRoundFormFromGroup(group: Group, timeZone: string): EditGroupFormValues {
  return { ...editFormFromGroup(group, timeZone), competitionStartDate: "", competitionEndDate: "" };
}

export const NEXT_ROUND_DATES_REQUIRED = "Choose when the next round starts and ends";

/**
 * What the edit schema reads: dates as ISO instants, read in `timeZone` (an unreadable one as "",
 * so it is null).
 */
export function toEditBodyInput(values: EditGroupFormValues, timeZone: string) {
  return {
    ...values,
    competitionStartDate: zonedInputToIso(values.competitionStartDate, timeZone) ?? "",
    competitionEndDate: zonedInputToIso(values.competitionEndDate, timeZone) ?? "",
  };
}

/**
 * The edit body. The form shows minutes only: a date left as pre-filled is sent as stored, so
 * editing the name of a group whose competition has started does not move it (refused with 409).
 */
export function toEditRequest(
  body: EditGroupBody,
  values: EditGroupFormValues,
  group: Group,
  timeZone: string,
): EditGroupRequest {
  const before = editFormFromGroup(group, timeZone);
  const keep = (field: "competitionStartDate" | "competitionEndDate") =>
    values[field] !== "" && values[field] === before[field] ? group[field] : body[field];
  return {
    name: body.name,
    description: body.description,
    poolGoal: asFitcoins(body.poolGoal),
    poolEntryPrice: asFitcoins(body.poolEntryPrice),
    competitionStartDate: keep("competitionStartDate"),
    competitionEndDate: keep("competitionEndDate"),
  };
}
