CREATE TABLE "chat_messages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "chat_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"room" text NOT NULL,
	"user_id" integer NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_messages_length" CHECK (char_length("chat_messages"."message") between 1 and 1000)
);
--> statement-breakpoint
CREATE TABLE "competition_disputes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competition_disputes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"competition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" integer
);
--> statement-breakpoint
CREATE TABLE "competition_participants" (
	"competition_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"steps" integer DEFAULT 0 NOT NULL,
	"fee_paid" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"cleared_at" timestamp with time zone,
	"disqualified_at" timestamp with time zone,
	"final_position" integer,
	"prize" bigint,
	CONSTRAINT "competition_participants_competition_id_user_id_pk" PRIMARY KEY("competition_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "competitions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "competitions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text NOT NULL,
	"entry_fee" bigint,
	"max_participants" integer,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"entry_deadline_hours" integer,
	"invite_code" text NOT NULL,
	"created_by" integer NOT NULL,
	"participant_count" integer DEFAULT 0 NOT NULL,
	"settlement" text DEFAULT 'open' NOT NULL,
	"settled_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitions_window" CHECK ("competitions"."end_date" > "competitions"."start_date"),
	CONSTRAINT "competitions_fee_positive" CHECK ("competitions"."entry_fee" is null or "competitions"."entry_fee" > 0)
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_disputes" ADD CONSTRAINT "competition_disputes_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_disputes" ADD CONSTRAINT "competition_disputes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_disputes" ADD CONSTRAINT "competition_disputes_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_competition_id_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."competitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competition_participants" ADD CONSTRAINT "competition_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitions" ADD CONSTRAINT "competitions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "competition_disputes_open_idx" ON "competition_disputes" USING btree ("created_at") WHERE "competition_disputes"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "competition_participants_user_idx" ON "competition_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "competition_participants_standings_idx" ON "competition_participants" USING btree ("competition_id","steps" DESC NULLS LAST,"user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "competitions_invite_code_uq" ON "competitions" USING btree ("invite_code");--> statement-breakpoint
CREATE INDEX "competitions_open_idx" ON "competitions" USING btree ("end_date") WHERE "competitions"."deleted_at" is null and "competitions"."settled_at" is null;--> statement-breakpoint
-- Every batch, whoever stores it, adds its steps to the member's standing in each open
-- competition whose window holds its recorded time (DESIGN 1, steps in a competition). A member
-- in no competition costs one probe of competition_participants_user_idx.
CREATE FUNCTION competition_steps_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE competition_participants p SET steps = p.steps + NEW.steps
    FROM competitions c
    WHERE p.user_id = NEW.user_id AND c.id = p.competition_id
      AND c.settled_at IS NULL AND c.deleted_at IS NULL
      AND NEW.recorded_at >= c.start_date AND NEW.recorded_at < c.end_date;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER step_batches_add_to_competitions AFTER INSERT ON step_batches
  FOR EACH ROW EXECUTE FUNCTION competition_steps_add();
