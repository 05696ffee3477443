import { and, asc, desc, eq, gt, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ads } from "../../db/schema";

export type AdRow = typeof ads.$inferSelect;
export type AdValues = Omit<typeof ads.$inferInsert, "id" | "viewCount" | "clickCount">;

/** Shown now: active and inside the optional window. */
const liveAt = (now: Date) =>
  and(
    eq(ads.isActive, true),
    or(isNull(ads.startDate), lte(ads.startDate, now)),
    or(isNull(ads.endDate), gt(ads.endDate, now)),
  );

export function allAds(db: Db): Promise<AdRow[]> {
  return db.select().from(ads).orderBy(desc(ads.createdAt), desc(ads.id));
}

/** A placement's live ads, highest priority first (then the oldest). */
export function liveAds(db: Db, placement: string, now: Date) {
  return db
    .select({
      id: ads.id,
      title: ads.title,
      content: ads.content,
      imageUrl: ads.imageUrl,
      linkUrl: ads.linkUrl,
    })
    .from(ads)
    .where(and(eq(ads.placement, placement), liveAt(now)))
    .orderBy(desc(ads.priority), asc(ads.id));
}

export async function insertAd(db: Db, values: AdValues): Promise<AdRow> {
  const [row] = await db.insert(ads).values(values).returning();
  return row;
}

/** One ad, locked for the rest of the transaction (an edit reads what it changes). */
export async function lockAd(db: Db, id: number): Promise<AdRow | null> {
  const [row] = await db.select().from(ads).where(eq(ads.id, id)).for("update");
  return row ?? null;
}

export async function updateAd(db: Db, id: number, values: Partial<AdValues>): Promise<AdRow | null> {
  const [row] = await db.update(ads).set(values).where(eq(ads.id, id)).returning();
  return row ?? null;
}

/** The ads that were deleted. */
export function deleteAds(db: Db, ids: number[]): Promise<{ id: number; title: string }[]> {
  return db.delete(ads).where(inArray(ads.id, ids)).returning({ id: ads.id, title: ads.title });
}

/** The ads that were changed. */
export function setActive(
  db: Db,
  ids: number[],
  isActive: boolean,
  now: Date,
): Promise<{ id: number; title: string }[]> {
  return db
    .update(ads)
    .set({ isActive, updatedAt: now })
    .where(inArray(ads.id, ids))
    .returning({ id: ads.id, title: ads.title });
}

/** One more view or click of a live ad, counted in the row itself; false when the ad is not live. */
export async function count(db: Db, id: number, what: "view" | "click", now: Date): Promise<boolean> {
  const column = what === "view" ? ads.viewCount : ads.clickCount;
  const rows = await db
    .update(ads)
    .set(what === "view" ? { viewCount: sql`${column} + 1` } : { clickCount: sql`${column} + 1` })
    .where(and(eq(ads.id, id), liveAt(now)))
    .returning({ id: ads.id });
  return rows.length > 0;
}

export async function totals(db: Db): Promise<{ views: number; clicks: number }> {
  const [row] = await db
    .select({
      views: sql<string>`coalesce(sum(${ads.viewCount}), 0)`,
      clicks: sql<string>`coalesce(sum(${ads.clickCount}), 0)`,
    })
    .from(ads);
  return { views: Number(row.views), clicks: Number(row.clicks) };
}
