import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { type Db, preparedOnce, queryRows, type Tx } from "../../db/client";
import { type CompetitionRow, competitionParticipants, competitions } from "../../db/schema";
import { bannedAhead } from "./standings.repo";

export const poolKey = (competitionId: number) => `competition:${competitionId}`;

/** A group's competition pays from the group's pool; any other from its own. */
export const poolKeyOf = (row: { id: number; groupId: number | null }) =>
  row.groupId === null ? poolKey(row.id) : `group:${row.groupId}`;

/** A competition with its pool and the viewer's own standing (null fields: not a participant). */
export type CompetitionListRow = Omit<CompetitionRow, "settleAttempts" | "settleError" | "settleRetryAt"> & {
  pool: number;
  myUserId: number | null;
  mySteps: number | null;
  ahead: number | null;
};

type RawListRow = {
  id: number;
  name: string;
  description: string;
  entry_fee: string | null;
  max_participants: number | null;
  start_date: Date | string;
  end_date: Date | string;
  entry_deadline_hours: number | null;
  invite_code: string;
  created_by: number;
  group_id: number | null;
  participant_count: number;
  settlement: string;
  settled_at: Date | string | null;
  deleted_at: Date | string | null;
  created_at: Date | string;
  pool: string;
  my_user_id: number | null;
  my_steps: number | null;
  ahead: string | null;
};

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

function fromRaw(r: RawListRow): CompetitionListRow {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    entryFee: r.entry_fee === null ? null : Number(r.entry_fee),
    maxParticipants: r.max_participants,
    startDate: date(r.start_date),
    endDate: date(r.end_date),
    entryDeadlineHours: r.entry_deadline_hours,
    inviteCode: r.invite_code,
    createdBy: r.created_by,
    groupId: r.group_id,
    participantCount: r.participant_count,
    settlement: r.settlement,
    settledAt: r.settled_at === null ? null : date(r.settled_at),
    deletedAt: r.deleted_at === null ? null : date(r.deleted_at),
    createdAt: date(r.created_at),
    pool: Number(r.pool),
    myUserId: r.my_user_id,
    mySteps: r.my_steps,
    ahead: r.ahead === null ? null : Number(r.ahead),
  };
}

/**
 * Competitions with their pool and the viewer's standing, in one statement. `filter` picks them:
 * open ones (not ended) plus those the viewer took part in that ended after `recentSince`; only
 * running ones; or one by id or invite code.
 */
export async function listForViewer(
  db: Db,
  viewerId: number,
  filter:
    | { kind: "open"; now: Date; recentSince: Date }
    | { kind: "recent"; since: Date }
    | { kind: "active"; now: Date }
    | { kind: "id"; id: number }
    | { kind: "invite"; code: string },
): Promise<CompetitionListRow[]> {
  const where =
    filter.kind === "open"
      ? sql`(c.end_date > ${filter.now} or (me.user_id is not null and c.end_date > ${filter.recentSince}))`
      : filter.kind === "recent"
        ? sql`c.end_date > ${filter.since}`
        : filter.kind === "active"
          ? sql`c.start_date <= ${filter.now} and c.end_date > ${filter.now}`
          : filter.kind === "id"
            ? sql`c.id = ${filter.id}`
            : sql`c.invite_code = ${filter.code}`;
  const rows = await queryRows<RawListRow>(
    db,
    sql`select c.*, coalesce(a.balance, 0)::text as pool, me.user_id as my_user_id, me.steps as my_steps,
        case when me.user_id is null then null else (
          select count(*) from competition_participants o
          where o.competition_id = c.id and o.steps > me.steps
        ) end::text as ahead
      from competitions c
      left join ledger_accounts a on a.owner_key = 'competition:' || c.id and a.currency = 'FC'
      left join competition_participants me on me.competition_id = c.id and me.user_id = ${viewerId}
      where c.deleted_at is null and c.group_id is null and ${where}
      order by c.start_date, c.id`,
  );
  return rows.map(fromRaw);
}

export type StandingRow = {
  competitionId: number;
  userId: number;
  steps: number;
  firstName: string;
  lastName: string;
  profileImageUrl: string | null;
  finalPosition: number | null;
  prize: number | null;
};

export type RawStanding = {
  competition_id: number;
  user_id: number;
  steps: number;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  final_position: number | null;
  prize: string | null;
};

const standing = (r: RawStanding): StandingRow => ({
  competitionId: r.competition_id,
  userId: r.user_id,
  steps: r.steps,
  firstName: r.first_name,
  lastName: r.last_name,
  profileImageUrl: r.profile_image_url,
  finalPosition: r.final_position,
  prize: r.prize === null ? null : Number(r.prize),
});

const idArray = (ids: number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/**
 * The top `limit` of a competition by steps (the standings index, one probe), banned members left
 * out: the rows' SQL, shared by `topOf` and by statements that carry a top 5 as JSON (`topJson`).
 */
const topRows = (competitionId: SQL, limit: number) =>
  sql`select p.competition_id, p.user_id, p.steps, p.final_position, p.prize::text as prize,
      u.first_name, u.last_name, u.profile_image_url
    from competition_participants p join users u on u.id = p.user_id
    where p.competition_id = ${competitionId} and u.banned_at is null
    order by p.steps desc, p.user_id
    limit ${limit}`;

/** The top `limit` of each competition by steps. */
export async function topOf(db: Db, ids: number[], limit: number): Promise<StandingRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RawStanding>(
    db,
    sql`select t.* from unnest(${idArray(ids)}) as cid(id), lateral (${topRows(sql`cid.id`, limit)}) t`,
  );
  return rows.map(standing);
}

