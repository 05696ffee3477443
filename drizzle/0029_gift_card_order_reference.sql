ALTER TABLE "gift_card_redemptions" ADD COLUMN "order_reference" text DEFAULT ('redemption-' || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD COLUMN "error_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_order_reference_uq" ON "gift_card_redemptions" USING btree ("order_reference");--> statement-breakpoint
-- Orders placed before this migration were placed under `redemption-<id>`: those rows keep it.
UPDATE "gift_card_redemptions" SET "order_reference" = 'redemption-' || "id";
