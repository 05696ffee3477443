import {
  OFFER_DEFAULT_FITCOINS50,
  OFFER_DEFAULT_FITCOINS100,
  OFFER_DEFAULT_VALUE50_CENTS,
  OFFER_DEFAULT_VALUE100_CENTS,
} from "../../../core/constants";
import { fitcoinsFromMinor, formatMinor, parseMinor } from "../../../core/money";
import {
  isCurrentMonth,
  monthEnded,
  offerPriceProblems,
  offerStatus,
  utcMonth,
} from "../../../core/rules/offer-month";
import type { GiftCardOffer, GiftCardOfferBody } from "../../../core/schemas/rewards";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { badRequest, conflict, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import * as offers from "./offers.repo";

/*
 * Gift Card of the Month offers (specification 3, gift-card offers admin; issue 23, item 6). An
 * offer runs by its month, in UTC: Activate makes it the offer now; Schedule makes it the offer
 * when its month starts; End stops it being offered (or scheduled); and an offer stops being
 * offered when its month ends. "Offered" is decided at read time from the month as well as the
 * flag, so no member is offered last month's card in the seconds before the rollover job runs;
 * the job (every scheduler tick, in any number of processes) starts the scheduled offer and
 * clears the flags, under the offers' table lock.
 */

export const offerView = (o: offers.OfferRow, now: Date): GiftCardOffer => {
  const status = offerStatus(o, now);
  return {
    id: o.id,
    month: o.month,
    brand: o.brand,
    description: o.description,
    imageUrl: o.imageUrl,
    value50: formatMinor(o.value50Cents),
    fitcoins50: fitcoinsFromMinor(o.fitcoins50),
    value100: formatMinor(o.value100Cents),
    fitcoins100: fitcoinsFromMinor(o.fitcoins100),
    isActive: status === "active",
    scheduled: status === "scheduled",
    status,
    createdAt: o.createdAt.toISOString(),
  };
};

/** Offer `id` under the offers' table lock (every change of an offer takes it first); 404 if none. */
async function lockedOffer(tx: Tx, id: number): Promise<offers.OfferRow> {
  await offers.lockOffers(tx);
  const row = await offers.byId(tx, id);
  if (!row) throw notFound("Gift card offer not found");
  return row;
}

export async function listOffers(ctx: AppContext, viewer: Viewer): Promise<GiftCardOffer[]> {
  requireAdmin(viewer);
  const now = ctx.clock.now();
  return (await offers.all(ctx.db)).map((o) => offerView(o, now));
}

const amountOr = (v: number | string | null | undefined, fallback: number) =>
  v === null || v === undefined || v === "" ? fallback : (parseMinor(v) as number);

type OfferAmounts = Pick<offers.OfferRow, "value50Cents" | "fitcoins50" | "value100Cents" | "fitcoins100">;

const priceProblems = (o: OfferAmounts) =>
  offerPriceProblems({
    value50: o.value50Cents,
    fitcoins50: o.fitcoins50,
    value100: o.value100Cents,
    fitcoins100: o.fitcoins100,
  });

/** 400 naming the field when a FitCoin price is below its card's value (1 FitCoin = $1 of gift card). */
function checkPrices(o: OfferAmounts) {
  const problems = priceProblems(o);
  if (problems.length > 0) throw badRequest(problems[0].message, problems);
}

/**
 * Why a stored offer may not be offered at its prices, or null. The database has refused such
 * prices since the CHECK of migration "offer_price_covers_value" (which raised older ones), so
 * this guards a row written around it; activating, scheduling and the rollover still ask.
 */
function priceRefusal(o: OfferAmounts): string | null {
  const problems = priceProblems(o);
  if (problems.length === 0) return null;
  return `Correct this offer's price first: ${problems.map((p) => p.message).join("; ")}`;
}

/** An offer as the audit log shows it: dollar values and FitCoin prices, as the admin typed them. */
const offerShown = (
  o: Pick<offers.OfferRow, "month" | "brand" | "description" | "imageUrl"> & OfferAmounts,
) => ({
  month: o.month,
  brand: o.brand,
  description: o.description,
  imageUrl: o.imageUrl,
  value50: formatMinor(o.value50Cents),
  fitcoins50: formatMinor(o.fitcoins50),
  value100: formatMinor(o.value100Cents),
  fitcoins100: formatMinor(o.fitcoins100),
});

export async function createOffer(
  ctx: AppContext,
  viewer: Viewer,
  body: GiftCardOfferBody,
): Promise<GiftCardOffer> {
  const admin = requireAdmin(viewer);
  const values = {
    month: body.month,
    brand: body.brand,
    description: body.description,
    imageUrl: body.imageUrl || null,
    value50Cents: amountOr(body.value50, OFFER_DEFAULT_VALUE50_CENTS),
    fitcoins50: amountOr(body.fitcoins50, OFFER_DEFAULT_FITCOINS50),
    value100Cents: amountOr(body.value100, OFFER_DEFAULT_VALUE100_CENTS),
    fitcoins100: amountOr(body.fitcoins100, OFFER_DEFAULT_FITCOINS100),
  };
  checkPrices(values);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await offers.insert(tx, values);
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
  return offerView(row, ctx.clock.now());
}

/** Blank amounts keep the offer's current ones. */
export async function updateOffer(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: GiftCardOfferBody,
): Promise<GiftCardOffer> {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const current = await lockedOffer(tx, id);
    const changes = {
      month: body.month,
      brand: body.brand,
      description: body.description,
      imageUrl: body.imageUrl || null,
      value50Cents: amountOr(body.value50, current.value50Cents),
      fitcoins50: amountOr(body.fitcoins50, current.fitcoins50),
      value100Cents: amountOr(body.value100, current.value100Cents),
      fitcoins100: amountOr(body.fitcoins100, current.fitcoins100),
    };
    checkPrices(changes);
    if (changes.month !== current.month && offerStatus(current, now) !== "inactive") {
      // Moving an offered or scheduled offer to another month would start or end it unseen.
      if (monthEnded(changes.month, now)) throw conflict("End this offer before moving it to a past month");
      // The offer of this month is offered in this month only: a later month is Scheduled.
      if (offerStatus(current, now) === "active") {
        throw conflict("End this offer before moving it to another month, then Schedule it there");
      }
      if (current.scheduled) {
        const taken = await offers.scheduledFor(tx, changes.month);
        if (taken && taken.id !== id)
          throw conflict(`${taken.brand} is already scheduled for ${changes.month}`);
      }
    }
    const updated = await offers.update(tx, id, changes);
    if (!updated) throw notFound("Gift card offer not found");
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.edit",
      targetType: "offer",
      targetId: id,
      details: { brand: updated.brand, changes: changedFields(offerShown(current), offerShown(updated)) },
      at: now,
    });
    return updated;
  });
  return offerView(row, now);
}