/**
 * The same top `limit` as one JSON column (an empty array without a competition), for a page that
 * reads it with the rest of its row in one statement; `fromTopJson` reads it back.
 */
export const topJson = (competitionId: SQL, limit: number) =>
  sql<RawStanding[]>`(select coalesce(json_agg(t order by t.steps desc, t.user_id), '[]'::json)
    from (${topRows(competitionId, limit)}) t)`;

export const fromTopJson = (rows: RawStanding[]): StandingRow[] => rows.map(standing);

/** Prize winners of settled competitions, best first. */
export async function winnersOf(db: Db, ids: number[]): Promise<StandingRow[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<RawStanding>(
    db,
    sql`select p.competition_id, p.user_id, p.steps, p.final_position, p.prize::text as prize,
        u.first_name, u.last_name, u.profile_image_url
      from competition_participants p join users u on u.id = p.user_id
      where p.competition_id = any(${idArray(ids)}) and p.prize > 0 and u.banned_at is null
      order by p.competition_id, p.final_position, p.user_id`,
  );
  return rows.map(standing);
}

/**
 * Which rows a look-up may find: "public" the competitions of the competitions pages (a group's
 * own competition is reached through its group only); "any" for settlement and the admins.
 */
export type Scope = "public" | "any";

const byId = (id: number, scope: Scope) =>
  and(
    eq(competitions.id, id),
    isNull(competitions.deletedAt),
    scope === "public" ? isNull(competitions.groupId) : undefined,
  );

/** The competition's row, locked for the rest of the transaction (joins, leaves, edits, settlement). */
export async function lockCompetition(tx: Tx, id: number, scope: Scope = "public") {
  const [row] = await tx.select().from(competitions).where(byId(id, scope)).for("update");
  return row as CompetitionRow | undefined;
}

export async function findCompetition(db: Db, id: number, scope: Scope = "public") {
  const [row] = await db.select().from(competitions).where(byId(id, scope));
  return row as CompetitionRow | undefined;
}

/** The competitions (group rounds aside) the member is in that are not paid yet, in id order. */
export async function unpaidEntries(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: competitions.id })
    .from(competitionParticipants)
    .innerJoin(competitions, eq(competitions.id, competitionParticipants.competitionId))
    .where(
      and(
        eq(competitionParticipants.userId, userId),
        isNull(competitions.groupId),
        isNull(competitions.settledAt),
        isNull(competitions.deletedAt),
      ),
    )
    .orderBy(competitions.id);
  return rows.map((r) => r.id);
}

export async function findParticipant(db: Db, competitionId: number, userId: number) {
  const [row] = await db
    .select()
    .from(competitionParticipants)
    .where(
      and(
        eq(competitionParticipants.competitionId, competitionId),
        eq(competitionParticipants.userId, userId),
      ),
    );
  return row;
}

/**
 * The member's counted steps inside [from, to) (step_batch_in_window, migration 0044: a phone
 * batch by its instant, an imported interval only if it lies wholly inside). Under the member's step-sync lock
 * (steps.repo lockMemberSteps) no batch lands between this sum and the participant's insert.
 */
export async function stepsBetween(tx: Tx, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ steps: number }>(
    tx,
    sql`select coalesce(sum(steps), 0)::int as steps from step_batches
      where user_id = ${userId} and step_batch_in_window(recorded_at, started_at, ended_at, ${from}, ${to})`,
  );
  return row?.steps ?? 0;
}

type ViewerStanding = { competitionId: number; steps: number; ahead: number };

/**
 * The viewer's own place in each competition ending after `since`: the one per-viewer part of the
 * competitions list, asked on every poll.
 */
const viewerStandingsQuery = preparedOnce((db, name) =>
  db
    .select({
      competitionId: competitionParticipants.competitionId,
      steps: competitionParticipants.steps,
      ahead: sql<number>`(select count(*)::int from competition_participants o
        where o.competition_id = ${competitionParticipants.competitionId} and o.steps > ${competitionParticipants.steps})
        - ${bannedAhead(sql`${competitionParticipants}`)}::int`,
    })
    .from(competitionParticipants)
    .innerJoin(competitions, eq(competitions.id, competitionParticipants.competitionId))
    .where(
      and(
        eq(competitionParticipants.userId, sql.placeholder("userId")),
        isNull(competitions.deletedAt),
        isNull(competitions.groupId),
        sql`${competitions.endDate} > ${sql.placeholder("since")}::timestamptz`,
      ),
    )
    .prepare(name("competition_viewer_standings")),
);

export async function viewerStandings(db: Db, userId: number, since: Date): Promise<ViewerStanding[]> {
  return (await viewerStandingsQuery(db).execute({ userId, since: since.toISOString() })) as ViewerStanding[];
}
