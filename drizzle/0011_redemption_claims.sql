ALTER TABLE "gift_card_redemptions" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "groups_created_by_idx" ON "groups" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_unfinished_idx" ON "gift_card_redemptions" USING btree ("id") WHERE "gift_card_redemptions"."status" in ('pending', 'issuing');--> statement-breakpoint
-- Points start with the rewards release: days walked before yesterday (on a database that had
-- steps before migration 0009) are not paid in bulk at the first tick. Their totals still count
-- for streaks and badges.
UPDATE step_days SET points_pending = false WHERE points_pending AND local_date < current_date - 1;
