import { clickThroughRate } from "../../../core/rules/ads";
import type { ActiveAd, Ad, AdAnalytics, AdBody, AdBulkResult, AdPlacement } from "../../../core/schemas/ads";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { notFound } from "../../errors";
import { requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import * as repo from "./ads.repo";

/** Advertising (specification 3 sections 2-7; DESIGN 1, ads). */

function toAd(row: repo.AdRow): Ad {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    linkUrl: row.linkUrl,
    placement: row.placement as AdPlacement,
    priority: row.priority,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    isActive: row.isActive,
    viewCount: row.viewCount,
    clickCount: row.clickCount,
    createdAt: row.createdAt.toISOString(),
  };
}

const noSuchAd = () => notFound("Advertisement not found");

export async function list(ctx: AppContext, viewer: Viewer): Promise<Ad[]> {
  requireAdmin(viewer);
  return (await repo.allAds(ctx.db)).map(toAd);
}

export async function analytics(ctx: AppContext, viewer: Viewer): Promise<AdAnalytics> {
  requireAdmin(viewer);
  const { views, clicks } = await repo.totals(ctx.db);
  return { totalViews: views, totalClicks: clicks, clickThroughRate: clickThroughRate(clicks, views) };
}

function valuesOf(body: AdBody) {
  return {
    title: body.title,
    content: body.content,
    imageUrl: body.imageUrl,
    linkUrl: body.linkUrl,
    placement: body.placement,
    priority: body.priority,
    startDate: body.startDate,
    endDate: body.endDate,
  };
}

export async function create(ctx: AppContext, viewer: Viewer, body: AdBody): Promise<Ad> {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertAd(tx, {
      ...valuesOf(body),
      isActive: body.isActive ?? true,
      createdAt: now,
      updatedAt: now,
    });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "ad.create",
      targetType: "ad",
      targetId: created.id,
      details: { title: created.title, placement: created.placement, isActive: created.isActive },
      at: now,
    });
    return created;
  });
  ctx.log.info({ adId: row.id, adminId: admin.id }, "advertisement created");
  return toAd(row);
}

/** Replaces the form's fields; `isActive` only changes when sent. */
export async function update(ctx: AppContext, viewer: Viewer, id: number, body: AdBody): Promise<Ad> {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const values = { ...valuesOf(body), ...(body.isActive === undefined ? {} : { isActive: body.isActive }) };
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockAd(tx, id);
    if (!before) throw noSuchAd();
    const updated = await repo.updateAd(tx, id, { ...values, updatedAt: now });
    if (!updated) throw noSuchAd();
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "ad.edit",
      targetType: "ad",
      targetId: id,
      details: { title: updated.title, changes: changedFields(before, values) },
      at: now,
    });
    return updated;
  });
  return toAd(row);
}

/** One entry per ad, so an ad's history reads the same whether it was changed alone or in bulk. */
async function recordEach(
  tx: Db,
  adminId: number,
  action: "ad.delete" | "ad.activate" | "ad.deactivate",
  done: { id: number; title: string }[],
  at: Date,
  bulk: boolean,
) {
  for (const ad of done) {
    await recordAdminAction(tx, {
      adminId,
      action,
      targetType: "ad",
      targetId: ad.id,
      details: bulk ? { title: ad.title, bulk: true } : { title: ad.title },
      at,
    });
  }
}

export async function remove(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  await ctx.db.transaction(async (tx) => {
    const deleted = await repo.deleteAds(tx, [id]);
    if (deleted.length === 0) throw noSuchAd();
    await recordEach(tx, admin.id, "ad.delete", deleted, ctx.clock.now(), false);
  });
  return { message: "Advertisement deleted successfully" };
}

const missing = (ids: number[], done: { id: number }[]) => {
  const found = new Set(done.map((d) => d.id));
  return [...new Set(ids)].filter((id) => !found.has(id));
};

/** Deletes the ads that exist among `ids`; the others are named in `missingIds`. */
export async function bulkDelete(ctx: AppContext, viewer: Viewer, ids: number[]): Promise<AdBulkResult> {
  const admin = requireAdmin(viewer);
  const deleted = await ctx.db.transaction(async (tx) => {
    const done = await repo.deleteAds(tx, ids);
    await recordEach(tx, admin.id, "ad.delete", done, ctx.clock.now(), true);
    return done;
  });
  return {
    message: `${deleted.length} advertisement${deleted.length === 1 ? "" : "s"} deleted successfully`,
    count: deleted.length,
    missingIds: missing(ids, deleted),
  };
}

export async function bulkToggle(
  ctx: AppContext,
  viewer: Viewer,
  ids: number[],
  isActive: boolean,
): Promise<AdBulkResult> {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const changed = await ctx.db.transaction(async (tx) => {
    const done = await repo.setActive(tx, ids, isActive, now);
    await recordEach(tx, admin.id, isActive ? "ad.activate" : "ad.deactivate", done, now, true);
    return done;
  });
  return {
    message: `${changed.length} advertisement${changed.length === 1 ? "" : "s"} ${isActive ? "activated" : "deactivated"} successfully`,
    count: changed.length,
    missingIds: missing(ids, changed),
  };
}

/** The placement's live ads for a member's slot, highest priority first. */
export async function active(ctx: AppContext, viewer: Viewer, placement: AdPlacement): Promise<ActiveAd[]> {
  requireUser(viewer);
  return repo.liveAds(ctx.db, placement, ctx.clock.now());
}

/** A view (the slot showed this ad) or a click (its link opened); a 404 when the ad is not live. */
export async function record(ctx: AppContext, viewer: Viewer, id: number, what: "view" | "click") {
  requireUser(viewer);
  if (!(await repo.count(ctx.db, id, what, ctx.clock.now()))) throw noSuchAd();
}
