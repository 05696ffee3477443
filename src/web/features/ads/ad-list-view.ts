import { formatCount } from "../../../core/numbers";
import { clickThroughRate } from "../../../core/rules/ads";
import type { Ad } from "../../../core/schemas/ads";
import { formatDateTime } from "../../lib/format";

/** How the ad manager describes one ad and its selection (specification 3, ad manager). */

/** "Always", "From <start>", "Until <end>" or "<start> – <end>". */
export function adWindowLabel(ad: Pick<Ad, "startDate" | "endDate">): string {
  const start = ad.startDate ? formatDateTime(ad.startDate) : "";
  const end = ad.endDate ? formatDateTime(ad.endDate) : "";
  if (start && end) return `${start} – ${end}`;
  if (start) return `From ${start}`;
  if (end) return `Until ${end}`;
  return "Always";
}

/** "12 views · 3 clicks (25.0%)". */
export function adStatsLabel(ad: Pick<Ad, "viewCount" | "clickCount">): string {
  const views = `${formatCount(ad.viewCount)} view${ad.viewCount === 1 ? "" : "s"}`;
  const clicks = `${formatCount(ad.clickCount)} click${ad.clickCount === 1 ? "" : "s"}`;
  return `${views} · ${clicks} (${clickThroughRate(ad.clickCount, ad.viewCount)})`;
}

/** The selection kept to ads that still exist (after a delete or a refetch). */
export function keepExisting(selected: ReadonlySet<number>, ads: readonly Pick<Ad, "id">[]): Set<number> {
  const ids = new Set(ads.map((ad) => ad.id));
  return new Set([...selected].filter((id) => ids.has(id)));
}

/** Select-all is checked when every ad is selected, mixed when some are (the toolbar says how many). */
export function selectAllState(
  selected: ReadonlySet<number>,
  ads: readonly Pick<Ad, "id">[],
): boolean | "indeterminate" {
  const picked = ads.filter((ad) => selected.has(ad.id)).length;
  if (picked === 0) return false;
  return picked === ads.length ? true : "indeterminate";
}

export function toggled(selected: ReadonlySet<number>, id: number, on: boolean): Set<number> {
  const next = new Set(selected);
  if (on) next.add(id);
  else next.delete(id);
  return next;
}
