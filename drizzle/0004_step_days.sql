CREATE TABLE "step_days" (
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"steps" integer NOT NULL,
	CONSTRAINT "step_days_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
DROP INDEX "step_batches_user_date_idx";--> statement-breakpoint
ALTER TABLE "step_days" ADD CONSTRAINT "step_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every batch, whoever stores it (a sync, the demo data), adds its steps to its member's day.
CREATE FUNCTION step_days_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO step_days (user_id, local_date, steps)
    VALUES (NEW.user_id, NEW.local_date, NEW.steps)
    ON CONFLICT (user_id, local_date) DO UPDATE SET steps = step_days.steps + EXCLUDED.steps;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Created before the backfill: the trigger's lock holds back concurrent inserts until this commits.
CREATE TRIGGER step_batches_add_to_day AFTER INSERT ON step_batches
  FOR EACH ROW EXECUTE FUNCTION step_days_add();
--> statement-breakpoint
INSERT INTO step_days (user_id, local_date, steps)
  SELECT user_id, local_date, sum(steps)::integer FROM step_batches GROUP BY user_id, local_date;
--> statement-breakpoint
-- step_sync as in 0003, with the member's total on p_today read from step_days.
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
  SELECT coalesce((SELECT d.steps FROM step_days d WHERE d.user_id = p_user_id AND d.local_date = p_today), 0)
    INTO total_steps;
  RETURN NEXT;
END;
$$;
