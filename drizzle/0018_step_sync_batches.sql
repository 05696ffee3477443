-- Several step syncs in one round trip and one transaction (issue 14, sync throughput; called by
-- steps.repo syncBatchForSession through its batcher). Element n of every array is one sync, as
-- the arguments of step_sync_session (0016), which stores each one under the same rules; `ord`
-- answers n. Syncs arriving while earlier ones are in the database wait and go together: one
-- commit (one WAL flush) and one round trip for all of them instead of one each, and every sync is
-- answered only after that commit. The members' sync locks are taken in the order of their ids
-- (syncs whose session is unknown last), so two such transactions never wait on each other in a
-- cycle; a member syncing twice in one call is stored twice in order, as two calls would be. Call
-- it outside any transaction: p_lock_timeout holds for the rest of the one it runs in.
CREATE FUNCTION step_sync_sessions(
  p_token_hashes text[],
  p_fingerprints text[],
  p_time_zones text[],
  p_now timestamptz[],
  p_fresh_until timestamptz[],
  p_batch_ids uuid[],
  p_steps integer[],
  p_recorded_at timestamptz[],
  p_local_dates date[],
  p_todays date[],
  p_latest_allowed timestamptz[],
  p_lock_timeout text
) RETURNS TABLE (
  ord integer,
  user_id integer,
  time_zone text,
  handled boolean,
  seen boolean,
  refused boolean,
  latest timestamptz,
  total_steps integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  n integer;
BEGIN
  -- A lock held elsewhere (another transaction on one of these members) must not hold up all the
  -- syncs of a call for long: past p_lock_timeout the call fails, changing nothing, and the caller
  -- tries each sync alone (db/grouped-calls.ts), with no such limit.
  IF p_lock_timeout IS NOT NULL THEN
    PERFORM set_config('lock_timeout', p_lock_timeout, true);
  END IF;
  FOR n IN
    SELECT t.n::integer
      FROM unnest(p_token_hashes) WITH ORDINALITY AS t(token_hash, n)
      LEFT JOIN sessions s ON s.token_hash = t.token_hash
      ORDER BY s.user_id NULLS LAST, t.n
  LOOP
    ord := n;
    SELECT r.user_id, r.time_zone, r.handled, r.seen, r.refused, r.latest, r.total_steps
      INTO user_id, time_zone, handled, seen, refused, latest, total_steps
      FROM step_sync_session(p_token_hashes[n], p_fingerprints[n], p_time_zones[n], p_now[n],
        p_fresh_until[n], p_batch_ids[n], p_steps[n], p_recorded_at[n], p_local_dates[n],
        p_todays[n], p_latest_allowed[n]) r;
    RETURN NEXT;
  END LOOP;
END;
$$;
