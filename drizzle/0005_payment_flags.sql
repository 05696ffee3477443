CREATE TABLE "payment_flags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "payment_flags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text NOT NULL,
	"purpose" text NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"shortfall_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "payment_flags" ADD CONSTRAINT "payment_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_flags_reference_uq" ON "payment_flags" USING btree ("provider","reference");--> statement-breakpoint
CREATE INDEX "payment_flags_user_idx" ON "payment_flags" USING btree ("user_id","created_at");