-- A step sync and its session check in one round trip (issue 14, sync throughput; called by
-- steps.repo syncBatchForSession). The session is looked up by its token hash and the sync is
-- stored only when the caller would certainly be let through: the session is live and needs no
-- sliding renewal yet (expires at or after p_fresh_until), it is bound to this device or to none,
-- the member is neither deleted nor banned, their membership is active or cancelled at a period
-- end still ahead (no renewal grace), and the caller computed the local dates in the member's own
-- time zone (p_time_zone). Otherwise nothing is stored and `handled` is false: the caller then
-- resolves the session in full (http/viewer.ts), which answers every other case as before. The
-- member's id and time zone are answered whenever the session is usable, so a caller that guessed
-- the zone wrong can compute the dates again.
CREATE FUNCTION step_sync_session(
  p_token_hash text,
  p_fingerprint text,
  p_time_zone text,
  p_now timestamptz,
  p_fresh_until timestamptz,
  p_batch_id uuid,
  p_steps integer,
  p_recorded_at timestamptz,
  p_local_date date,
  p_today date,
  p_latest_allowed timestamptz
) RETURNS TABLE (
  user_id integer,
  time_zone text,
  handled boolean,
  seen boolean,
  refused boolean,
  latest timestamptz,
  total_steps integer
)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  handled := false;
  SELECT s.user_id, u.time_zone INTO user_id, time_zone
    FROM sessions s
    JOIN users u ON u.id = s.user_id
    JOIN subscriptions m ON m.user_id = s.user_id
    WHERE s.token_hash = p_token_hash
      AND s.revoked_at IS NULL
      AND s.expires_at >= p_fresh_until
      AND (coalesce(s.device_fingerprint, '') = '' OR s.device_fingerprint = p_fingerprint)
      AND u.deleted_at IS NULL
      AND u.banned_at IS NULL
      AND m.status IN ('active', 'cancel_at_period_end')
      AND m.current_period_end > p_now;
  IF user_id IS NULL OR p_time_zone IS NULL OR time_zone <> p_time_zone THEN
    RETURN NEXT;
    RETURN;
  END IF;
  handled := true;
  SELECT r.seen, r.refused, r.latest, r.total_steps INTO seen, refused, latest, total_steps
    FROM step_sync(user_id, p_batch_id, p_steps, p_recorded_at, p_now, p_local_date, p_today,
      p_latest_allowed) r;
  RETURN NEXT;
END;
$$;
--> statement-breakpoint
-- step_sync as in 0004, with one query less on the common path: a batch within the cadence is
-- inserted at once (a batch id seen before inserts nothing: `seen`), and the batch id is looked up
-- only when the cadence would refuse the batch (a retry of a batch counted before is answered,
-- not refused).
CREATE OR REPLACE FUNCTION step_sync(
  p_user_id integer,
  p_batch_id uuid,
  p_steps integer,
  p_recorded_at timestamptz,
  p_received_at timestamptz,
  p_local_date date,
  p_today date,
  p_latest_allowed timestamptz
) RETURNS TABLE (seen boolean, refused boolean, latest timestamptz, total_steps integer)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(51900, p_user_id);
  SELECT b.recorded_at INTO latest
    FROM step_batches b WHERE b.user_id = p_user_id
    ORDER BY b.recorded_at DESC LIMIT 1;
  refused := false;
  IF latest IS NOT NULL AND p_latest_allowed IS NOT NULL AND latest > p_latest_allowed THEN
    seen := EXISTS (
      SELECT 1 FROM step_batches b WHERE b.user_id = p_user_id AND b.batch_id = p_batch_id
    );
    refused := NOT seen;
    IF refused THEN
      RETURN NEXT;
      RETURN;
    END IF;
  ELSE
    INSERT INTO step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date)
      VALUES (p_user_id, p_batch_id, p_steps, p_recorded_at, p_received_at, p_local_date)
      ON CONFLICT (user_id, batch_id) DO NOTHING;
    seen := NOT FOUND;
  END IF;
  SELECT coalesce((SELECT d.steps FROM step_days d WHERE d.user_id = p_user_id AND d.local_date = p_today), 0)
    INTO total_steps;
  RETURN NEXT;
END;
$$;
