DROP INDEX "group_contributions_group_idx";--> statement-breakpoint
ALTER TABLE "group_contributions" ADD COLUMN "kind" text DEFAULT 'contribution' NOT NULL;--> statement-breakpoint
CREATE INDEX "group_contributions_group_idx" ON "group_contributions" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
-- Entries paid before entries were listed (issue 32 item 7: the creator's was missing): one row per
-- entry fee the ledger holds for a group's pool, at the time it was paid.
INSERT INTO "group_contributions" ("group_id", "user_id", "amount", "description", "kind", "created_at")
SELECT g."id", t."user_id", t."amount", NULL, 'entry', t."created_at"
FROM "ledger_transfers" t
JOIN "ledger_accounts" a ON a."id" = t."credit_account_id"
JOIN "groups" g ON a."owner_key" = 'group:' || g."id"
WHERE t."kind" = 'entry_fee' AND t."user_id" IS NOT NULL AND a."currency" = 'FC';
