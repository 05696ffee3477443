import type { StandingsPage } from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import * as contests from "../competitions/group-competitions.service";
import { visibleGroup } from "./group-pages.service";

/**
 * A page of a group round's full standings: the round named (one of the group's competitions,
 * past or present) or, without one, the group's current round. Whoever may see the group may see
 * its standings (members; any signed-in member for a public group; site admins): 404 for no
 * group, no such round of this group or no round yet; 403 for a private group's outsider.
 */
export async function roundStandings(
  ctx: AppContext,
  viewer: Viewer,
  groupId: number,
  roundId: number | undefined,
  page: number,
): Promise<StandingsPage> {
  const user = requireUser(viewer);
  const group = await visibleGroup(ctx, user, groupId);
  const id = roundId ?? group.competitionId;
  const round = id ? await contests.findGroupCompetition(ctx.db, id) : undefined;
  if (!round || round.groupId !== groupId) throw notFound("This group has no such round");
  return contests.standingsOf(ctx, round, user.id, page);
}
