/**
 * When entries close (DESIGN 1, entry cutoff): `entryDeadlineHours` null closes entries at the
 * start; -1 never closes them while the competition runs; 1, 6, 12, 24 or 48 close them that many
 * hours before the start. Answers null when entries stay open until the end.
 */
export function entryDeadline(startDate: Date, entryDeadlineHours: number | null): Date | null {
  if (entryDeadlineHours === -1) return null;
  return new Date(startDate.getTime() - (entryDeadlineHours ?? 0) * 3600 * 1000);
}

/** Whether a member may still join at `now` (entries are never open after the end). */
export function entriesOpen(
  now: Date,
  window: { startDate: Date; endDate: Date; entryDeadlineHours: number | null },
): boolean {
  if (now.getTime() >= window.endDate.getTime()) return false;
  const deadline = entryDeadline(window.startDate, window.entryDeadlineHours);
  return deadline === null || now.getTime() < deadline.getTime();
}

export type CompetitionStatus = "upcoming" | "active" | "completed";

/** The status a competition has at `now`, from its window. */
export function competitionStatus(now: Date, startDate: Date, endDate: Date): CompetitionStatus {
  if (now.getTime() < startDate.getTime()) return "upcoming";
  return now.getTime() < endDate.getTime() ? "active" : "completed";
}
