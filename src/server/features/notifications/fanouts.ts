import { type SQL, sql } from "drizzle-orm";
import { EMAIL_KIND_DEFAULTS, type NotificationKind } from "../../../core/schemas/notifications";
import type { Db, Tx } from "../../db/client";
import { notificationFanouts } from "../../db/schema";
import { fitcoinsSql, ordinalSql, storeNotificationsSql } from "./notify";

/*
 * Notifications for many members at once (a settlement of 10,000, a deletion, a start): the
 * event's transaction queues one small row here; the queue job expands it after the commit, a
 * batch of members at a time, each batch one INSERT ... SELECT (DESIGN 2.4).
 */

export type Fanout =
  /** A settled competition's result for every participant: won, finished or refunded. */
  | { type: "competition_result"; competitionId: number; refundKeyPrefix: string }
  /** A deleted competition: each participant, with what came back to them. */
  | { type: "competition_deleted"; competitionId: number; poolAccountId: number; refundKeyPrefix: string }
  /** A deleted group: each member and each payer refunded. */
  | { type: "group_deleted"; groupId: number; name: string; poolAccountId: number; refundKeyPrefix: string }
  | { type: "competition_starting"; competitionId: number }
  | { type: "competition_started"; competitionId: number };

const dedupeOf = (f: Fanout) =>
  "competitionId" in f ? `${f.type}:competition:${f.competitionId}` : `${f.type}:group:${f.groupId}`;

/** Queues a fan-out in the caller's transaction, once per event. */
export async function queueFanout(tx: Db | Tx, fanout: Fanout, at: Date): Promise<void> {
  const { type, ...payload } = fanout;
  await tx
    .insert(notificationFanouts)
    .values({ type, payload, dedupeKey: dedupeOf(fanout), runAt: at, createdAt: at })
    .onConflictDoNothing();
}

/** Where a competition's items point: its own page (issue 32), its group's page for a group round. */
const linkOf = sql`case when c.group_id is null then '/competitions/' || c.id else '/groups/' || c.group_id end`;
/** A result: the full standings, the member's own row highlighted there. */
const standingsOf = sql`case when c.group_id is null then '/competitions/' || c.id || '/standings'
  else '/groups/' || c.group_id || '/rounds/' || c.id || '/standings' end`;

/** The members of one batch, with each one's notification, as storeNotificationsSql reads them. */
function recipients(f: Fanout, after: number, limit: number, at: Date): SQL {
  const page = sql`order by user_id limit ${limit}`;
  switch (f.type) {
    case "competition_result":
      return sql`select p.user_id, k.kind,
          case k.kind
            when 'competition_won' then 'You won ' || ${ordinalSql(sql`p.final_position`)} || ' place in ' || c.name
            when 'competition_refunded' then c.name || ': entry refunded'
            else c.name || ' has ended' end as title,
          case k.kind
            when 'competition_won' then 'Your prize of ' || ${fitcoinsSql(sql`p.prize`)} || ' FitCoins is in your wallet.'
            when 'competition_refunded' then case when t.amount is null
              then 'Nobody walked in it, so it ended without a winner.'
              else 'Nobody walked in it, so your ' || ${fitcoinsSql(sql`t.amount`)} || ' FitCoins came back to your wallet.' end
            else 'You finished in ' || ${ordinalSql(sql`coalesce(p.final_position, c.participant_count)`)} || ' place with '
              || to_char(case when p.disqualified_at is null then p.steps else 0 end, 'FM999,999,999,990') || ' steps.' end as body,
          case when k.kind = 'competition_finished' then ${standingsOf} else '/wallet' end as link,
          k.kind || ':competition:' || c.id || ':user:' || p.user_id as dedupe_key
        from competition_participants p
          join competitions c on c.id = p.competition_id
          join users u on u.id = p.user_id
          left join ledger_transfers t on t.idempotency_key = ${f.refundKeyPrefix} || p.user_id
          cross join lateral (select case
            when c.settlement = 'refunded' then 'competition_refunded'
            when coalesce(p.prize, 0) > 0 then 'competition_won'
            else 'competition_finished' end as kind) k
        where p.competition_id = ${f.competitionId} and u.deleted_at is null and p.user_id > ${after}
        ${page}`;
    case "competition_deleted":
    case "group_deleted": {
      const who =
        f.type === "competition_deleted"
          ? sql`select user_id from competition_participants where competition_id = ${f.competitionId}`
          : sql`select user_id from group_members where group_id = ${f.groupId}`;
      const name =
        f.type === "competition_deleted"
          ? sql`(select name from competitions where id = ${f.competitionId})`
          : sql`${f.name}::text`;
      const what = f.type === "competition_deleted" ? "competition" : "group";
      const ref = f.type === "competition_deleted" ? f.competitionId : f.groupId;
      return sql`with refunds as (
          select user_id, sum(amount) as amount from ledger_transfers
          where debit_account_id = ${f.poolAccountId} and kind = 'refund'
            and starts_with(idempotency_key, ${f.refundKeyPrefix})
          group by user_id),
        who as (${who} union select user_id from refunds)
        select w.user_id, 'refund_deleted' as kind,
          ${name} || ' was deleted' as title,
          case when r.amount is null then ${what === "competition" ? "The competition will not take place." : "Its pool, chat and rounds are closed."}
            else 'Your ' || ${fitcoinsSql(sql`r.amount`)} || ' FitCoins came back to your wallet.' end as body,
          case when r.amount is null then ${`/${what}s`} else '/wallet' end as link,
          ${`refund_deleted:${what}:${ref}:user:`} || w.user_id as dedupe_key
        from who w join users u on u.id = w.user_id left join refunds r on r.user_id = w.user_id
        where u.deleted_at is null and w.user_id > ${after}
        ${page}`;
    }
    case "competition_starting":
    case "competition_started": {
      const starting = f.type === "competition_starting";
      return sql`select p.user_id, ${f.type}::text as kind,
          c.name || ${starting ? " starts soon" : " has started"} as title,
          ${
            starting
              ? sql`'It starts in ' || greatest(1, ceil(extract(epoch from c.start_date - ${at}::timestamptz) / 60))::int
                  || ' minutes. Keep StepRace open while you walk, so every step counts.'`
              : sql`'Every step you walk from now until it ends counts. Good luck!'`
          } as body,
          ${linkOf} as link,
          ${`${f.type}:competition:`} || c.id || ':user:' || p.user_id as dedupe_key
        from competition_participants p
          join competitions c on c.id = p.competition_id
          join users u on u.id = p.user_id
        where p.competition_id = ${f.competitionId} and c.deleted_at is null and u.deleted_at is null
          and p.user_id > ${after}
        ${page}`;
    }
  }
}

/**
 * Expands one batch of a fan-out: stores the notifications of up to `limit` members after
 * `after` and queues their pushes and emails. Answers the last member id done, or null when none
 * was left (the fan-out is done).
 */
export async function expandBatch(tx: Tx, f: Fanout, after: number, at: Date, limit: number) {
  const byDefault = EMAIL_KIND_DEFAULTS[f.type as NotificationKind];
  const email = byDefault === undefined ? undefined : { kind: f.type as NotificationKind, byDefault };
  const result = (await tx.execute(
    storeNotificationsSql(recipients(f, after, limit, at), at, email),
  )) as unknown as {
    rows: { count: number; last: number | null; stored: number }[];
  };
  const [row] = result.rows;
  return { count: row.count, last: row.last === null ? null : Number(row.last), stored: row.stored };
}
