// Read-only queries of the admin's member page (issue 22). They read other features' tables
// (ledger, competitions, groups, steps, safety) without changing any of them.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";

type Stamp = Date | string;
const RECENT = 20;

export async function profile(db: Db, id: number) {
  const [row] = await queryRows<{
    id: number;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    profile_image_url: string | null;
    time_zone: string;
    is_admin: boolean;
    is_test_account: boolean;
    deleted_at: Stamp | null;
    rules_accepted_at: Stamp | null;
    email_verified_at: Stamp | null;
    created_at: Stamp;
    two_factor_enabled_at: Stamp | null;
    banned_at: Stamp | null;
    banned_reason: string | null;
    banned_by: string | null;
    sub_status: string | null;
    sub_provider: string | null;
    sub_end: Stamp | null;
    sub_stopped_by_ban: boolean | null;
    usd: string;
    fc: string;
    pts: string;
  }>(
    db,
    sql`select u.id, u.username, u.email, u.first_name, u.last_name, u.profile_image_url, u.time_zone,
      u.is_admin, u.is_test_account, u.deleted_at, u.rules_accepted_at, u.email_verified_at, u.created_at, u.two_factor_enabled_at,
      u.banned_at, u.banned_reason, b.username as banned_by,
      s.status as sub_status, s.provider as sub_provider, s.current_period_end as sub_end,
      (s.stopped_by_ban_at is not null) as sub_stopped_by_ban,
      coalesce((select balance from ledger_accounts a where a.owner_key = 'user:' || u.id and a.currency = 'USD'), 0)::text as usd,
      coalesce((select balance from ledger_accounts a where a.owner_key = 'user:' || u.id and a.currency = 'FC'), 0)::text as fc,
      coalesce((select balance from ledger_accounts a where a.owner_key = 'user:' || u.id and a.currency = 'PTS'), 0)::text as pts
    from users u
    left join subscriptions s on s.user_id = u.id
    left join users b on b.id = u.banned_by
    where u.id = ${id}`,
  );
  return row;
}

/** Competitions (public and groups') the member entered, the latest ending first. */
export function competitions(db: Db, id: number) {
  return queryRows<{
    id: number;
    name: string;
    group_id: number | null;
    start_date: Stamp;
    end_date: Stamp;
    settlement: string | null;
    settled_at: Stamp | null;
    steps: number;
    final_position: number | null;
    prize: string | null;
    disqualified_at: Stamp | null;
  }>(
    db,
    sql`select c.id, c.name, c.group_id, c.start_date, c.end_date, c.settlement, c.settled_at,
      p.steps, p.final_position, p.prize::text as prize, p.disqualified_at
    from competition_participants p join competitions c on c.id = p.competition_id
    where p.user_id = ${id} and c.deleted_at is null
    order by c.end_date desc, c.id desc limit ${RECENT}`,
  );
}

export function groups(db: Db, id: number) {
  return queryRows<{ id: number; name: string; role: string; joined_at: Stamp }>(
    db,
    sql`select g.id, g.name, m.role, m.joined_at from group_members m join groups g on g.id = m.group_id
    where m.user_id = ${id} and g.deleted_at is null order by m.joined_at desc limit ${RECENT}`,
  );
}

export function stepFlags(db: Db, id: number) {
  return queryRows<{ flagged_at: Stamp; reason: string; reviewed_at: Stamp | null; refusals: number }>(
    db,
    sql`select f.flagged_at, f.reason, f.reviewed_at,
      (select count(*)::int from step_refusals r where r.user_id = f.user_id) as refusals
    from step_flags f where f.user_id = ${id}`,
  );
}

/** Reports about the member (`about`) or made by them, newest first, with the other member's name. */
export function reports(db: Db, id: number, side: "about" | "by") {
  const mine = side === "about" ? sql`r.reported_id` : sql`r.reporter_id`;
  const other = side === "about" ? sql`r.reporter_id` : sql`r.reported_id`;
  return queryRows<{
    id: number;
    other_id: number;
    other_username: string;
    reason: string;
    description: string | null;
    created_at: Stamp;
    reviewed_at: Stamp | null;
  }>(
    db,
    sql`select r.id, o.id as other_id, o.username as other_username, r.reason, r.description,
      r.created_at, r.reviewed_at
    from user_reports r join users o on o.id = ${other}
    where ${mine} = ${id} order by r.id desc limit ${RECENT}`,
  );
}
