-- The standings, chat and contributions indexes in the order the queries ask (descending, the default NULLS FIRST), so their "order by ... desc" reads them instead of sorting every row.
DROP INDEX "chat_messages_room_idx";--> statement-breakpoint
DROP INDEX "competition_participants_standings_idx";--> statement-breakpoint
DROP INDEX "group_contributions_group_idx";--> statement-breakpoint
CREATE INDEX "chat_messages_room_idx" ON "chat_messages" USING btree ("room","id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "competition_participants_standings_idx" ON "competition_participants" USING btree ("competition_id","steps" DESC NULLS FIRST,"user_id");--> statement-breakpoint
CREATE INDEX "group_contributions_group_idx" ON "group_contributions" USING btree ("group_id","id" DESC NULLS FIRST);