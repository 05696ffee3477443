import { COMPETITION_LEADERBOARD_SIZE } from "../../../core/constants";
import type { Group, GroupMember } from "../../../core/schemas/groups";
import type { AppContext } from "../../context";
import { sharedReads } from "../../db/shared-read";
import { forbidden, notFound } from "../../errors";
import { requireUser, type Viewer, type ViewerUser, type ViewerWith } from "../../http/viewer";
import * as contests from "../competitions/group-competitions.service";
import * as repo from "./groups.repo";
import { memberView, toGroup } from "./groups.view";

// Reading groups as their cards and pages show them, and who may see one; what changes a group is
// in groups.service and membership.service.

export const groupNotFound = () => notFound("Group not found");

/**
 * Groups as their cards show them: members, and the top 5 of their competitions (a second stale is
 * fine there; the rows, with the viewer's own role, come from the primary).
 */
async function present(ctx: AppContext, rows: repo.GroupListRow[]): Promise<Group[]> {
  const now = ctx.clock.now();
  const competitionIds = rows.flatMap((r) => (r.competitionId ? [r.competitionId] : []));
  const [members, tops] = await Promise.all([
    repo.membersOf(
      ctx.staleOkDb,
      rows.map((r) => r.id),
    ),
    contests.topOfEach(ctx.staleOkDb, competitionIds, COMPETITION_LEADERBOARD_SIZE),
  ]);
  return rows.map((r) =>
    toGroup(
      r,
      members.filter((m) => m.groupId === r.id).map(memberView),
      (r.competitionId && tops.get(r.competitionId)) || [],
      now,
    ),
  );
}

/** The viewer's groups and the public groups (private ones only to their members). */
export async function list(ctx: AppContext, viewer: Viewer): Promise<Group[]> {
  const user = requireUser(viewer);
  return present(ctx, await repo.listForViewer(ctx.db, user.id));
}

/** 404 without the group; 403 for a private group to anyone but its members and site admins. */
function requireVisible<T extends repo.GroupListRow>(user: ViewerUser, row: T | undefined): T {
  if (!row) throw groupNotFound();
  if (row.isPrivate && row.role === null && !user.isAdmin) {
    throw forbidden("This group is private: only its members can see it");
  }
  return row;
}

/** A group the viewer may see: a member, any signed-in member for a public group, a site admin. */
export async function visibleGroup(ctx: AppContext, user: ViewerUser, id: number) {
  return requireVisible(user, await repo.oneForViewer(ctx.db, user.id, id));
}

const groupPage = repo.detailQuery(contests.topFiveJson);

/**
 * Each group's members as its page lists them, shared by every viewer while the group's members'
 * version (raised by every join, leave and role change, read live with the page) is the same; a
 * member's new name or picture shows within MEMBERS_TTL_MS. The same array answers every viewer
 * (encoded once: the route's sharedFieldSerializer). Read from the primary: a replica a few
 * milliseconds behind would keep a list without the member who just joined under the new version.
 */
const MEMBERS_TTL_MS = 5_000;
const sharedMembers = sharedReads<number, GroupMember[]>(MEMBERS_TTL_MS);

/**
 * One group as its page shows it, read in one statement (the page is refetched often): with the
 * session that asks when given the request's `viewerWith`, or for a viewer already known (the
 * page answered after a change the viewer made).
 */
export async function detail(ctx: AppContext, who: ViewerWith | Viewer, id: number): Promise<Group> {
  let user: ViewerUser;
  let page: Awaited<ReturnType<typeof groupPage.forViewer>>;
  if (typeof who === "function") {
    const read = await who((tokenHash) => groupPage.forSession(ctx.db, tokenHash, id));
    user = requireUser(read.viewer);
    page = read.row;
  } else {
    user = requireUser(who);
    page = await groupPage.forViewer(ctx.db, user.id, id);
  }
  const row = requireVisible(user, page?.row);
  const now = ctx.clock.now();
  const members = await sharedMembers.get(
    ctx.db,
    row.id,
    now,
    async () => (await repo.membersOf(ctx.db, [row.id])).map(memberView),
    String(row.membersVersion),
  );
  return toGroup(row, members, contests.topFiveOf(page?.top ?? []), now);
}
