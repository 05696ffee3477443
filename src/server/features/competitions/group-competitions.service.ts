// A group's own competition (DESIGN 1, group money) is a competitions row with group_id set: the
// same standings trigger, settlement, fair-play hold and exactly-once payout. The groups feature
// reaches it only through these functions, inside its own transactions.
import { and, eq, type SQL, sql } from "drizzle-orm";
import { COMPETITION_LEADERBOARD_SIZE } from "../../../core/constants";
import { fitcoinsFromMinor } from "../../../core/money";
import type { StandingsEntry } from "../../../core/schemas/competitions";
import type { GroupRound } from "../../../core/schemas/groups";
import { type Db, queryRows, type Tx } from "../../db/client";
import { type CompetitionRow, competitionParticipants, competitions } from "../../db/schema";
import { lockMemberSteps } from "../steps/steps.service";
import * as repo from "./competitions.repo";
import { newInviteCode } from "./competitions.service";
import { settlementState, toResult, withPositions } from "./competitions.view";
import { standingsPage } from "./standings.repo";

export { standingsOf } from "./standings.service";

export { settlementState };

export type GroupSchedule = { startDate: Date; endDate: Date; entryDeadlineHours: number | null };

/** The group's competition row (deleted ones excluded), locked when `lock` is set. */
export async function findGroupCompetition(db: Db, id: number): Promise<CompetitionRow | undefined> {
  return repo.findCompetition(db, id, "any");
}

/**
 * The group's competition row, locked for the rest of the transaction: taken before its
 * participants, in the order settlement takes them, so a leave and a settlement never wait on each
 * other in a cycle; read after the lock, it says whether the round was paid meanwhile.
 */
export async function lockGroupCompetition(tx: Tx, id: number): Promise<CompetitionRow | undefined> {
  return repo.lockCompetition(tx, id, "any");
}

/** Schedules a group's competition with its current members as participants; answers its id. */
export async function scheduleGroupCompetition(
  tx: Tx,
  group: { id: number; name: string; description: string; createdBy: number },
  schedule: GroupSchedule,
  memberIds: number[],
  now: Date,
): Promise<number> {
  const [row] = await tx
    .insert(competitions)
    .values({
      name: group.name,
      description: group.description,
      entryFee: null,
      startDate: schedule.startDate,
      endDate: schedule.endDate,
      entryDeadlineHours: schedule.entryDeadlineHours,
      inviteCode: newInviteCode(),
      createdBy: group.createdBy,
      groupId: group.id,
    })
    .returning({ id: competitions.id });
  // Members' step-sync locks in the order of their ids, as syncs that go together take them
  // (steps.repo), so the two never wait on each other in a cycle.
  for (const userId of [...memberIds].sort((a, b) => a - b)) await addParticipant(tx, row.id, userId, now);
  return row.id;
}

/** Moves a schedule that has not started (the caller checks) to new dates. */
export async function rescheduleGroupCompetition(tx: Tx, id: number, schedule: GroupSchedule) {
  await tx
    .update(competitions)
    .set({
      startDate: schedule.startDate,
      endDate: schedule.endDate,
      entryDeadlineHours: schedule.entryDeadlineHours,
    })
    .where(eq(competitions.id, id));
}

/** Removes a schedule (unscheduled, or its group deleted): it is never settled. */
export async function cancelGroupCompetition(tx: Tx, id: number, now: Date) {
  await tx.update(competitions).set({ deletedAt: now }).where(eq(competitions.id, id));
}

/**
 * Enters a member into the group's competition, with their steps already walked inside its window
 * counted under their step-sync lock (as a late competition join does). Joining twice changes nothing.
 */
