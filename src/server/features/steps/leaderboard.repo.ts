// The weekly leaderboard's queries (specification 2): each member's own week from the daily step
// totals, who takes part, the top of the board and one member's place on it.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { renewalGraceMs } from "../../http/viewer";

export type LeaderRow = {
  user_id: number;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  steps: number;
  rank: number;
};

/**
 * The members who take part in the leaderboard and their steps this week: each member's own
 * week, Monday to today in their time zone (the days their dashboard shows), read from the daily
 * totals. Taking part: subscribed (as the viewer check reads it, renewal grace included), rules
 * accepted, not deleted or banned, with at least one step this week.
 */
function weekTotals(at: Date) {
  const stripeCutoff = new Date(at.getTime() - renewalGraceMs("stripe")).toISOString();
  const otherCutoff = new Date(at.getTime() - renewalGraceMs("sandbox")).toISOString();
  const now = at.toISOString();
  return sql`
    with week as (
      select d.user_id, sum(d.steps)::int as steps
      from step_days d
      join users u on u.id = d.user_id
      where d.local_date >= date_trunc('week', ${now}::timestamptz at time zone u.time_zone)::date
        and d.local_date <= (${now}::timestamptz at time zone u.time_zone)::date
      group by d.user_id
    ),
    eligible as (
      select u.id as user_id, u.first_name, u.last_name, u.profile_image_url, w.steps
      from week w
      join users u on u.id = w.user_id
      join subscriptions s on s.user_id = u.id
      where u.rules_accepted_at is not null and u.deleted_at is null and u.banned_at is null
        and (
          (s.status = 'cancel_at_period_end' and s.current_period_end > ${now}::timestamptz)
          or (s.status not in ('cancel_at_period_end', 'expired') and s.current_period_end >
              case when s.provider = 'stripe' then ${stripeCutoff}::timestamptz else ${otherCutoff}::timestamptz end)
        )
    )`;
}

export async function leaderboardTop(db: Db, at: Date, limit: number): Promise<LeaderRow[]> {
  return queryRows<LeaderRow>(
    db,
    sql`${weekTotals(at)}
    select user_id, first_name, last_name, profile_image_url, steps,
           (rank() over (order by steps desc))::int as rank
    from eligible
    order by steps desc, user_id
    limit ${limit}`,
  );
}

/** A member's steps this week and how many eligible members walked more. */
export async function leaderboardPosition(db: Db, userId: number, at: Date) {
  const [row] = await queryRows<{ ahead: number; steps: number }>(
    db,
    sql`${weekTotals(at)}
    select
      (select count(*)::int from eligible e
        where e.steps > coalesce((select steps from week where user_id = ${userId}), 0)) as ahead,
      coalesce((select steps from week where user_id = ${userId}), 0) as steps`,
  );
  return row;
}
