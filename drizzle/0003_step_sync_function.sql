-- One step sync in one round trip (DESIGN 1, step plausibility; called by steps.repo syncBatch).
-- Under the member's sync lock (the advisory lock of steps.repo lockMemberSteps, held until the
-- call's transaction ends): whether this batch was counted already; the latest accepted batch's
-- time; a new batch is stored when no accepted sync is later than p_latest_allowed (the caller
-- derives it from the cadence rule; null: any previous time allows the batch), else refused with
-- nothing stored; then the member's steps on p_today. Every statement of a volatile function sees
-- the syncs committed while the lock was awaited.
CREATE FUNCTION step_sync(
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
  seen := EXISTS (
    SELECT 1 FROM step_batches b WHERE b.user_id = p_user_id AND b.batch_id = p_batch_id
  );
  SELECT b.recorded_at INTO latest
    FROM step_batches b WHERE b.user_id = p_user_id
    ORDER BY b.recorded_at DESC LIMIT 1;
  refused := NOT seen AND latest IS NOT NULL AND p_latest_allowed IS NOT NULL
    AND latest > p_latest_allowed;
  IF refused THEN
    RETURN NEXT;
    RETURN;
  END IF;
  IF NOT seen THEN
    INSERT INTO step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date)
      VALUES (p_user_id, p_batch_id, p_steps, p_recorded_at, p_received_at, p_local_date);
  END IF;
  SELECT coalesce(sum(b.steps), 0)::integer INTO total_steps
    FROM step_batches b WHERE b.user_id = p_user_id AND b.local_date = p_today;
  RETURN NEXT;
END;
$$;
