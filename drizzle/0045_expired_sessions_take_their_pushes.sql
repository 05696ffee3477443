ALTER TABLE "push_subscriptions" DROP CONSTRAINT "push_subscriptions_session_id_sessions_id_fk";
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;