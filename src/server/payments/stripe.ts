import type { Clock } from "../clock";
import type { Config } from "../config";
import type { Db } from "../db/client";
import type { PaymentProvider } from "./provider";

// Replaced by the Stripe implementation (in progress in this session); not reachable without STRIPE_SECRET_KEY.
export function createStripeProvider(
  _cfg: NonNullable<Config["stripe"]>,
  _db: Db,
  _clock: Clock,
): PaymentProvider {
  throw new Error("Stripe provider not built yet");
}
