import { formatMinor } from "../../../core/money";
import { competitionStatus, entryDeadline } from "../../../core/rules/entry-cutoff";
import type { StandingsEntry } from "../../../core/schemas/competitions";
import type { Group, GroupMember } from "../../../core/schemas/groups";
import { settlementState } from "../competitions/group-competitions.service";
import type { GroupListRow, MemberView } from "./groups.repo";

const money = (minor: number | null) => (minor === null ? null : formatMinor(minor));

/** The group's competition status: scheduled, active or completed from the clock; null without one. */
export function groupCompetitionStatus(row: Pick<GroupListRow, "startDate" | "endDate">, now: Date) {
  if (!row.startDate || !row.endDate) return null;
  const status = competitionStatus(now, row.startDate, row.endDate);
  return status === "upcoming" ? ("scheduled" as const) : status;
}

/** A member as a group's page lists them. */
export const memberView = (m: MemberView): GroupMember => ({
  userId: m.userId,
  firstName: m.firstName,
  lastName: m.lastName,
  profileImageUrl: m.profileImageUrl,
  role: m.role,
});

/**
 * A group as the API answers it (specification 2 section 3); `members` as they are (memberView),
 * so that a page's list, shared by its viewers, is answered as the same array.
 */
export function toGroup(
  row: GroupListRow,
  members: GroupMember[],
  leaderboard: StandingsEntry[],
  now: Date,
): Group {
  const scheduled = row.startDate !== null && row.endDate !== null;
  const deadline = row.startDate ? entryDeadline(row.startDate, row.entryDeadlineHours) : null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    memberCount: row.memberCount,
    members,
    poolBalance: formatMinor(row.pool),
    poolGoal: money(row.poolGoal),
    poolEntryPrice: money(row.poolEntryPrice),
    hasScheduledCompetition: scheduled,
    competitionStartDate: row.startDate?.toISOString() ?? null,
    competitionEndDate: row.endDate?.toISOString() ?? null,
    entryDeadlineDate: scheduled ? (deadline?.toISOString() ?? null) : null,
    entryDeadlineHours: scheduled ? row.entryDeadlineHours : null,
    competitionStatus: groupCompetitionStatus(row, now),
    settlement:
      scheduled && row.settlement && row.endDate
        ? settlementState({ settlement: row.settlement, endDate: row.endDate }, now)
        : null,
    inviteCode: row.inviteCode,
    createdBy: row.createdBy,
    isPrivate: row.isPrivate,
    createdAt: row.createdAt.toISOString(),
    leaderboard,
  };
}
