// How far behind the read replica is, in time, measured from WAL positions (issue 31).
//
// Why positions and not `now() - pg_last_xact_replay_timestamp()` on the replica: that is the age of
// the last transaction replayed, which grows without end on an idle primary although the replica
// misses nothing. Why not a heartbeat row: every process would write the primary every second for
// ever, and the app's own database user would need a table that only this uses. Instead, every check
// notes the primary's position (`pg_current_wal_lsn()`, cheap, any user may call it) with the time,
// then asks the replica how far it has replayed (`pg_last_wal_replay_lsn()`). The lag is the age of
// the oldest noted position the replica has not reached yet: 0 when it has replayed everything the
// primary had written at the last check (so an idle pair reads 0), growing while replay is stuck.
// It is a lower bound, exact to within one check interval.

/** A WAL position as PostgreSQL prints it ("16/B374D848"), as a number that orders. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text.trim());
  if (!match) throw new Error(`Not a WAL position: ${JSON.stringify(text)}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

type Noted = { at: number; lsn: bigint };

export type LagTracker = {
  /** The primary was at `lsn` at `at` (ms, a monotonic clock). */
  primaryAt(lsn: bigint, at: number): void;
  /** The replica has replayed up to `lsn`, as seen at `at`; answers the lag then (null: unknown). */
  replayed(lsn: bigint, at: number): number | null;
  /** The replica stopped answering or restarted: what it had replayed is no longer known. */
  lost(): void;
};

/**
 * Positions the primary had that the replica had not replayed when last asked, oldest first. Until
 * the replica has been seen reaching one of them (`complete`), positions older than the first are
 * unknown: the lag is then only known once it is already over `maxLagMs`. Positions older than
 * `keepMs` are forgotten (the replica is far behind by then), which makes the history incomplete again.
 */
export function lagTracker(maxLagMs: number, keepMs: number): LagTracker {
  let pending: Noted[] = [];
  let complete = false;

  return {
    primaryAt(lsn, at) {
      // An idle primary stays at one position: its first sighting is the one that ages.
      const last = pending[pending.length - 1];
      if (!last || lsn > last.lsn) pending.push({ at, lsn });
      const kept = pending.filter((n) => at - n.at <= keepMs);
      if (kept.length < pending.length) complete = false;
      pending = kept;
    },
    replayed(lsn, at) {
      const ahead = pending.filter((n) => n.lsn > lsn);
      if (ahead.length < pending.length) complete = true;
      pending = ahead;
      if (pending.length === 0) return complete ? 0 : null;
      const behind = Math.max(0, at - pending[0].at);
      return complete || behind >= maxLagMs ? behind : null;
    },
    lost() {
      complete = false;
    },
  };
}
