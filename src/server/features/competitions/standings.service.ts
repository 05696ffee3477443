import { STANDINGS_PAGE_SIZE } from "../../../core/constants";
import { fitcoinsFromMinor } from "../../../core/money";
import { competitionStatus } from "../../../core/rules/entry-cutoff";
import type { StandingsPage } from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import type { CompetitionRow } from "../../db/schema";
import { notFound } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { poolBalance } from "../../ledger/accounts";
import * as repo from "./competitions.repo";
import { settlementState } from "./competitions.view";
import * as standings from "./standings.repo";

/** A paid (or refunded) competition shows the settlement's final positions. */
export const isFinal = (row: Pick<CompetitionRow, "settlement">) =>
  row.settlement === "settled" || row.settlement === "refunded";

/**
 * One page of a competition's full standings (a competition or a group's round alike; the caller
 * has decided the viewer may see it): the rows with the prizes the ledger paid, the board's size,
 * and the viewer's own place with the page it is on, so "Jump to my place" works from any page.
 */
export async function standingsOf(
  ctx: AppContext,
  row: CompetitionRow,
  viewerId: number,
  page: number,
): Promise<StandingsPage> {
  const now = ctx.clock.now();
  const order = isFinal(row) ? "final" : "live";
  const pageSize = STANDINGS_PAGE_SIZE;
  const poolKey = repo.poolKeyOf(row);
  // Everyone's rows may be a second stale (the replica); the viewer's own place, their steps just
  // synced, is the primary's. One after the other: a PGlite connection runs one statement at a time.
  const shared = ctx.staleOkDb;
  const entries = await standings.standingsPage(shared, row.id, (page - 1) * pageSize, pageSize, order);
  const total = await standings.boardSize(shared, row.id);
  const own = await standings.ownStanding(ctx.db, row.id, viewerId, order);
  const settled = row.settlement === "settled";
  const prizes = settled
    ? await standings.prizesPaid(
        shared,
        row.id,
        [...entries.map((e) => e.userId), ...(own ? [viewerId] : [])].filter(
          (id, i, all) => all.indexOf(id) === i,
        ),
      )
    : new Map<number, number>();
  const prizeOf = (userId: number) => {
    const minor = prizes.get(userId);
    return minor === undefined ? null : fitcoinsFromMinor(minor);
  };
  return {
    competition: {
      id: row.id,
      name: row.name,
      startDate: row.startDate.toISOString(),
      endDate: row.endDate.toISOString(),
      status: competitionStatus(now, row.startDate, row.endDate),
      settlement: settlementState(row, now),
      participantCount: total,
      // A paid round holds nothing: a group's pool account already gathers the next round's entries.
      prizePool: isFinal(row) ? 0 : fitcoinsFromMinor(await poolBalance(shared, poolKey)),
      paidOut: settled ? fitcoinsFromMinor(await standings.totalPaid(shared, row.id, poolKey)) : 0,
      groupId: row.groupId,
    },
    final: order === "final",
    entries: entries.map((e) => ({ ...e, prize: prizeOf(e.userId) })),
    page,
    pageSize,
    total,
    pageCount: Math.max(1, Math.ceil(total / pageSize)),
    me: own
      ? {
          position: own.position,
          steps: own.steps,
          page: Math.floor(own.before / pageSize) + 1,
          prize: prizeOf(viewerId),
        }
      : null,
  };
}

/** `/api/competitions/{id}/standings`: whoever may see the competition (any signed-in member). */
export async function competitionStandings(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  page: number,
): Promise<StandingsPage> {
  const user = requireUser(viewer);
  const row = await repo.findCompetition(ctx.db, id, "public");
  if (!row) throw notFound("Competition not found");
  return standingsOf(ctx, row, user.id, page);
}
