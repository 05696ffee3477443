CREATE TABLE "ads" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ads_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"link_url" text,
	"placement" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"start_date" timestamp with time zone,
	"end_date" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"click_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ads_placement" CHECK ("ads"."placement" in ('dashboard', 'sidebar', 'footer', 'between-content')),
	CONSTRAINT "ads_window" CHECK ("ads"."start_date" is null or "ads"."end_date" is null or "ads"."end_date" > "ads"."start_date")
);
--> statement-breakpoint
CREATE TABLE "marketplace_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "marketplace_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"brand" text NOT NULL,
	"description" text NOT NULL,
	"price_cents" integer NOT NULL,
	"image_url" text NOT NULL,
	"category" text NOT NULL,
	"affiliate_link" text NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"rating_tenths" integer,
	"review_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "marketplace_items_price_positive" CHECK ("marketplace_items"."price_cents" > 0),
	CONSTRAINT "marketplace_items_rating_range" CHECK ("marketplace_items"."rating_tenths" is null or "marketplace_items"."rating_tenths" between 10 and 50),
	CONSTRAINT "marketplace_items_review_count" CHECK ("marketplace_items"."review_count" >= 0),
	CONSTRAINT "marketplace_items_category" CHECK ("marketplace_items"."category" in ('shoes', 'clothing', 'equipment', 'supplements', 'accessories'))
);
--> statement-breakpoint
CREATE INDEX "ads_placement_active_idx" ON "ads" USING btree ("placement","priority") WHERE "ads"."is_active";