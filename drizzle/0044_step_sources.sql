CREATE TABLE "step_source_accounts" (
	"vendor" text NOT NULL,
	"external_user_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "step_source_accounts_vendor_external_user_id_user_id_pk" PRIMARY KEY("vendor","external_user_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "step_source_days" (
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"source" text NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"day_total" integer,
	CONSTRAINT "step_source_days_user_id_local_date_source_pk" PRIMARY KEY("user_id","local_date","source"),
	CONSTRAINT "step_source_days_steps_not_negative" CHECK ("step_source_days"."steps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "step_source_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_source_slots" (
	"user_id" integer NOT NULL,
	"slot_start" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"steps" integer NOT NULL,
	CONSTRAINT "step_source_slots_user_id_slot_start_source_pk" PRIMARY KEY("user_id","slot_start","source"),
	CONSTRAINT "step_source_slots_steps_not_negative" CHECK ("step_source_slots"."steps" >= 0)
);
--> statement-breakpoint
CREATE TABLE "step_source_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "step_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "step_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"vendor" text NOT NULL,
	"external_user_id" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'connected' NOT NULL,
	"connected_at" timestamp with time zone NOT NULL,
	"last_sync_at" timestamp with time zone,
	"counts_from" timestamp with time zone NOT NULL,
	"synced_to" timestamp with time zone NOT NULL,
	"notified_at" timestamp with time zone,
	"next_poll_at" timestamp with time zone NOT NULL,
	"leased_until" timestamp with time zone,
	"subscribed" boolean DEFAULT false NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "step_batches" DROP CONSTRAINT "step_batches_steps_positive";--> statement-breakpoint
ALTER TABLE "step_batches" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "step_batches" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "step_batches" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "step_days" ADD COLUMN "slot_steps" integer;--> statement-breakpoint
ALTER TABLE "step_days" ADD COLUMN "day_total_steps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "step_source_accounts" ADD CONSTRAINT "step_source_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_source_days" ADD CONSTRAINT "step_source_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_source_members" ADD CONSTRAINT "step_source_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_source_slots" ADD CONSTRAINT "step_source_slots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_source_states" ADD CONSTRAINT "step_source_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_sources" ADD CONSTRAINT "step_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "step_sources_user_vendor_idx" ON "step_sources" USING btree ("user_id","vendor");--> statement-breakpoint
CREATE UNIQUE INDEX "step_sources_external_idx" ON "step_sources" USING btree ("vendor","external_user_id");--> statement-breakpoint
CREATE INDEX "step_sources_poll_idx" ON "step_sources" USING btree ("next_poll_at");--> statement-breakpoint
ALTER TABLE "step_batches" ADD CONSTRAINT "step_batches_steps_not_negative" CHECK ("steps" >= 0);--> statement-breakpoint
-- Issue 33: steps from the phone and from connected wearables go through one accounting. Every
-- counted step is a step_batches row (the triggers add it to the member's day and to their open
-- competitions, as before). A member with no step source keeps the phone-only path unchanged. Once
-- a source has imported steps for a member (step_source_members), each source's steps are kept
-- per 15-minute slot (step_source_slots) and per day (step_source_days), and a row holds only what
-- the counted total grew by: a slot counts its largest source, never the sum, and a day counts the
-- larger of its slots' sum and the largest day total a source gave without intervals.
--
-- The 15-minute slot of an instant, on the UTC grid (every time zone's offset is a whole number
-- of quarter hours, so a local day is whole slots).
CREATE FUNCTION step_slot(p_at timestamptz) RETURNS timestamptz
LANGUAGE sql IMMUTABLE AS $$ SELECT to_timestamp(floor(extract(epoch FROM p_at) / 900) * 900) $$;
--> statement-breakpoint
-- Whether a counted row's steps count in a competition window [p_from, p_to): a phone batch by its
-- recorded instant (DESIGN 1), an imported interval only if the whole of it lies inside.
CREATE FUNCTION step_batch_in_window(
  p_recorded_at timestamptz, p_started_at timestamptz, p_ended_at timestamptz,
  p_from timestamptz, p_to timestamptz
) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN p_started_at IS NULL THEN p_recorded_at >= p_from AND p_recorded_at < p_to
    ELSE p_started_at >= p_from AND p_ended_at <= p_to END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION competition_steps_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.steps = 0 THEN
    RETURN NULL;
  END IF;
  UPDATE competition_participants p SET steps = p.steps + NEW.steps
    FROM competitions c
    WHERE p.user_id = NEW.user_id AND c.id = p.competition_id
      AND c.settled_at IS NULL AND c.deleted_at IS NULL
      AND step_batch_in_window(NEW.recorded_at, NEW.started_at, NEW.ended_at, c.start_date, c.end_date);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION step_days_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.steps = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO step_days (user_id, local_date, steps)
    VALUES (NEW.user_id, NEW.local_date, NEW.steps)
    ON CONFLICT (user_id, local_date) DO UPDATE
      SET steps = step_days.steps + EXCLUDED.steps, points_pending = true;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Makes a member counted per source, once (the caller holds their sync lock): the phone's batches
-- still kept become the phone's slots and days, and each day's slot sum is its total so far.
CREATE FUNCTION step_sources_enter(p_user_id integer, p_at timestamptz) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO step_source_members (user_id, since) VALUES (p_user_id, p_at) ON CONFLICT DO NOTHING;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  INSERT INTO step_source_slots (user_id, slot_start, source, steps)
    SELECT b.user_id, step_slot(b.recorded_at), 'phone', sum(b.steps)::integer FROM step_batches b
      WHERE b.user_id = p_user_id AND b.source IS NULL GROUP BY 1, 2;
  INSERT INTO step_source_days (user_id, local_date, source, steps)
    SELECT b.user_id, b.local_date, 'phone', sum(b.steps)::integer FROM step_batches b
      WHERE b.user_id = p_user_id AND b.source IS NULL GROUP BY 1, 2;
  UPDATE step_days SET slot_steps = steps WHERE user_id = p_user_id AND slot_steps IS NULL;
END;
$$;
--> statement-breakpoint
-- Counts a source's steps for a member counted per source (the caller holds their sync lock):
-- in one slot (p_slot: the source's total there grows by p_steps when p_add, else becomes at
-- least p_steps) or as a day total without intervals (p_slot null: the source's day total becomes
-- at least p_steps). Stores what the member's counted day grew by as a step_batches row (always
-- for a phone batch, p_batch_id, so a retry finds it; otherwise only if it grew) and returns it.
CREATE FUNCTION step_source_count(
  p_user_id integer, p_source text, p_local_date date, p_slot timestamptz, p_steps integer,
  p_add boolean, p_batch_id uuid, p_recorded_at timestamptz, p_started_at timestamptz,
  p_ended_at timestamptz, p_received_at timestamptz
) RETURNS integer
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  v_old integer;
  v_new integer;
  v_others integer;
  v_slots integer;
  v_day integer;
  v_counted integer;
  v_grew integer;
BEGIN
  SELECT coalesce(d.slot_steps, d.steps), d.day_total_steps INTO v_slots, v_day
    FROM step_days d WHERE d.user_id = p_user_id AND d.local_date = p_local_date;
  IF NOT FOUND THEN
    v_slots := 0;
    v_day := 0;
    INSERT INTO step_days (user_id, local_date, steps, slot_steps) VALUES (p_user_id, p_local_date, 0, 0);
  END IF;
  v_counted := greatest(v_slots, v_day);
  IF p_slot IS NOT NULL THEN
    SELECT s.steps INTO v_old FROM step_source_slots s
      WHERE s.user_id = p_user_id AND s.slot_start = p_slot AND s.source = p_source;
    v_old := coalesce(v_old, 0);
    v_new := CASE WHEN p_add THEN v_old + p_steps ELSE greatest(v_old, p_steps) END;
    IF v_new > v_old THEN
      SELECT coalesce(max(s.steps), 0) INTO v_others FROM step_source_slots s
        WHERE s.user_id = p_user_id AND s.slot_start = p_slot AND s.source <> p_source;
      v_slots := v_slots + greatest(v_new, v_others) - greatest(v_old, v_others);
      INSERT INTO step_source_slots (user_id, slot_start, source, steps)
        VALUES (p_user_id, p_slot, p_source, v_new)
        ON CONFLICT (user_id, slot_start, source) DO UPDATE SET steps = EXCLUDED.steps;
      INSERT INTO step_source_days (user_id, local_date, source, steps)
        VALUES (p_user_id, p_local_date, p_source, v_new - v_old)
        ON CONFLICT (user_id, local_date, source) DO UPDATE SET steps = step_source_days.steps + EXCLUDED.steps;
    END IF;
  ELSE
    SELECT s.day_total INTO v_old FROM step_source_days s
      WHERE s.user_id = p_user_id AND s.local_date = p_local_date AND s.source = p_source;
    v_old := coalesce(v_old, 0);
    IF p_steps > v_old THEN
      INSERT INTO step_source_days (user_id, local_date, source, day_total)
        VALUES (p_user_id, p_local_date, p_source, p_steps)
        ON CONFLICT (user_id, local_date, source) DO UPDATE SET day_total = EXCLUDED.day_total;
      v_day := greatest(v_day, p_steps);
    END IF;
  END IF;
  UPDATE step_days SET slot_steps = v_slots, day_total_steps = v_day
    WHERE user_id = p_user_id AND local_date = p_local_date;
  v_grew := greatest(v_slots, v_day) - v_counted;
  IF v_grew > 0 OR p_batch_id IS NOT NULL THEN
    INSERT INTO step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date, source, started_at, ended_at)
      VALUES (p_user_id, coalesce(p_batch_id, gen_random_uuid()), v_grew, p_recorded_at, p_received_at,
        p_local_date, nullif(p_source, 'phone'), p_started_at, p_ended_at);
  END IF;
  RETURN v_grew;
