import { formatMinor, parseMinor } from "../../../core/money";
import type {
  AdminRewardGiftCard,
  RewardGiftCardBody,
  RewardGiftCardEdit,
} from "../../../core/schemas/reward-gift-cards";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../errors";
import { requireAdmin, type Viewer } from "../../http/viewer";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import * as repo from "./reward-cards.repo";

/*
 * The points gift-card catalogue, edited by admins in the app (issue 23, item 6). Members see the
 * active cards (GET /api/rewards/gift-cards); a redemption keeps its own copy of the card's name,
 * brand and value, so an edit changes what members buy next, never what they bought.
 */

const view = (r: { card: repo.RewardCardRow; redemptions: number }): AdminRewardGiftCard => ({
  id: r.card.id,
  name: r.card.name,
  brand: r.card.brand,
  value: formatMinor(r.card.valueCents),
  pointCost: r.card.pointCost,
  description: r.card.description,
  imageUrl: r.card.imageUrl,
  active: r.card.active,
  sortOrder: r.card.sortOrder,
  providerProductId: r.card.providerProductId,
  redemptions: r.redemptions,
});

/** What an edit sets: every field but `active` (the activate and deactivate routes' alone). */
const editedValues = (body: Omit<RewardGiftCardEdit, "active">) => ({
  name: body.name,
  brand: body.brand,
  valueCents: parseMinor(body.value) as number,
  pointCost: body.pointCost,
  description: body.description,
  imageUrl: body.imageUrl || null,
  sortOrder: body.sortOrder,
  providerProductId: body.providerProductId || null,
});

const createdValues = (body: RewardGiftCardBody) => ({
  ...editedValues({
    ...body,
    imageUrl: body.imageUrl ?? null,
    providerProductId: body.providerProductId ?? null,
  }),
  active: body.active,
});

/** A card as the audit log shows it. */
const shown = <T extends { valueCents: number }>({ valueCents, ...rest }: T) => ({
  ...rest,
  value: formatMinor(valueCents),
});

const noSuchCard = () => notFound("Gift card not found");

export async function list(ctx: AppContext, viewer: Viewer): Promise<AdminRewardGiftCard[]> {
  requireAdmin(viewer);
  return (await repo.all(ctx.db)).map(view);
}

export async function create(
  ctx: AppContext,
  viewer: Viewer,
  body: RewardGiftCardBody,
): Promise<AdminRewardGiftCard> {
  const admin = requireAdmin(viewer);
  const values = createdValues(body);
  const row = await ctx.db.transaction(async (tx) => {
    const card = await repo.insert(tx, values);
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "reward_card.create",
      targetType: "reward_card",
      targetId: card.id,
      details: shown(values),
      at: ctx.clock.now(),
    });
    return card;
  });
  return view({ card: row, redemptions: 0 });
}

/**
 * Sets every field of a card but `active`: the body names each one (the route refuses a body that
 * leaves one out), so an edit never resets a field it did not mean to, and never puts a card
 * another admin took off the members' list back on it.
 */
export async function update(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: RewardGiftCardEdit,
): Promise<AdminRewardGiftCard> {
  const admin = requireAdmin(viewer);
  const values = editedValues(body);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.byId(tx, id, true);
    if (!before) throw noSuchCard();
    const card = (await repo.update(tx, id, values)) as repo.RewardCardRow;
    const changes = changedFields(shown(editedValues(bodyOf(before.card))), shown(values));
    // Saving the form unchanged is no action.
    if (Object.keys(changes).length > 0) {
      await recordAdminAction(tx, {
        adminId: admin.id,
        action: "reward_card.edit",
        targetType: "reward_card",
        targetId: id,
        details: { name: card.name, changes },
        at: ctx.clock.now(),
      });
    }
    return view({ card, redemptions: before.redemptions });
  });
}

/** The stored card as the edit that would save it unchanged (to compare an edit with). */
function bodyOf(c: repo.RewardCardRow): RewardGiftCardEdit {
  return {
    name: c.name,
    brand: c.brand,
    value: formatMinor(c.valueCents),
    pointCost: c.pointCost,
    description: c.description,
    imageUrl: c.imageUrl,
    sortOrder: c.sortOrder,
    providerProductId: c.providerProductId,
  };
}

/** Takes a card off (or back onto) the members' list; its redemptions keep it. */
export async function setActive(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  active: boolean,
): Promise<AdminRewardGiftCard> {
  const admin = requireAdmin(viewer);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.byId(tx, id, true);
    if (!before) throw noSuchCard();
    if (before.card.active === active) return view(before);
    const card = (await repo.update(tx, id, { active })) as repo.RewardCardRow;
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: active ? "reward_card.activate" : "reward_card.deactivate",
      targetType: "reward_card",
      targetId: id,
      details: { name: card.name },
      at: ctx.clock.now(),
    });
    return view({ card, redemptions: before.redemptions });
  });
}

/**
 * Deletes a card nobody redeemed (a mistake); a redeemed card is refused with 409 and stays, so
 * its redemptions keep their card. The row lock makes a redemption of it wait, then fail, or be
 * counted here.
 */
export async function remove(ctx: AppContext, viewer: Viewer, id: number): Promise<{ message: string }> {
  const admin = requireAdmin(viewer);
  return ctx.db.transaction(async (tx) => {
    const locked = await repo.byId(tx, id, true);
    if (!locked) throw noSuchCard();
    if (locked.redemptions > 0) {
      throw conflict("This gift card has been redeemed: deactivate it instead, so its redemptions keep it");
    }
    await repo.remove(tx, id);
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "reward_card.delete",
      targetType: "reward_card",
      targetId: id,
      details: { name: locked.card.name },
      at: ctx.clock.now(),
    });
    return { message: `${locked.card.name} was deleted` };
  });
}
