import { clickThroughRate } from "../../../core/rules/ads";
import type { ActiveAd, Ad, AdAnalytics, AdBody, AdBulkResult, AdPlacement } from "../../../core/schemas/ads";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireAdmin, requireUser, type Viewer } from "../../http/viewer";
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
  const row = await repo.insertAd(ctx.db, {
    ...valuesOf(body),
    isActive: body.isActive ?? true,
    createdAt: now,
    updatedAt: now,
  });
  ctx.log.info({ adId: row.id, adminId: admin.id }, "advertisement created");
  return toAd(row);
}

/** Replaces the form's fields; `isActive` only changes when sent. */
export async function update(ctx: AppContext, viewer: Viewer, id: number, body: AdBody): Promise<Ad> {
  requireAdmin(viewer);
  const row = await repo.updateAd(ctx.db, id, {
    ...valuesOf(body),
    ...(body.isActive === undefined ? {} : { isActive: body.isActive }),
    updatedAt: ctx.clock.now(),
  });
  if (!row) throw noSuchAd();
  return toAd(row);
}

export async function remove(ctx: AppContext, viewer: Viewer, id: number) {
  requireAdmin(viewer);
  const [deleted] = await repo.deleteAds(ctx.db, [id]);
  if (deleted === undefined) throw noSuchAd();
  return { message: "Advertisement deleted successfully" };
}

const missing = (ids: number[], done: number[]) => {
  const found = new Set(done);
  return [...new Set(ids)].filter((id) => !found.has(id));
};

/** Deletes the ads that exist among `ids`; the others are named in `missingIds`. */
export async function bulkDelete(ctx: AppContext, viewer: Viewer, ids: number[]): Promise<AdBulkResult> {
  requireAdmin(viewer);
  const deleted = await repo.deleteAds(ctx.db, ids);
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
  requireAdmin(viewer);
  const changed = await repo.setActive(ctx.db, ids, isActive, ctx.clock.now());
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
