ALTER TABLE "reconciliation_runs" ALTER COLUMN "recovered_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD COLUMN "failed_count" integer DEFAULT 0 NOT NULL;