// The full standings of a competition, shared by the competitions and a group's rounds (a group's
// round is a competitions row too): one page at a time, the viewer's own place, and the prizes as
// the ledger paid them.
import { type SQL, sql } from "drizzle-orm";
import type { StandingsEntry } from "../../../core/schemas/competitions";
import { type Db, queryRows } from "../../db/client";

/**
 * Banned members ahead of a standing `p` (boards leave them out, DESIGN 1): read from the few banned
 * members (users_banned_idx) and each one's standing by key, never by counting everyone again.
 */
export const bannedAhead = (p: SQL) => sql`(select count(*) from users bu
  join competition_participants bo on bo.competition_id = ${p}.competition_id and bo.user_id = bu.id
  where bu.banned_at is not null and bo.steps > ${p}.steps)`;

/**
 * live: by steps (ties share a place, counted over everyone not banned); final: by the positions
 * the settlement wrote (a disqualified member ranks on 0 steps there), for a paid competition.
 */
export type StandingsOrder = "live" | "final";

const orderBy = (order: StandingsOrder) =>
  order === "final"
    ? sql`p.final_position nulls last, p.steps desc, p.user_id`
    : sql`p.steps desc, p.user_id`;

type RawRow = {
  user_id: number;
  steps: number;
  final_position: number | null;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  ahead: string;
  banned_ahead: string;
};

/** One page of a competition's standings without banned members. */
export async function standingsPage(
  db: Db,
  id: number,
  offset: number,
  limit: number,
  order: StandingsOrder = "live",
): Promise<StandingsEntry[]> {
  const rows = await queryRows<RawRow>(
    db,
    sql`select p.user_id, p.steps, p.final_position, u.first_name, u.last_name, u.profile_image_url,
        (select count(*) from competition_participants o where o.competition_id = p.competition_id
          and o.steps > p.steps)::text as ahead, ${bannedAhead(sql`p`)}::text as banned_ahead
      from competition_participants p join users u on u.id = p.user_id
      where p.competition_id = ${id} and u.banned_at is null
      order by ${orderBy(order)}
      offset ${offset} limit ${limit}`,
  );
  return rows.map((r) => ({
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    profileImageUrl: r.profile_image_url,
    steps: r.steps,
    position:
      order === "final" && r.final_position !== null
        ? r.final_position
        : Number(r.ahead) - Number(r.banned_ahead) + 1,
  }));
}

/** How many members the board lists: the participants less the (few) banned ones. */
export async function boardSize(db: Db, id: number): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select (c.participant_count - (select count(*) from users bu
        join competition_participants bo on bo.competition_id = c.id and bo.user_id = bu.id
        where bu.banned_at is not null))::int as total
      from competitions c where c.id = ${id}`,
  );
  return Math.max(0, row?.total ?? 0);
}

/**
 * The viewer's own standing: their place (as the board shows it) and how many board rows come
 * before theirs in the board's order, which says on which page they are. Undefined when they are
 * not in it (or banned: a ban keeps a member off every board).
 */
export async function ownStanding(
  db: Db,
  id: number,
  userId: number,
  order: StandingsOrder,
): Promise<{ position: number; steps: number; before: number } | undefined> {
  // Rows before `me` in the board's order (the same order as standingsPage), for a row `o`.
  const before =
    order === "final"
      ? sql`(coalesce(o.final_position, 2147483647), -o.steps, o.user_id)
          < (coalesce(me.final_position, 2147483647), -me.steps, me.user_id)`
      : sql`(o.steps > me.steps or (o.steps = me.steps and o.user_id < me.user_id))`;
  const [row] = await queryRows<{
    steps: number;
    final_position: number | null;
    ahead: string;
    banned_ahead: string;
    before: string;
  }>(
    db,
    sql`select me.steps, me.final_position,
        (select count(*) from competition_participants o where o.competition_id = me.competition_id
          and o.steps > me.steps)::text as ahead,
        ${bannedAhead(sql`me`)}::text as banned_ahead,
        (select count(*) from competition_participants o join users ou on ou.id = o.user_id
          where o.competition_id = me.competition_id and ou.banned_at is null and ${before})::text as before
      from competition_participants me join users u on u.id = me.user_id
      where me.competition_id = ${id} and me.user_id = ${userId} and u.banned_at is null`,
  );
  if (!row) return undefined;
  const live = Number(row.ahead) - Number(row.banned_ahead) + 1;
  return {
    position: order === "final" && row.final_position !== null ? row.final_position : live,
    steps: row.steps,
    before: Number(row.before),
  };
}

/**
 * The prizes of a competition as the ledger paid them (its `prize` transfers, reference
 * `competition:{id}`), for these members: looked up by their idempotency keys, which the unique
 * index answers directly, and checked against the reference and kind.
 */
export async function prizesPaid(db: Db, id: number, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const keys = userIds.map((u) => `prize:competition:${id}:${u}`);
  const rows = await queryRows<{ user_id: number; amount: string }>(
    db,
    sql`select user_id, amount::text as amount from ledger_transfers
      where idempotency_key = any(array[${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}]::text[])
        and kind = 'prize' and reference = ${`competition:${id}`}`,
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.amount)]));
}

/**
 * Everything the ledger paid as prizes for a competition: the prize transfers out of its pool
 * account (`poolKey`: its own, or its group's), read through the debit index.
 */
export async function totalPaid(db: Db, id: number, poolKey: string): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`select coalesce(sum(t.amount), 0)::text as total
      from ledger_accounts a join ledger_transfers t on t.debit_account_id = a.id
      where a.owner_key = ${poolKey} and a.currency = 'FC'
        and t.kind = 'prize' and t.reference = ${`competition:${id}`}`,
  );
  return Number(row?.total ?? 0);
}