export async function activateOffer(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockedOffer(tx, id);
    // It would stop being offered at once: the admin changes its month first.
    if (monthEnded(target.month, now)) {
      throw conflict(
        `The month of this offer (${target.month}) has ended: change its month to offer it again`,
      );
    }
    // An offer is offered in its own month only: one for a later month would run from now on.
    if (!isCurrentMonth(target.month, now)) {
      throw conflict(`This offer is for ${target.month}: Schedule it to start when its month begins`);
    }
    const refusal = priceRefusal(target);
    if (refusal) throw conflict(refusal);
    const active = (await offers.activate(tx, id)) as offers.OfferRow;
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.activate",
      targetType: "offer",
      targetId: id,
      details: { brand: active.brand, month: active.month },
      at: now,
    });
    return active;
  });
  return {
    message: `${row.brand} (${row.month}) is now the Gift Card of the Month`,
    offer: offerView(row, now),
  };
}

/**
 * Schedules an offer for its month: it becomes the Gift Card of the Month when the month starts
 * (at once when that is this month). One offer per month; 409 for a month already taken or over.
 */
export async function scheduleOffer(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockedOffer(tx, id);
    if (monthEnded(target.month, now)) {
      throw conflict(`The month of this offer (${target.month}) has ended: change its month to schedule it`);
    }
    const refusal = priceRefusal(target);
    if (refusal) throw conflict(refusal);
    const taken = await offers.scheduledFor(tx, target.month);
    if (taken && taken.id !== id) throw conflict(`${taken.brand} is already scheduled for ${target.month}`);
    const startsNow = target.month === utcMonth(now);
    const done = startsNow ? await offers.activate(tx, id) : await offers.setScheduled(tx, id);
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.schedule",
      targetType: "offer",
      targetId: id,
      details: { brand: target.brand, month: target.month, startedNow: startsNow },
      at: now,
    });
    return done as offers.OfferRow;
  });
  const message = row.isActive
    ? `${row.brand} (${row.month}) is now the Gift Card of the Month`
    : `${row.brand} becomes the Gift Card of the Month when ${row.month} starts`;
  return { message, offer: offerView(row, now) };
}

/** Ends an offer: no longer offered, nor scheduled. Members then see no offer this month. */
export async function endOffer(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const target = await lockedOffer(tx, id);
    if (offerStatus(target, now) === "inactive") {
      throw conflict("This offer is neither the Gift Card of the Month nor scheduled");
    }
    const ended = (await offers.end(tx, id)) as offers.OfferRow;
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "offer.end",
      targetType: "offer",
      targetId: id,
      details: { brand: target.brand, month: target.month, was: offerStatus(target, now) },
      at: now,
    });
    return ended;
  });
  return { message: `${row.brand} (${row.month}) is no longer offered`, offer: offerView(row, now) };
}

/**
 * Scheduler job: the month's turn of the offers (see offers.repo rollover). Reads first without the
 * lock, so the ticks of a month with nothing to do never lock the table.
 */
export async function rollOffersOver(ctx: AppContext): Promise<{ started: number; ended: number }> {
  const month = utcMonth(ctx.clock.now());
  if (!(await offers.rolloverDue(ctx.db, month))) return { started: 0, ended: 0 };
  const result = await ctx.db.transaction(async (tx) => {
    await offers.lockOffers(tx);
    return offers.rollover(tx, month, (o) => priceRefusal(o) === null);
  });
  if (result.refused) {
    // Its schedule is dropped, so this is said once; an admin corrects the price and activates it.
    ctx.log.warn(
      {
        offerId: result.refused.id,
        month,
        brand: result.refused.brand,
        problem: priceRefusal(result.refused),
      },
      "gift card offer not started: its FitCoin price is below its card's value (correct it, then activate it)",
    );
  }
  if (result.started || result.ended.length || result.dropped.length) {
    ctx.log.info(
      {
        month,
        started: result.started?.id ?? null,
        ended: result.ended.map((o) => o.id),
        dropped: result.dropped.map((o) => o.id),
      },
      "gift card offers rolled over",
    );
  }
  return { started: result.started ? 1 : 0, ended: result.ended.length };
}
