CREATE TABLE "banking_details" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bank_name" text NOT NULL,
	"account_type" text NOT NULL,
	"routing_number" text NOT NULL,
	"account_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'requires_payment_method' NOT NULL,
	"client_secret" text NOT NULL,
	"last_error_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "banking_details" ADD CONSTRAINT "banking_details_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD CONSTRAINT "sandbox_payment_intents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_intents_client_secret_uq" ON "sandbox_payment_intents" USING btree ("client_secret");--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_user_idx" ON "sandbox_payment_intents" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_payment_intents_status_idx" ON "sandbox_payment_intents" USING btree ("status","created_at");