import {
  OFFER_DEFAULT_FITCOINS50,
  OFFER_DEFAULT_FITCOINS100,
  OFFER_DEFAULT_VALUE50_CENTS,
  OFFER_DEFAULT_VALUE100_CENTS,
} from "../../../core/constants";
import { fitcoinsFromMinor, formatMinor, parseMinor } from "../../../core/money";
import type {
  FitcoinRedemptionDetail,
  GiftCard,
  GiftCardOffer,
  GiftCardOfferBody,
  PointsRedemption,
  RedeemFitcoinsBody,
  RedeemFitcoinsResult,
  RedeemPointsBody,
  RedeemPointsResult,
} from "../../../core/schemas/rewards";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../errors";
import { requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { userBalances, userPoints } from "../../ledger/accounts";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import * as offers from "./offers.repo";
import { redeem } from "./redemption.service";
import * as repo from "./redemptions.repo";

const HISTORY_LIMIT = 100;

type Status = PointsRedemption["status"];

/** The status members see: an order being placed or on its way at the provider is pending to them. */
const statusOf = (r: repo.RedemptionRow): Status =>
  r.status === "issuing" || r.status === "ordered" ? "pending" : (r.status as Status);

/** The card's link shows once the card is the member's (before, the provider may still refuse it). */
const linkOf = (r: repo.RedemptionRow) => (r.deliveredAt ? r.giftCardLink : null);

/** "50" for whole dollars, "49.99" otherwise. */
const dollarLabel = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : formatMinor(cents));

const onItsWay = (row: repo.RedemptionRow, what: string) =>
  row.deliveredAt
    ? `Your ${what} is on its way to ${row.deliveryEmail}`
    : `Your ${what} is being issued; ${row.giftCardLink ? "its link" : "the code"} will be emailed to ${row.deliveryEmail} shortly`;

// ---------------------------------------------------------------- points gift cards

export async function giftCards(ctx: AppContext, viewer: Viewer): Promise<GiftCard[]> {
  requireUser(viewer);
  const rows = await repo.activeGiftCards(ctx.db);
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    brand: c.brand,
    value: formatMinor(c.valueCents),
    pointCost: c.pointCost,
    description: c.description,
    imageUrl: c.imageUrl,
  }));
}

const pointsView = (r: repo.RedemptionRow): PointsRedemption => ({
  id: r.id,
  giftCardName: r.name,
  value: formatMinor(r.valueCents),
  pointsSpent: r.cost,
  deliveryEmail: r.deliveryEmail,
  status: statusOf(r),
  giftCardCode: r.giftCardCode,
  giftCardLink: linkOf(r),
  createdAt: r.createdAt.toISOString(),
});

export async function redeemPoints(
  ctx: AppContext,
  viewer: Viewer,
  body: RedeemPointsBody,
  idempotencyKey?: string,
): Promise<RedeemPointsResult> {
  const user = requireUser(viewer);
  const row = await redeem(
    ctx,
    {
      userId: user.id,
      currency: "PTS",
      deliveryEmail: body.deliveryEmail,
      giftCardId: body.giftCardId,
      idempotencyKey,
    },
    async (tx) => {
      const card = await repo.giftCard(tx, body.giftCardId);
      if (!card?.active) throw notFound("Gift card not found");
      return {
        cost: card.pointCost,
        brand: card.brand,
        name: card.name,
        valueCents: card.valueCents,
        providerProductId: card.providerProductId,
      };
    },
  );
  return {
    message: onItsWay(row, row.name),
    redemption: pointsView(row),
    availablePoints: await userPoints(ctx.db, user.id),
  };
}

export async function pointsHistory(ctx: AppContext, viewer: Viewer): Promise<PointsRedemption[]> {
  const user = requireUser(viewer);
  return (await repo.ofMember(ctx.db, user.id, "PTS", HISTORY_LIMIT)).map(pointsView);
}

// ---------------------------------------------------------------- FitCoin redemption

export const offerView = (o: offers.OfferRow): GiftCardOffer => ({
  id: o.id,
  month: o.month,
  brand: o.brand,
  description: o.description,
  imageUrl: o.imageUrl,
  value50: formatMinor(o.value50Cents),
  fitcoins50: fitcoinsFromMinor(o.fitcoins50),
  value100: formatMinor(o.value100Cents),
  fitcoins100: fitcoinsFromMinor(o.fitcoins100),
  isActive: o.isActive,
  createdAt: o.createdAt.toISOString(),
});

const fitcoinView = (r: repo.RedemptionRow): FitcoinRedemptionDetail => ({
  id: r.id,
  amount: r.valueCents / 100,
  brand: r.brand,
  fitcoinsSpent: fitcoinsFromMinor(r.cost),
  status: statusOf(r),
  giftCardCode: r.giftCardCode,
  giftCardLink: linkOf(r),
  createdAt: r.createdAt.toISOString(),
});

export async function currentOffer(ctx: AppContext, viewer: Viewer): Promise<GiftCardOffer | null> {
  requireUser(viewer);
  const offer = await offers.active(ctx.db);
  return offer ? offerView(offer) : null;
}

