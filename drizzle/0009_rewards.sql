CREATE TABLE "gift_card_offers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_offers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"month" text NOT NULL,
	"brand" text NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"value50_cents" integer NOT NULL,
	"fitcoins50" integer NOT NULL,
	"value100_cents" integer NOT NULL,
	"fitcoins100" integer NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_redemptions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gift_card_redemptions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"currency" text NOT NULL,
	"gift_card_id" integer,
	"offer_id" integer,
	"brand" text NOT NULL,
	"name" text NOT NULL,
	"value_cents" integer NOT NULL,
	"cost" bigint NOT NULL,
	"delivery_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"gift_card_code" text,
	"provider_reference" text,
	"transfer_id" bigint,
	"request_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gift_card_redemptions_currency" CHECK ("gift_card_redemptions"."currency" in ('PTS', 'FC'))
);
--> statement-breakpoint
CREATE TABLE "points_days" (
	"user_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"blocks_paid" integer DEFAULT 0 NOT NULL,
	"milestone_paid" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "points_days_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "reward_gift_cards" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "reward_gift_cards_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"value_cents" integer NOT NULL,
	"point_cost" integer NOT NULL,
	"description" text NOT NULL,
	"image_url" text,
	"active" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_achievements" (
	"user_id" integer NOT NULL,
	"achievement_id" text NOT NULL,
	"unlocked_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	CONSTRAINT "user_achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "step_days" ADD COLUMN "points_pending" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_gift_card_id_reward_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."reward_gift_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_offer_id_gift_card_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."gift_card_offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_redemptions" ADD CONSTRAINT "gift_card_redemptions_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_days" ADD CONSTRAINT "points_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_achievements" ADD CONSTRAINT "user_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_offers_one_active_uq" ON "gift_card_offers" USING btree ("is_active") WHERE "gift_card_offers"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "gift_card_redemptions_request_uq" ON "gift_card_redemptions" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "gift_card_redemptions_user_idx" ON "gift_card_redemptions" USING btree ("user_id","currency","id");--> statement-breakpoint
CREATE INDEX "step_days_points_pending_idx" ON "step_days" USING btree ("user_id","local_date") WHERE "step_days"."points_pending";--> statement-breakpoint
-- As in 0004, and every batch marks its day for the points job (DESIGN 1, points). A day already
-- pending keeps its value, so the update stays a heap-only one.
CREATE OR REPLACE FUNCTION step_days_add() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO step_days (user_id, local_date, steps)
    VALUES (NEW.user_id, NEW.local_date, NEW.steps)
    ON CONFLICT (user_id, local_date) DO UPDATE
      SET steps = step_days.steps + EXCLUDED.steps, points_pending = true;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The points gift-card catalogue: about a week of 10,000-step days (some 5,000 points) per $5.
INSERT INTO reward_gift_cards (name, brand, value_cents, point_cost, description, sort_order) VALUES
  ('Amazon $5 Gift Card', 'Amazon', 500, 5000, 'Shop millions of items, from running gear to books.', 10),
  ('Starbucks $5 Gift Card', 'Starbucks', 500, 5000, 'A coffee on your next walk.', 20),
  ('Amazon $10 Gift Card', 'Amazon', 1000, 10000, 'Shop millions of items, from running gear to books.', 30),
  ('Target $10 Gift Card', 'Target', 1000, 10000, 'Everyday essentials, in store and online.', 40),
  ('Apple $10 Gift Card', 'Apple', 1000, 10000, 'Apps, music and more on the App Store and iTunes.', 50),
  ('Nike $25 Gift Card', 'Nike', 2500, 25000, 'Shoes and apparel for your next step goal.', 60),
  ('REI $25 Gift Card', 'REI', 2500, 25000, 'Outdoor gear for trails and trekking.', 70),
  ('Dick''s Sporting Goods $25 Gift Card', 'Dick''s Sporting Goods', 2500, 25000, 'Sports equipment, footwear and fitness gear.', 80),
  ('Amazon $50 Gift Card', 'Amazon', 5000, 50000, 'Shop millions of items, from running gear to books.', 90);