END;
$$;
--> statement-breakpoint
-- step_sync as in 0033, with a member counted per source counting the phone's batch through
-- step_source_count (the plausibility budget still takes the phone's whole batch). The batch was
-- walked since the member's previous one, and at most 5 minutes before its time (the longest a
-- phone batch spans): when that crosses into the previous quarter hour (of the same local day), it
-- is shared between the two in proportion to the time, so a walk over a boundary is compared with
-- the watch's quarter hours as it was walked.
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
  v_from timestamptz;
  v_slot timestamptz;
  v_zone text;
  v_early integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(51900, p_user_id);
  refused := false;
  -- A retry of a batch stored before is answered as seen, whatever the budget says now; so is one
  -- recorded before the batch ids kept (see 0033).
  seen := p_recorded_at < p_received_at - step_batches_retention() OR EXISTS (
    SELECT 1 FROM step_batches b WHERE b.user_id = p_user_id AND b.batch_id = p_batch_id
  );
  IF NOT seen THEN
    SELECT s.left_steps, s.counted_to INTO v_left, v_counted_to
      FROM step_budgets s WHERE s.user_id = p_user_id;
    IF NOT FOUND THEN
      v_left := 30;
      SELECT greatest(
          (SELECT max(b.recorded_at) FROM step_batches b WHERE b.user_id = p_user_id AND b.source IS NULL),
          u.created_at - interval '5 minutes')
        INTO v_counted_to FROM users u WHERE u.id = p_user_id;
    END IF;
    v_allowed := v_left + floor(4 * greatest(0, extract(epoch FROM (p_recorded_at - v_counted_to))))::bigint;
    IF p_steps > v_allowed THEN
      refused := true;
      SELECT max(b.recorded_at) INTO latest FROM step_batches b WHERE b.user_id = p_user_id AND b.source IS NULL;
      RETURN NEXT;
      RETURN;
    END IF;
    IF EXISTS (SELECT 1 FROM step_source_members m WHERE m.user_id = p_user_id) THEN
      v_slot := step_slot(p_recorded_at);
      v_from := greatest(v_counted_to, p_recorded_at - interval '5 minutes');
      IF v_from < v_slot THEN
        SELECT u.time_zone INTO v_zone FROM users u WHERE u.id = p_user_id;
        IF ((v_slot - interval '1 millisecond') AT TIME ZONE v_zone)::date = p_local_date THEN
          v_early := floor(p_steps * extract(epoch FROM (v_slot - v_from))
            / extract(epoch FROM (p_recorded_at - v_from)))::integer;
        END IF;
      END IF;
      IF v_early > 0 THEN
        PERFORM step_source_count(p_user_id, 'phone', p_local_date, v_slot - interval '15 minutes', v_early,
          true, NULL, p_recorded_at, NULL, NULL, p_received_at);
      END IF;
      PERFORM step_source_count(p_user_id, 'phone', p_local_date, v_slot, p_steps - v_early,
        true, p_batch_id, p_recorded_at, NULL, NULL, p_received_at);
    ELSE
      INSERT INTO step_batches (user_id, batch_id, steps, recorded_at, received_at, local_date)
        VALUES (p_user_id, p_batch_id, p_steps, p_recorded_at, p_received_at, p_local_date);
    END IF;
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
