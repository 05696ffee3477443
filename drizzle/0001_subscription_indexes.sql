CREATE INDEX "subscriptions_provider_subscription_idx" ON "subscriptions" USING btree ("providerSubscriptionId");--> statement-breakpoint
CREATE INDEX "subscriptions_provider_customer_idx" ON "subscriptions" USING btree ("providerCustomerId");--> statement-breakpoint
CREATE INDEX "subscriptions_due_idx" ON "subscriptions" USING btree ("status","currentPeriodEnd");