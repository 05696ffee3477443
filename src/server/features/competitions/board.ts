// The part of the competitions list every member shares (the open and recent competitions, their
// pools, top 5 and winners), built at most once a second per process: every member's client polls
// the list every 10 s, and the viewer's own standing is read live on top of it (repo.viewerStandings).
// A change made through this process drops it at once; another process's change shows within 1 s
// (db/shared-read). It is read from the stale-ok database (the replica, issue 31) but kept under the
// primary's, which every change drops it by.
import { COMPETITION_LEADERBOARD_SIZE, COMPLETED_VISIBLE_MS } from "../../../core/constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { sharedReads } from "../../db/shared-read";
import * as repo from "./competitions.repo";

export const BOARD_TTL_MS = 1_000;

export type Board = {
  rows: repo.CompetitionListRow[];
  top: Map<number, repo.StandingRow[]>;
  winners: Map<number, repo.StandingRow[]>;
};

const boards = sharedReads<"board", Board>(BOARD_TTL_MS);

const byCompetition = (rows: repo.StandingRow[]) => {
  const map = new Map<number, repo.StandingRow[]>();
  for (const r of rows) map.set(r.competitionId, [...(map.get(r.competitionId) ?? []), r]);
  return map;
};

async function build(db: Db, now: Date): Promise<Board> {
  // No viewer (id 0): the rows carry no personal fields; those come from viewerStandings.
  const rows = await repo.listForViewer(db, 0, {
    kind: "recent",
    since: new Date(now.getTime() - COMPLETED_VISIBLE_MS),
  });
  const settled = rows.filter((r) => r.settlement === "settled").map((r) => r.id);
  const [top, winners] = await Promise.all([
    repo.topOf(
      db,
      rows.map((r) => r.id),
      COMPETITION_LEADERBOARD_SIZE,
    ),
    repo.winnersOf(db, settled),
  ]);
  return { rows, top: byCompetition(top), winners: byCompetition(winners) };
}

/**
 * The shared board as of `now` (the app's clock): reused for up to a second of real time, and only
 * while the app's clock has not moved on by more than that (tests drive it by hand).
 */
export function sharedBoard(ctx: AppContext, now: Date): Promise<Board> {
  return boards.get(ctx.db, "board", now, () => build(ctx.staleOkDb, now));
}

/** Drops this process's board after a change (a join, leave, edit, deletion, settlement or ban). */
export function invalidateBoard(db: Db): void {
  boards.drop(db);
}
