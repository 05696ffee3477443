import { and, eq, isNull, ne, type SQL, sql } from "drizzle-orm";
import { type Db, queryRows } from "../../db/client";
import { users } from "../../db/schema";

/** Anonymises a member (DESIGN 1, account deletion): name, email, avatar and password go; the id stays. */
export async function anonymise(db: Db, userId: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      username: `deleted-${userId}`,
      email: `deleted-${userId}@deleted.invalid`,
      firstName: "Deleted",
      lastName: "Member",
      profileImageUrl: null,
      // No password hashes to this: nobody signs in as a deleted member.
      passwordHash: "deleted",
      pendingInviteCode: null,
      pendingInviteType: null,
      locale: null,
      deletedAt: at,
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function emailTakenByOther(db: Db, email: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, ne(users.id, userId)));
  return row !== undefined;
}

export async function updateProfile(
  db: Db,
  userId: number,
  changes: { firstName: string; lastName: string; email: string; timeZone?: string; stepGoal?: number },
) {
  await db.update(users).set(changes).where(eq(users.id, userId));
}

/** Facts of GET /api/user/stats in one round trip (steps and competitions features' tables, read-only). */
export async function stats(db: Db, userId: number, at: Date) {
  const [row] = await queryRows<{ winnings: string; won: string; steps: string; active: string }>(
    db,
    sql`select
      (select coalesce(sum(amount), 0) from ledger_transfers where user_id = ${userId} and kind = 'prize')::text as winnings,
      (select count(distinct reference) from ledger_transfers where user_id = ${userId} and kind = 'prize')::text as won,
      (select coalesce(sum(steps), 0) from step_days where user_id = ${userId})::text as steps,
      (select count(*) from competition_participants p join competitions c on c.id = p.competition_id
        where p.user_id = ${userId} and c.end_date > ${at} and c.deleted_at is null)::text as active`,
  );
  return {
    winnings: Number(row.winnings),
    won: Number(row.won),
    steps: Number(row.steps),
    active: Number(row.active),
  };
}

/**
 * Live members for the admin panel, newest first, with balances (USD, FitCoins, points) and
 * membership, by username, email or name. No `limit`: all of them.
 */
export async function list(
  db: Db,
  opts: { search?: string; testOnly?: boolean; limit?: number; offset: number },
) {
  const like = opts.search ? `%${opts.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  return queryRows<{
    id: number;
    username: string;
    email: string;
    first_name: string;
    last_name: string;
    is_admin: boolean;
    is_test_account: boolean;
    banned: boolean;
    created_at: Date | string;
    usd: string;
    fc: string;
    pts: string;
    sub_status: string | null;
    sub_provider: string | null;
    sub_end: Date | string | null;
  }>(
    db,
    sql`select u.id, u.username, u.email, u.first_name, u.last_name, u.is_admin, u.is_test_account, u.banned_at is not null as banned, u.created_at,
      coalesce((select balance from ledger_accounts a where a.owner_key = 'user:' || u.id and a.currency = 'USD'), 0)::text as usd,
      coalesce((select balance from ledger_accounts a where a.owner_key = 'user:' || u.id and a.currency = 'FC'), 0)::text as fc,
      coalesce((select balance from ledger_accounts a where a.owner_key = 'user:' || u.id and a.currency = 'PTS'), 0)::text as pts,
      s.status as sub_status, s.provider as sub_provider, s.current_period_end as sub_end
    from users u left join subscriptions s on s.user_id = u.id
    where u.deleted_at is null
      ${opts.testOnly ? sql`and u.is_test_account` : sql``}
      ${
        like
          ? sql`and (u.username ilike ${like} or u.email ilike ${like} or u.first_name ilike ${like}
            or u.last_name ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like})`
          : sql``
      }
    order by u.created_at desc, u.id desc
    limit ${opts.limit ?? null} offset ${opts.offset}`,
  );
}

export async function liveUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, isAdmin: users.isAdmin, isTestAccount: users.isTestAccount })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ?? null;
}

/** Sets the test-account mark; false when it already had that value (or the member is gone). */
export async function setTestAccount(db: Db, id: number, isTestAccount: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ isTestAccount })
    .where(and(eq(users.id, id), eq(users.isTestAccount, !isTestAccount), isNull(users.deletedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/**
 * Deleted accounts still entered in a competition not paid yet or in a live group: deleted before
 * deletion withdrew them, or whose join raced the deletion. At most `limit`.
 */
export async function deletedStillEntered(db: Db, limit: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select u.id from users u
      where u.deleted_at is not null and (
        -- A group's rounds are left with the group (its membership), as the withdrawal does.
        exists (select 1 from competition_participants p join competitions c on c.id = p.competition_id
          where p.user_id = u.id and c.settled_at is null and c.deleted_at is null and c.group_id is null)
        or exists (select 1 from group_members m join groups g on g.id = m.group_id
          where m.user_id = u.id and g.deleted_at is null))
      order by u.id limit ${limit}`,
  );
  return rows.map((r) => r.id);
}

