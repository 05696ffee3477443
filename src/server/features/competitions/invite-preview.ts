import { fitcoinsFromMinor } from "../../../core/money";
import { competitionStatus, entriesOpen, entryDeadline } from "../../../core/rules/entry-cutoff";
import type { InvitePreview } from "../../../core/schemas/competitions";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import * as repo from "./competitions.repo";

/**
 * What a visitor sees of a competition invite before signing in (DESIGN 1, competition invite
 * links): the competition's public facts only, no participant, creator or id. One statement by
 * the invite code's unique index, the same for everyone, so it can be cached.
 */
export async function invitePreview(ctx: AppContext, code: string): Promise<InvitePreview> {
  // Viewer 0 is nobody: the row carries no personal fields.
  const [row] = await repo.listForViewer(ctx.db, 0, { kind: "invite", code });
  if (!row) throw notFound("This invite link is invalid or the competition no longer exists");
  const now = ctx.clock.now();
  const placesLeft =
    row.maxParticipants === null ? null : Math.max(0, row.maxParticipants - row.participantCount);
  return {
    name: row.name,
    description: row.description,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    entryDeadline: entryDeadline(row.startDate, row.entryDeadlineHours)?.toISOString() ?? null,
    status: competitionStatus(now, row.startDate, row.endDate),
    entryFee: row.entryFee === null ? null : fitcoinsFromMinor(row.entryFee),
    prizePool: fitcoinsFromMinor(row.pool),
    participantCount: row.participantCount,
    maxParticipants: row.maxParticipants,
    placesLeft,
    entriesOpen: placesLeft !== 0 && entriesOpen(now, row),
  };
}
