CREATE TABLE "step_batches" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "step_batches_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	"steps" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"local_date" date NOT NULL,
	CONSTRAINT "step_batches_steps_positive" CHECK ("step_batches"."steps" > 0)
);
--> statement-breakpoint
CREATE TABLE "step_flags" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"flagged_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "step_refusals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "step_refusals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"batch_id" uuid NOT NULL,
	"steps" integer NOT NULL,
	"allowed_steps" integer NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "step_batches" ADD CONSTRAINT "step_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_flags" ADD CONSTRAINT "step_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "step_refusals" ADD CONSTRAINT "step_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "step_batches_user_batch_uq" ON "step_batches" USING btree ("user_id","batch_id");--> statement-breakpoint
CREATE INDEX "step_batches_user_date_idx" ON "step_batches" USING btree ("user_id","local_date");--> statement-breakpoint
CREATE INDEX "step_batches_user_recorded_idx" ON "step_batches" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "step_batches_recorded_idx" ON "step_batches" USING btree ("recorded_at");--> statement-breakpoint
CREATE INDEX "step_flags_open_idx" ON "step_flags" USING btree ("flagged_at") WHERE "step_flags"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "step_refusals_user_idx" ON "step_refusals" USING btree ("user_id","created_at");