import { sql } from "drizzle-orm";
import { type Db, queryRows } from "../db/client";

/**
 * Enters `count` walkers into a competition at once, straight into the tables (a board of
 * hundreds without hundreds of sign-ins): walker i (1-based) has `stepsOf(i)` steps, first name
 * "Walker", last name its number. Answers their user ids in order. For tests and the journeys only.
 */
export async function addCrowd(
  db: Db,
  competitionId: number,
  count: number,
  steps: { base: number; step: number },
  tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with walkers as (
        insert into users (username, email, password_hash, first_name, last_name)
        select 'crowd' || ${tag} || '_' || g, 'crowd' || ${tag} || '_' || g || '@example.test',
          'not-a-password', 'Walker', g::text
        from generate_series(1, ${count}::int) g
        returning id, last_name
      ), entered as (
        insert into competition_participants (competition_id, user_id, steps, joined_at)
        select ${competitionId}::int, w.id, ${steps.base}::int + ${steps.step}::int * w.last_name::int, now()
        from walkers w
        returning user_id
      )
      select w.id from walkers w order by w.last_name::int`,
  );
  await db.execute(
    sql`update competitions set participant_count = participant_count + ${count}::int where id = ${competitionId}`,
  );
  return rows.map((r) => r.id);
}
