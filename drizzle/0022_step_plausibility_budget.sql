CREATE TABLE "step_budgets" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"left_steps" smallint NOT NULL,
	"counted_to" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "step_budgets" ADD CONSTRAINT "step_budgets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 21, item 3, closed for small syncs: 0020 let every sync of 30 steps or fewer through
-- unchecked (the allowance was given per sync), so a hundred syncs of 30 at one instant credited
-- 3,000 steps nobody walked. Now each member has one budget (step_budgets): a sync recorded at
-- t may carry what is left of the allowance (at most 30) plus 4 steps a second from `counted_to`
-- to t; `counted_to` only moves forward, and starts at the account's creation (less 5 minutes, for
-- a phone clock running behind; a member from before this migration starts from their latest
-- accepted batch). So a sync after the previous one by d seconds carries at most 4d + 30 as
-- before, small syncs at one instant share one 30, and nobody is ever credited more than 4 steps
-- a second since their account existed, whatever times their phone claims. p_latest_allowed is
-- no longer read (the budget replaces it; the signature stays for its callers, 0016 and 0018);
-- `latest` is answered on a refusal, for its message.
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
  v_left integer;
  v_counted_to timestamptz;
  v_allowed bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(51900, p_user_id);
  SELECT s.left_steps, s.counted_to INTO v_left, v_counted_to
    FROM step_budgets s WHERE s.user_id = p_user_id;
  IF NOT FOUND THEN
    v_left := 30;
    SELECT greatest(
        (SELECT max(b.recorded_at) FROM step_batches b WHERE b.user_id = p_user_id),
        u.created_at - interval '5 minutes')
      INTO v_counted_to FROM users u WHERE u.id = p_user_id;
  END IF;
  v_allowed := v_left + floor(4 * greatest(0, extract(epoch FROM (p_recorded_at - v_counted_to))))::bigint;
  refused := false;
  IF p_steps > v_allowed THEN
    -- A retry of a batch stored before is answered as seen, whatever the budget says now.
    seen := EXISTS (
      SELECT 1 FROM step_batches b WHERE b.user_id = p_user_id AND b.batch_id = p_batch_id
    );
    refused := NOT seen;
    IF refused THEN
      SELECT max(b.recorded_at) INTO latest FROM step_batches b WHERE b.user_id = p_user_id;
      RETURN NEXT;
      RETURN;
    END IF;
  ELSE
    INSERT INTO step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date)
      VALUES (p_user_id, p_batch_id, p_steps, p_recorded_at, p_received_at, p_local_date)
      ON CONFLICT (user_id, batch_id) DO NOTHING;
    seen := NOT FOUND;
    IF NOT seen THEN
      INSERT INTO step_budgets (user_id, left_steps, counted_to)
        VALUES (p_user_id, least(30, v_allowed - p_steps), greatest(v_counted_to, p_recorded_at))
        ON CONFLICT (user_id) DO UPDATE
          SET left_steps = excluded.left_steps, counted_to = excluded.counted_to;
    END IF;
  END IF;
  SELECT coalesce((SELECT d.steps FROM step_days d WHERE d.user_id = p_user_id AND d.local_date = p_today), 0)
    INTO total_steps;
  RETURN NEXT;
END;
$$;