export async function redeemFitcoins(
  ctx: AppContext,
  viewer: Viewer,
  body: RedeemFitcoinsBody,
  idempotencyKey?: string,
): Promise<RedeemFitcoinsResult> {
  const user = requireUser(viewer);
  const row = await redeem(
    ctx,
    {
      userId: user.id,
      currency: "FC",
      deliveryEmail: user.email,
      offerId: body.giftCardOfferId,
      idempotencyKey,
    },
    async (tx) => {
      // Under a share lock: an activation or edit of the offer waits until this redemption is done.
      const offer = await offers.byId(tx, body.giftCardOfferId, true);
      if (!offer) throw notFound("Gift card offer not found");
      if (!offer.isActive) throw conflict("This gift card offer is no longer available");
      const valueCents = body.amount === 50 ? offer.value50Cents : offer.value100Cents;
      return {
        cost: body.amount === 50 ? offer.fitcoins50 : offer.fitcoins100,
        brand: offer.brand,
        name: `${offer.brand} $${dollarLabel(valueCents)} Gift Card`,
        valueCents,
        providerProductId: offer.providerProductId,
      };
    },
  );
  return {
    message: onItsWay(row, `$${formatMinor(row.valueCents)} ${row.brand} gift card`),
    redemption: fitcoinView(row),
    balance: fitcoinsFromMinor((await userBalances(ctx.db, user.id)).fc),
  };
}

/** The member's FitCoin redemptions, latest first (GET /api/fitcoin/balance). */
export async function fitcoinRedemptions(
  ctx: AppContext,
  userId: number,
): Promise<FitcoinRedemptionDetail[]> {
  return (await repo.ofMember(ctx.db, userId, "FC", HISTORY_LIMIT)).map(fitcoinView);
}

// ---------------------------------------------------------------- offers (admins)

export async function listOffers(ctx: AppContext, viewer: Viewer): Promise<GiftCardOffer[]> {
  requireAdmin(viewer);
  return (await offers.all(ctx.db)).map(offerView);
}

const amountOr = (v: number | string | null | undefined, fallback: number) =>
  v === null || v === undefined || v === "" ? fallback : (parseMinor(v) as number);

/** An offer as the audit log shows it: dollar values and FitCoin prices, as the admin typed them. */
const offerShown = (o: OfferRowValues) => ({
  month: o.month,
  brand: o.brand,
  description: o.description,
  imageUrl: o.imageUrl,
  value50: formatMinor(o.value50Cents),
  fitcoins50: formatMinor(o.fitcoins50),
  value100: formatMinor(o.value100Cents),
  fitcoins100: formatMinor(o.fitcoins100),
});
type OfferRowValues = Pick<
  offers.OfferRow,
  | "month"
  | "brand"
  | "description"
  | "imageUrl"
  | "value50Cents"
  | "fitcoins50"
  | "value100Cents"
  | "fitcoins100"
>;

export async function createOffer(
  ctx: AppContext,
  viewer: Viewer,
  body: GiftCardOfferBody,
): Promise<GiftCardOffer> {
  const admin = requireAdmin(viewer);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await offers.insert(tx, {
      month: body.month,
      brand: body.brand,
      description: body.description,
      imageUrl: body.imageUrl || null,
      value50Cents: amountOr(body.value50, OFFER_DEFAULT_VALUE50_CENTS),
      fitcoins50: amountOr(body.fitcoins50, OFFER_DEFAULT_FITCOINS50),
      value100Cents: amountOr(body.value100, OFFER_DEFAULT_VALUE100_CENTS),
      fitcoins100: amountOr(body.fitcoins100, OFFER_DEFAULT_FITCOINS100),
    });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.create",
      targetType: "offer",
      targetId: created.id,
      details: offerShown(created),
      at: ctx.clock.now(),
    });
    return created;
  });
  return offerView(row);
}

/** Blank amounts keep the offer's current ones. */
export async function updateOffer(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: GiftCardOfferBody,
): Promise<GiftCardOffer> {
  const admin = requireAdmin(viewer);
  const row = await ctx.db.transaction(async (tx) => {
    const current = await offers.byId(tx, id, true);
    if (!current) throw notFound("Gift card offer not found");
    const updated = await offers.update(tx, id, {
      month: body.month,
      brand: body.brand,
      description: body.description,
      imageUrl: body.imageUrl || null,
      value50Cents: amountOr(body.value50, current.value50Cents),
      fitcoins50: amountOr(body.fitcoins50, current.fitcoins50),
      value100Cents: amountOr(body.value100, current.value100Cents),
      fitcoins100: amountOr(body.fitcoins100, current.fitcoins100),
    });
    if (!updated) throw notFound("Gift card offer not found");
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.edit",
      targetType: "offer",
      targetId: id,
      details: { brand: updated.brand, changes: changedFields(offerShown(current), offerShown(updated)) },
      at: ctx.clock.now(),
    });
    return updated;
  });
  return offerView(row);
}

export async function activateOffer(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const row = await ctx.db.transaction(async (tx) => {
    const active = await offers.activate(tx, id);
    if (!active) return null;
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.activate",
      targetType: "offer",
      targetId: id,
      details: { brand: active.brand, month: active.month },
      at: ctx.clock.now(),
    });
    return active;
  });
  if (!row) throw notFound("Gift card offer not found");
  return { message: `${row.brand} (${row.month}) is now the Gift Card of the Month`, offer: offerView(row) };
}
