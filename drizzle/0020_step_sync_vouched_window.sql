-- Issue 21, item 3: no sync credits more steps than the member could have walked in the time the
-- server can vouch for. step_sync as in 0016, with the cadence check measured from the later of
-- the member's latest accepted batch and the account's creation (users.created_at, the server's
-- clock at sign-up): a new account's first sync is checked too, and a batch dated before the
-- account existed gains nothing from it. p_latest_allowed keeps its meaning (the latest start of
-- the window at which p_steps are still plausible; null: the allowance alone covers them), and
-- `latest` still answers the latest accepted batch's time (null: the member's first). The window
-- the batch declares itself (its first and last step) is checked before this, in steps.service.
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
DECLARE
  v_since timestamptz;
BEGIN
  PERFORM pg_advisory_xact_lock(51900, p_user_id);
  SELECT b.recorded_at INTO latest
    FROM step_batches b WHERE b.user_id = p_user_id
    ORDER BY b.recorded_at DESC LIMIT 1;
  refused := false;
  IF p_latest_allowed IS NOT NULL THEN
    -- greatest() passes over a null latest (the first sync): then the account's creation alone.
    SELECT greatest(latest, u.created_at) INTO v_since FROM users u WHERE u.id = p_user_id;
  END IF;
  IF v_since IS NOT NULL AND v_since > p_latest_allowed THEN
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
