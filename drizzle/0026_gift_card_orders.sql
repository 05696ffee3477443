DROP INDEX "gift_card_redemptions_unfinished_idx";--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "gift_card_link" text;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "provider_reward_id" text;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "provider_product_id" text;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "failed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_open_idx" ON "gift_card_redemptions" USING btree ("next_check_at") WHERE "gift_card_redemptions"."status" in ('pending', 'issuing', 'ordered');--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_failed_idx" ON "gift_card_redemptions" USING btree ("id") WHERE "gift_card_redemptions"."status" = 'failed';--> statement-breakpoint
-- Redemptions paid before this migration and not issued yet: the fulfilment job's at once.
UPDATE "gift_card_redemptions" SET "next_check_at" = "created_at" WHERE "status" in ('pending', 'issuing') AND "next_check_at" IS NULL;--> statement-breakpoint
UPDATE "gift_card_redemptions" SET "delivered_at" = "created_at" WHERE "status" in ('delivered', 'fulfilled') AND "delivered_at" IS NULL;--> statement-breakpoint
-- A FitCoin card is paid from the reserve shard of its member, and prizes move FitCoins between
-- members (and shards): one shard may hold less than a card costs while the reserve as a whole
-- covers it. The shards may go negative, so a member's card never waits on how they filled.
UPDATE "ledger_accounts" SET "allow_negative" = true WHERE "currency" = 'USD' AND ("owner_key" = 'system:fitcoin_reserve' OR "owner_key" LIKE 'system:fitcoin\_reserve:%');
