ALTER TABLE "gift_card_offers" ADD COLUMN "provider_product_id" text;--> statement-breakpoint
ALTER TABLE "reward_gift_cards" ADD COLUMN "provider_product_id" text;