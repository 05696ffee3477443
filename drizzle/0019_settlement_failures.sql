ALTER TABLE "competitions" ADD COLUMN "settle_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "settle_error" text;--> statement-breakpoint
ALTER TABLE "competitions" ADD COLUMN "settle_retry_at" timestamp with time zone;