import { DISPUTE_WINDOW_MS } from "../../../core/constants";
import { fitcoinsFromMinor } from "../../../core/money";
import { competitionStatus, entriesOpen, entryDeadline } from "../../../core/rules/entry-cutoff";
import type { Competition, StandingsEntry } from "../../../core/schemas/competitions";
import type { CompetitionListRow, StandingRow } from "./competitions.repo";

/** Standings entries with positions: ties share one (rows come most steps first). */
export function withPositions(rows: StandingRow[]): StandingsEntry[] {
  let position = 0;
  return rows.map((r, i) => {
    if (i === 0 || rows[i - 1].steps !== r.steps) position = i + 1;
    return {
      userId: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      profileImageUrl: r.profileImageUrl,
      steps: r.steps,
      position,
    };
  });
}

/** A paid participant of a settled competition (or group round), as its results list them. */
export const toResult = (w: StandingRow) => ({
  userId: w.userId,
  firstName: w.firstName,
  lastName: w.lastName,
  position: w.finalPosition ?? 0,
  steps: w.steps,
  prize: fitcoinsFromMinor(w.prize ?? 0),
});

export function settlementState(
  row: { settlement: string; endDate: Date },
  now: Date,
): Competition["settlement"] {
  if (row.settlement === "settled" || row.settlement === "refunded") return row.settlement;
  if (row.settlement === "held") return "under_review";
  return now.getTime() >= row.endDate.getTime() ? "pending" : "open";
}

/** A competition as the API answers it (specification 2 section 3, DESIGN 1). */
export function toCompetition(
  row: CompetitionListRow,
  top: StandingRow[],
  winners: StandingRow[],
  now: Date,
): Competition {
  const status = competitionStatus(now, row.startDate, row.endDate);
  const isParticipant = row.myUserId !== null;
  const deadline = entryDeadline(row.startDate, row.entryDeadlineHours);
  const full = row.maxParticipants !== null && row.participantCount >= row.maxParticipants;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    entryFee: row.entryFee === null ? null : fitcoinsFromMinor(row.entryFee),
    prizePool: fitcoinsFromMinor(row.pool),
    participantCount: row.participantCount,
    maxParticipants: row.maxParticipants,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    entryDeadline: deadline?.toISOString() ?? null,
    entryDeadlineHours: row.entryDeadlineHours,
    status,
    createdBy: row.createdBy,
    isParticipant,
    canJoin: !isParticipant && !full && entriesOpen(now, row),
    inviteCode: row.inviteCode,
    leaderboard: withPositions(top),
    userRank: isParticipant ? { position: (row.ahead ?? 0) + 1, steps: row.mySteps ?? 0 } : null,
    settlement: settlementState(row, now),
    results: winners.map(toResult),
    canDispute:
      isParticipant && status === "completed" && now.getTime() < row.endDate.getTime() + DISPUTE_WINDOW_MS,
  };
}
