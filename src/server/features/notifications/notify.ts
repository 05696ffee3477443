import { type SQL, sql } from "drizzle-orm";
import type { NotificationKind } from "../../../core/schemas/notifications";
import type { Db, Tx } from "../../db/client";

export type NotifyInput = {
  userId: number;
  kind: NotificationKind;
  title: string;
  body: string;
  /** A same-site path. */
  link: string;
  /** Names the event and the member, e.g. `review_cleared:competition:12:user:7`. */
  dedupeKey: string;
};

/**
 * Stores the notifications of `source` (a query answering user_id, kind, title, body, link,
 * dedupe_key) that are not stored yet, and queues a push to each subscription of their members who
 * have not turned that kind's pushes off, and an email where `email` says so. One statement, so a
 * notification and its pushes are written together or not at all.
 */
export function storeNotificationsSql(
  source: SQL,
  at: Date,
  email?: { kind: NotificationKind; byDefault: boolean },
): SQL {
  const emails = email
    ? sql`, e as (
        insert into notification_deliveries (notification_id, channel, run_at)
        select n.id, 'email', ${at} from n
          left join notification_preferences pr on pr.user_id = n.user_id and pr.kind = n.kind
        where n.kind = ${email.kind} and coalesce(pr.email, ${email.byDefault})
        returning 1)`
    : sql``;
  return sql`with src as (${source}),
    n as (
      insert into notifications (user_id, kind, title, body, link, dedupe_key, created_at)
      select user_id, kind, title, body, link, dedupe_key, ${at} from src
      on conflict (dedupe_key) do nothing
      returning id, user_id, kind),
    p as (
      insert into notification_deliveries (notification_id, channel, subscription_id, run_at)
      select n.id, 'push', s.id, ${at} from n
        join push_subscriptions s on s.user_id = n.user_id
        left join sessions ss on ss.id = s.session_id
        left join notification_preferences pr on pr.user_id = n.user_id and pr.kind = n.kind
      where coalesce(pr.push, true)
        -- A device signed out (from the sessions list, by a password change, an admin or a ban) hears
        -- nothing more; subscriptions from before sessions were recorded have none and still hear.
        and (s.session_id is null or (ss.revoked_at is null and ss.expires_at > ${at}))
      returning 1)${emails}
    select (select count(*)::int from src) as "count", (select max(user_id) from src) as "last",
      (select count(*)::int from n) as "stored"`;
}

/**
 * One notification (or a few) made where its event happens, in the caller's transaction when
 * given one: exactly once per dedupe key however often the event is seen. The push goes out from
 * the queue job after the commit.
 */
export async function notify(db: Db | Tx, inputs: NotifyInput | NotifyInput[], at: Date): Promise<void> {
  const list = [inputs].flat();
  if (list.length === 0) return;
  const rows = sql.join(
    list.map(
      (n) =>
        sql`(${n.userId}::int, ${n.kind}::text, ${n.title}::text, ${n.body}::text, ${n.link}::text, ${n.dedupeKey}::text)`,
    ),
    sql`, `,
  );
  await db.execute(
    storeNotificationsSql(
      sql`select * from (values ${rows}) v (user_id, kind, title, body, link, dedupe_key)`,
      at,
    ),
  );
}

/** "1st", "2nd", "3rd", "4th" ... "11th", "21st". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[n % 10] ?? "th");
  return `${n}${suffix}`;
}

/** The same in SQL, for the fan-outs that write thousands at once. */
export const ordinalSql = (n: SQL) =>
  sql`(${n})::text || case when (${n}) % 100 between 11 and 13 then 'th'
    when (${n}) % 10 = 1 then 'st' when (${n}) % 10 = 2 then 'nd' when (${n}) % 10 = 3 then 'rd' else 'th' end`;

/** Hundredths of a FitCoin as "12.50", in SQL. */
export const fitcoinsSql = (hundredths: SQL) =>
  sql`to_char((${hundredths})::numeric / 100, 'FM999999999990.00')`;
