import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./email/mailer";
import type { GiftCardProvider } from "./gift-cards/provider";
import type { PaymentProvider } from "./payments/provider";

/** What every service needs, built once by buildApp and passed explicitly. */
export type AppContext = {
  db: Db;
  clock: Clock;
  config: Config;
  mailer: Mailer;
  payments: PaymentProvider;
  giftCards: GiftCardProvider;
  log: FastifyBaseLogger;
};
