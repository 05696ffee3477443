import { isSandboxGiftCard, SANDBOX_GIFT_CARD_NOTE } from "../../../core/constants";
import { fitcoinsFromMinor, formatMinor } from "../../../core/money";
import { offerStatus, utcMonth } from "../../../core/rules/offer-month";
import type {
  FitcoinRedemptionDetail,
  GiftCard,
  GiftCardOffer,
  PointsRedemption,
  RedeemFitcoinsBody,
  RedeemFitcoinsResult,
  RedeemPointsBody,
  RedeemPointsResult,
} from "../../../core/schemas/rewards";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../errors";
import { requireUser, requireVerifiedEmail, type Viewer } from "../../http/viewer";
import { userBalances, userPoints } from "../../ledger/accounts";
import * as offers from "./offers.repo";
import { offerView } from "./offers.service";
import { redeem } from "./redemption.service";
import * as repo from "./redemptions.repo";
import * as cards from "./reward-cards.repo";

const HISTORY_LIMIT = 100;

type Status = PointsRedemption["status"];

/** The status members see: an order being placed or on its way at the provider is pending to them. */
const statusOf = (r: repo.RedemptionRow): Status =>
  r.status === "issuing" || r.status === "ordered" ? "pending" : (r.status as Status);

/** The card's link shows once the card is the member's (before, the provider may still refuse it). */
const linkOf = (r: repo.RedemptionRow) => (r.deliveredAt ? r.giftCardLink : null);

/** "50" for whole dollars, "49.99" otherwise. */
const dollarLabel = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : formatMinor(cents));

/**
 * What the member is told (issue 32 item 6): a delivered card is here already, under the
 * redemptions and in the email sent; one not placed yet is being issued (the provider says whether
 * a code or a link comes). A sandbox card says it buys nothing.
 */
export function redeemedMessage(
  row: Pick<
    repo.RedemptionRow,
    "deliveredAt" | "giftCardLink" | "giftCardCode" | "deliveryEmail" | "providerReference"
  >,
  what: string,
  delivers: "code" | "link",
): string {
  if (!row.deliveredAt) {
    const coming = row.giftCardLink || delivers === "link" ? "its link" : "the code";
    return `Your ${what} is being issued; ${coming} will be emailed to ${row.deliveryEmail} shortly`;
  }
  const held = row.giftCardCode ? "the code" : "its link";
  const ready = `Your ${what} is ready: ${held} is under your redemptions and was emailed to ${row.deliveryEmail}.`;
  return isSandboxGiftCard(row.providerReference) ? `${ready} ${SANDBOX_GIFT_CARD_NOTE}` : ready;
}

const onItsWay = (ctx: AppContext, row: repo.RedemptionRow, what: string) =>
  redeemedMessage(row, what, ctx.giftCards.delivers);

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
  sandbox: isSandboxGiftCard(r.providerReference),
  createdAt: r.createdAt.toISOString(),
});

export async function redeemPoints(
  ctx: AppContext,
  viewer: Viewer,
  body: RedeemPointsBody,
  idempotencyKey?: string,
): Promise<RedeemPointsResult> {
  const user = requireVerifiedEmail(viewer);
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
      // Held until this redemption commits: a delete of the card waits, then sees it (409).
      const card = await cards.forRedemption(tx, body.giftCardId);
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
    message: onItsWay(ctx, row, row.name),
    redemption: pointsView(row),
    availablePoints: await userPoints(ctx.db, user.id),
  };
}

export async function pointsHistory(ctx: AppContext, viewer: Viewer): Promise<PointsRedemption[]> {
  const user = requireUser(viewer);
  return (await repo.ofMember(ctx.db, user.id, "PTS", HISTORY_LIMIT)).map(pointsView);
}

/**
 * The least a member must hold to redeem anything now (for other features: the account deletion's
 * "redeem first"): the cheapest FitCoin option of this month's offer, in hundredths, and the
 * cheapest active points gift card; null where nothing is offered.
 */
export async function cheapestRedemptions(
  ctx: AppContext,
): Promise<{ fitcoinsMinor: number | null; points: number | null }> {
  const [offer, pointCards] = await Promise.all([
    offers.active(ctx.db, utcMonth(ctx.clock.now())),
    repo.activeGiftCards(ctx.db),
  ]);
  const points = pointCards.map((c) => c.pointCost);
  return {
    fitcoinsMinor: offer ? Math.min(offer.fitcoins50, offer.fitcoins100) : null,
    points: points.length ? Math.min(...points) : null,
  };
}

// ---------------------------------------------------------------- FitCoin redemption

const fitcoinView = (r: repo.RedemptionRow): FitcoinRedemptionDetail => ({
  id: r.id,
  amount: r.valueCents / 100,
  brand: r.brand,
  fitcoinsSpent: fitcoinsFromMinor(r.cost),
  status: statusOf(r),
  giftCardCode: r.giftCardCode,
  giftCardLink: linkOf(r),
  sandbox: isSandboxGiftCard(r.providerReference),
  createdAt: r.createdAt.toISOString(),
});

export async function currentOffer(ctx: AppContext, viewer: Viewer): Promise<GiftCardOffer | null> {
  requireUser(viewer);
  const offer = await offers.active(ctx.db, utcMonth(ctx.clock.now()));
  return offer ? offerView(offer, ctx.clock.now()) : null;
}

export async function redeemFitcoins(
  ctx: AppContext,
  viewer: Viewer,
  body: RedeemFitcoinsBody,
  idempotencyKey?: string,
): Promise<RedeemFitcoinsResult> {
  const user = requireVerifiedEmail(viewer);
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
      // Offered in its own month only, even before the rollover job clears the flag.
      if (offerStatus(offer, ctx.clock.now()) !== "active") {
        throw conflict("This gift card offer is no longer available");
      }
      const valueCents = body.amount === 50 ? offer.value50Cents : offer.value100Cents;
      const cost = body.amount === 50 ? offer.fitcoins50 : offer.fitcoins100;
      // 1 FitCoin = $1 of gift card: a card sold for less would be given away (a row saved before
      // the database's price CHECK).
      if (cost < valueCents) {
        throw conflict(
          "This card's FitCoin price is below its value, so it cannot be redeemed until an admin corrects it",
        );
      }
      return {
        cost,
        brand: offer.brand,
        name: `${offer.brand} $${dollarLabel(valueCents)} Gift Card`,
        valueCents,
        providerProductId: offer.providerProductId,
      };
    },
  );
  return {
    message: onItsWay(ctx, row, `$${formatMinor(row.valueCents)} ${row.brand} gift card`),
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
