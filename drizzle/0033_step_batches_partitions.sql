-- Issue 25, item 3: raw step batches only as long as they matter, in weekly partitions that are
-- dropped whole. step_batches becomes a table partitioned by RANGE of received_at, one partition
-- per UTC week (Monday to Monday, named step_batches_pYYYYMMDD), plus a default partition that
-- only catches a sync no week was created for (the retention job creates them weeks ahead). The
-- rows of the old table are copied; the day totals (step_days) and the standings
-- (competition_participants.steps) they already added to stay as they are, and stay for ever.
--
-- One index per partition, (user_id, batch_id), instead of the primary key and two indexes: a
-- unique index of a partitioned table must hold received_at, so it could not catch a retry, which
-- arrives later. step_sync looks the batch id up in every partition instead, under the member's
-- sync lock, which already made a member's syncs pass one at a time.
--
-- A batch recorded more than step_batches_retention() before it arrives is answered as counted
-- and stores nothing: a retry of a batch whose week was dropped (it could only be found in that
-- week) must not be counted again, and it cannot be told from a first sync so late. The retention
-- job drops a week only once all of it is older than that, so every retry it could not answer is
-- one of those.
ALTER TABLE "step_batches" RENAME TO "step_batches_unpartitioned";--> statement-breakpoint
ALTER TABLE "step_batches_unpartitioned" ALTER COLUMN "id" DROP IDENTITY;--> statement-breakpoint
CREATE TABLE "step_batches" (
	"id" integer GENERATED ALWAYS AS IDENTITY (sequence name "step_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	"steps" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	CONSTRAINT "step_batches_steps_positive" CHECK ("step_batches"."steps" > 0)
) PARTITION BY RANGE ("received_at");--> statement-breakpoint
CREATE TABLE "step_batches_default" PARTITION OF "step_batches" DEFAULT;--> statement-breakpoint
-- How long raw batches are kept at least: the batch ids a phone may still retry.
CREATE FUNCTION step_batches_retention() RETURNS interval
LANGUAGE sql IMMUTABLE AS $$ SELECT interval '14 days' $$;
--> statement-breakpoint
-- The week (UTC, from Monday) a received time falls in, and its partition's name.
CREATE FUNCTION step_batches_week(p_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT date_trunc('week', p_at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
-- Creates the partition of the week starting p_week (a Monday) unless it exists; true if created.
-- Fails, creating nothing, if the default partition holds rows of that week.
CREATE FUNCTION step_batches_create_week(p_week date) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
  v_name text := 'step_batches_p' || to_char(p_week, 'YYYYMMDD');
BEGIN
  IF extract(isodow FROM p_week) <> 1 THEN
    RAISE EXCEPTION 'step_batches weeks start on a Monday, not %', p_week;
  END IF;
  IF to_regclass(v_name) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TABLE %I PARTITION OF step_batches FOR VALUES FROM (%L) TO (%L)', v_name,
    p_week::timestamp AT TIME ZONE 'UTC', (p_week + 7)::timestamp AT TIME ZONE 'UTC');
  RETURN true;
END;
$$;
--> statement-breakpoint
-- Every week of the old rows, and this week and the next two.
SELECT step_batches_create_week(w::date)
  FROM generate_series(
    least((SELECT step_batches_week(min(received_at)) FROM step_batches_unpartitioned), step_batches_week(now())),
    step_batches_week(now()) + 14,
    interval '7 days') w;--> statement-breakpoint
INSERT INTO "step_batches" ("id", "user_id", "batch_id", "steps", "recorded_at", "received_at", "local_date")
  OVERRIDING SYSTEM VALUE
  SELECT "id", "user_id", "batch_id", "steps", "recorded_at", "received_at", "local_date"
    FROM "step_batches_unpartitioned";--> statement-breakpoint
SELECT setval('step_batches_id_seq', coalesce((SELECT max(id) FROM step_batches), 0) + 1, false);--> statement-breakpoint
DROP TABLE "step_batches_unpartitioned";--> statement-breakpoint
ALTER TABLE "step_batches" ADD CONSTRAINT "step_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "step_batches_user_batch_idx" ON "step_batches" USING btree ("user_id","batch_id");--> statement-breakpoint
-- After the copy: the copied rows were added to the days and standings when first stored.
CREATE TRIGGER step_batches_add_to_day AFTER INSERT ON step_batches
  FOR EACH ROW EXECUTE FUNCTION step_days_add();--> statement-breakpoint
CREATE TRIGGER step_batches_add_to_competitions AFTER INSERT ON step_batches
  FOR EACH ROW EXECUTE FUNCTION competition_steps_add();--> statement-breakpoint
-- step_sync as in 0022, with the batch id looked up first (no unique index answers it now) and
-- batches older than the retention answered as counted.
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
  refused := false;
  -- A retry of a batch stored before is answered as seen, whatever the budget says now; so is one
  -- recorded before the batch ids kept (see above).
  seen := p_recorded_at < p_received_at - step_batches_retention() OR EXISTS (
    SELECT 1 FROM step_batches b WHERE b.user_id = p_user_id AND b.batch_id = p_batch_id
  );
  IF NOT seen THEN
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
    IF p_steps > v_allowed THEN
      refused := true;
      SELECT max(b.recorded_at) INTO latest FROM step_batches b WHERE b.user_id = p_user_id;
      RETURN NEXT;
      RETURN;
    END IF;
    INSERT INTO step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date)
      VALUES (p_user_id, p_batch_id, p_steps, p_recorded_at, p_received_at, p_local_date);
    INSERT INTO step_budgets (user_id, left_steps, counted_to)
      VALUES (p_user_id, least(30, v_allowed - p_steps), greatest(v_counted_to, p_recorded_at))
      ON CONFLICT (user_id) DO UPDATE
        SET left_steps = excluded.left_steps, counted_to = excluded.counted_to;
  END IF;
  SELECT coalesce((SELECT d.steps FROM step_days d WHERE d.user_id = p_user_id AND d.local_date = p_today), 0)
    INTO total_steps;
  RETURN NEXT;
END;
$$;