/** What the member has paid into one pool and not had back, since its latest payout (ledger_transfers). */
const paidInto = (userId: number, ownerKey: SQL) => sql`coalesce((
  select sum(case when t.credit_account_id = a.id then t.amount else -t.amount end)
  from ledger_accounts a
  join ledger_transfers t on (t.credit_account_id = a.id or t.debit_account_id = a.id)
  where a.owner_key = ${ownerKey} and a.currency = 'FC' and t.user_id = ${userId}
    and ((t.credit_account_id = a.id and t.kind in ('entry_fee', 'pool_contribution'))
      or (t.debit_account_id = a.id and t.kind = 'refund'))
    and t.id > coalesce((select max(p.id) from ledger_transfers p
      where p.debit_account_id = a.id and p.kind = 'prize'), 0)), 0)`;

export type HeldEntry = {
  kind: "competition" | "group";
  id: number;
  name: string;
  paid: string;
  under_way: boolean;
};

/**
 * What deleting the account would take from the member: their balances in the three currencies,
 * and every competition and group they are in, with what they paid in and whether its round is
 * under way (then leaving refunds nothing, as deletion withdraws them; see withdrawDeletedMember).
 */
export async function heldForDeletion(db: Db, userId: number, now: Date) {
  const [balances] = await queryRows<{ usd: string; fc: string; pts: string }>(
    db,
    sql`select
      coalesce((select balance from ledger_accounts where owner_key = ${`user:${userId}`} and currency = 'USD'), 0)::text as usd,
      coalesce((select balance from ledger_accounts where owner_key = ${`user:${userId}`} and currency = 'FC'), 0)::text as fc,
      coalesce((select balance from ledger_accounts where owner_key = ${`user:${userId}`} and currency = 'PTS'), 0)::text as pts`,
  );
  const entries = await queryRows<HeldEntry>(
    db,
    sql`select 'competition' as kind, c.id, c.name,
        ${paidInto(userId, sql`'competition:' || c.id`)}::text as paid,
        (c.start_date <= ${now}) as under_way
      from competition_participants p join competitions c on c.id = p.competition_id
      where p.user_id = ${userId} and c.group_id is null and c.settled_at is null and c.deleted_at is null
    union all
      select 'group' as kind, g.id, g.name,
        ${paidInto(userId, sql`'group:' || g.id`)}::text as paid,
        -- A group the member is alone in is deleted with them, its pool refunded to who paid it.
        (g.member_count > 1 and r.id is not null and r.settled_at is null and r.start_date <= ${now}) as under_way
      from group_members m join groups g on g.id = m.group_id
      left join competitions r on r.id = g.competition_id
      where m.user_id = ${userId} and g.deleted_at is null
    order by kind, id`,
  );
  return { usd: Number(balances.usd), fc: Number(balances.fc), points: Number(balances.pts), entries };
}
