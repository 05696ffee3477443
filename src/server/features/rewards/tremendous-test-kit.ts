import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import type { App } from "../../app";
import { queryRows } from "../../db/client";
import { emails, giftCardRedemptions } from "../../db/schema";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { type FakeTremendous, startFakeTremendous } from "../../test/fake-tremendous";
import { buildTestApp, type TestApp } from "../../test/test-app";

export const TREMENDOUS_WEBHOOK_SECRET = "tremendous-webhook-private-key";
export const POLL_MS = 30_000;

/** The settings of an app whose gift cards are ordered from the fake Tremendous at `url`. */
export const tremendousEnv = (fake: FakeTremendous, over: Record<string, string> = {}) => ({
  GIFT_CARD_PROVIDER: "tremendous",
  TREMENDOUS_API_URL: fake.url,
  TREMENDOUS_API_KEY: fake.apiKey,
  TREMENDOUS_FUNDING_SOURCE_ID: "balance",
  TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
  TREMENDOUS_WEBHOOK_SECRET,
  GIFT_CARD_POLL_MS: String(POLL_MS),
  ...over,
});

/**
 * A test app whose gift cards go to a fake Tremendous, both opened before the file's tests and
 * closed after (the app's settings need the fake's address), and the calls the tests make.
 */
export function tremendousTestKit(over: Record<string, string> = {}) {
  let fakeTremendous: FakeTremendous | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    fakeTremendous = await startFakeTremendous();
    app = await buildTestApp(tremendousEnv(fakeTremendous, over));
  });
  afterAll(async () => {
    await app?.close();
    await fakeTremendous?.close();
  });
  const t = () => {
    if (!app) throw new Error("test app not ready");
    return app;
  };
  const fake = () => {
    if (!fakeTremendous) throw new Error("fake Tremendous not ready");
    return fakeTremendous;
  };
  const calls = redemptionCalls(() => t().app);
  /** The fake's orders under redemption `id`'s external id. */
  const ordersFor = async (id: number) => {
    const ref = await calls.reference(id);
    return fake()
      .orders()
      .filter((o) => o.external_id === ref);
  };
  /** A webhook as Tremendous sends it (signed with the app's secret unless told). */
  const webhook = (
    event: string,
    resource: { type: "rewards" | "orders"; id: string },
    secret = TREMENDOUS_WEBHOOK_SECRET,
  ) => {
    const { payload, headers } = fake().webhook(event, resource, secret);
    return t().app.inject({ method: "POST", url: "/api/webhooks/tremendous", headers, payload });
  };
  return { t, fake, ordersFor, webhook, ...calls };
}

/** The requests the redemption tests send, and what they read back, on any app. */
export function redemptionCalls(app: () => App) {
  let admin: Session | undefined;
  const post = (session: Session | null, url: string, payload?: object, key?: string) =>
    app().inject({
      method: "POST",
      url,
      headers: { ...(session?.headers ?? {}), ...(key ? { "idempotency-key": key } : {}) },
      ...(payload === undefined ? {} : { payload }),
    });

  async function adminSession() {
    admin ??= await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    return admin;
  }

  /** Makes a Gift Card of the Month the active one; answers its id. */
  async function activeOffer(brand = "Amazon") {
    const a = await adminSession();
    const created = await post(a, "/api/admin/gift-card-offers", {
      // Activate takes the offer of the current month only.
      month: app().ctx.clock.now().toISOString().slice(0, 7),
      brand,
      description: "Shop millions of items",
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    expect((await post(a, `/api/admin/gift-card-offers/${id}/activate`)).statusCode).toBe(200);
    return id;
  }

  const redeemFitcoins = (session: Session, offerId: number, key?: string) =>
    post(session, "/api/fitcoin/redeem", { giftCardOfferId: offerId, amount: 50 }, key);

  async function fitcoinRedemptions(session: Session) {
    const res = await app().inject({ url: "/api/fitcoin/balance", headers: session.headers });
    return res.json() as {
      balance: number;
      redemptions: { id: number; status: string; giftCardCode: string | null; giftCardLink: string | null }[];
    };
  }

  const row = async (id: number) =>
    (await app().ctx.db.select().from(giftCardRedemptions).where(eq(giftCardRedemptions.id, id)))[0];

  /** The external id redemption `id`'s order carries at the provider (random per redemption). */
  const reference = async (id: number) => (await row(id)).orderReference;

  /** The books transfers of redemption `id`'s card (issue 23 item 2). */
  const costTransfers = (id: number) =>
    queryRows<{ amount: string; user_id: number; debit: string; credit: string }>(
      app().ctx.db,
      sql`select t.amount::text as amount, t.user_id, d.owner_key as debit, c.owner_key as credit
        from ledger_transfers t join ledger_accounts d on d.id = t.debit_account_id
        join ledger_accounts c on c.id = t.credit_account_id
        where t.kind = 'gift_card_cost' and t.reference = ${`redemption:${id}`}`,
    );

  const refundTransfers = (id: number) =>
    queryRows<{ n: number }>(
      app().ctx.db,
      sql`select count(*)::int as n from ledger_transfers t join gift_card_redemptions r
        on t.idempotency_key = r.request_key || ':refund' where r.id = ${id}`,
    ).then((rows) => rows[0].n);

  async function mailTo(address: string) {
    await app().ctx.mailer.idle();
    return (await app().ctx.db.select().from(emails)).filter((m) => m.toAddress === address);
  }

  return {
    post,
    adminSession,
    activeOffer,
    redeemFitcoins,
    fitcoinRedemptions,
    row,
    reference,
    costTransfers,
    refundTransfers,
    mailTo,
  };
}