export async function addParticipant(tx: Tx, competitionId: number, userId: number, now: Date) {
  const row = await repo.findCompetition(tx, competitionId, "any");
  if (!row) return;
  await lockMemberSteps(tx, userId);
  const steps =
    now.getTime() >= row.startDate.getTime()
      ? await repo.stepsBetween(tx, userId, row.startDate, row.endDate)
      : 0;
  const added = await tx
    .insert(competitionParticipants)
    .values({ competitionId, userId, steps, joinedAt: now })
    .onConflictDoNothing()
    .returning({ userId: competitionParticipants.userId });
  if (added.length) {
    await tx
      .update(competitions)
      .set({ participantCount: sql`${competitions.participantCount} + 1` })
      .where(eq(competitions.id, competitionId));
  }
}

export async function removeParticipant(tx: Tx, competitionId: number, userId: number) {
  const removed = await tx
    .delete(competitionParticipants)
    .where(
      and(
        eq(competitionParticipants.competitionId, competitionId),
        eq(competitionParticipants.userId, userId),
      ),
    )
    .returning({ userId: competitionParticipants.userId });
  if (removed.length) {
    await tx
      .update(competitions)
      .set({ participantCount: sql`${competitions.participantCount} - 1` })
      .where(eq(competitions.id, competitionId));
  }
}

/** The top `limit` of each competition, with positions (ties share one). */
export async function topOfEach(
  db: Db,
  ids: number[],
  limit: number,
): Promise<Map<number, StandingsEntry[]>> {
  const rows = await repo.topOf(db, ids, limit);
  return new Map(ids.map((id) => [id, withPositions(rows.filter((r) => r.competitionId === id))]));
}

/**
 * A group round's top 5 (as its group page shows it) as one JSON column, so that the page's own
 * statement carries it (one round trip); `topFiveOf` reads it back with positions.
 */
export const topFiveJson = (competitionId: SQL) => repo.topJson(competitionId, COMPETITION_LEADERBOARD_SIZE);

export const topFiveOf = (json: repo.RawStanding[]): StandingsEntry[] =>
  withPositions(repo.fromTopJson(json));

/** The first `limit` of a competition's standings, with positions counted over everyone. */
export function standings(db: Db, id: number, limit: number): Promise<StandingsEntry[]> {
  return standingsPage(db, id, 0, limit);
}

const PAST_ROUNDS_LIMIT = 20;

/**
 * A group's settled rounds, newest first (at most 20), with their winners and the viewer's own
 * place: the results stay readable after the next round is scheduled.
 */
export async function pastRounds(db: Db, groupId: number, viewerId: number): Promise<GroupRound[]> {
  const rounds = await queryRows<{
    id: number;
    number: number;
    start_date: Date;
    end_date: Date;
    settlement: "settled" | "refunded";
    participant_count: number;
    paid_out: string;
    my_position: number | null;
    my_steps: number | null;
    my_prize: string | null;
  }>(
    db,
    sql`select c.id, c.number, c.start_date, c.end_date, c.settlement, c.participant_count,
        coalesce((select sum(p.prize) from competition_participants p where p.competition_id = c.id), 0)::text as paid_out,
        me.final_position as my_position, me.steps as my_steps, me.prize::text as my_prize
      from (select *, row_number() over (order by end_date, id)::int as number from competitions
            where group_id = ${groupId} and deleted_at is null and settled_at is not null) c
      left join competition_participants me on me.competition_id = c.id and me.user_id = ${viewerId}
      order by c.end_date desc, c.id desc
      limit ${PAST_ROUNDS_LIMIT}`,
  );
  const winners = await repo.winnersOf(
    db,
    rounds.map((r) => r.id),
  );
  return rounds.map((r) => ({
    id: r.id,
    number: r.number,
    startDate: new Date(r.start_date).toISOString(),
    endDate: new Date(r.end_date).toISOString(),
    settlement: r.settlement,
    participantCount: r.participant_count,
    paidOut: fitcoinsFromMinor(Number(r.paid_out)),
    results: winners.filter((w) => w.competitionId === r.id).map(toResult),
    mine:
      r.my_steps === null
        ? null
        : { position: r.my_position, steps: r.my_steps, prize: fitcoinsFromMinor(Number(r.my_prize ?? 0)) },
  }));
}
