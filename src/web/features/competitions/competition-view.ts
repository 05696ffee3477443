import { parseMinor } from "../../../core/money";
import { formatCount } from "../../../core/numbers";
import { competitionPagePath } from "../../../core/rules/competition-path";
import { prizeRuleText } from "../../../core/rules/prize-split";
import type { Competition } from "../../../core/schemas/competitions";
import { chatTitle as titleOfChat } from "../../components/chat/chat-title";
import { ApiError } from "../../lib/api-client";
import { fc } from "../../lib/format";

/** Pure view rules of the competitions screens (specification 2 sections 2, 4, 8 and 9). */

export { fc };

/** The entry fee as a card shows it: Free when there is none. */
export function entryFeeLabel(entryFee: number | null): string {
  return entryFee === null ? "Free" : fc(entryFee);
}

/** Participants out of the maximum, ∞ when there is no limit. */
export function participantsLabel(count: number, max: number | null): string {
  return `${count} / ${max ?? "∞"}`;
}

/** The chat heading: the name with the word "test" removed (any case), whitespace collapsed, then Chat. */
export function chatTitle(name: string): string {
  return titleOfChat(name, "Competition");
}

/** The competition's own page (issue 32): its card, standings, chat, join or leave. */
export function competitionPath(id: number): string {
  return competitionPagePath({ id });
}

/** The invite link a share carries. */
export function inviteLink(origin: string, inviteCode: string): string {
  return `${origin.replace(/\/$/, "")}/competitions/join/${encodeURIComponent(inviteCode)}`;
}

/** No entry fee: joining charges nothing and leaving refunds nothing. */
export const isFree = (competition: Pick<Competition, "entryFee">): boolean =>
  competition.entryFee === null || competition.entryFee === 0;

/** A free competition with nothing in its pool: it has no prize at all, only standings and badges. */
export const hasNoPrize = (competition: Pick<Competition, "entryFee" | "prizePool">): boolean =>
  isFree(competition) && competition.prizePool <= 0;

/**
 * The card's pool tile: the pool while it can still grow or be won; "None" for a competition without
 * a prize; after the payout what was paid out (the pool itself is then empty), or that entries were
 * refunded.
 */
export function poolTile(
  competition: Pick<Competition, "entryFee" | "prizePool" | "settlement" | "results">,
): { label: string; value: string } {
  if (competition.settlement === "settled") {
    const paid = paidOutMinor(competition.results);
    return { label: "Paid Out", value: paid > 0 ? fc(paid / 100) : "None" };
  }
  // A free competition is "refunded" when nobody walked, with nothing to give back: it had no prize.
  if (hasNoPrize(competition)) return { label: "Prize Pool", value: "None" };
  if (competition.settlement === "refunded") return { label: "Prize Pool", value: "Refunded" };
  return { label: "Prize Pool", value: fc(competition.prizePool) };
}

/**
 * The share text: the pool when there is one; otherwise, for a paid competition, that it grows
 * with each participant, and for a free one that it is free (its pool never grows).
 */
export function shareText(competition: Pick<Competition, "name" | "prizePool" | "entryFee">): string {
  const pool =
    competition.prizePool > 0
      ? `The prize pool is already ${fc(competition.prizePool)}.`
      : isFree(competition)
        ? "It's free to join."
        : "The prize pool grows with each participant.";
  return `Join me in the "${competition.name}" step competition on StepRace! ${pool}`;
}

/**
 * The guidelines shown before joining (specification 2 section 9), as this competition works
 * (issue 32 item 6): what joining charges (nothing when free), and what leaving gives back, which
 * depends on whether it has started (DESIGN 1, refunds: a full refund until the start, none after);
 * the payout rule where there is a pool to pay.
 */
export function guidelinesFor(
  competition: Pick<Competition, "entryFee" | "startDate" | "prizePool">,
  now: Date,
): string[] {
  const free = isFree(competition);
  const started = now.getTime() >= new Date(competition.startDate).getTime();
  const charge = free
    ? "This competition is free: joining charges nothing."
    : `The entry fee of ${fc(competition.entryFee)} is charged as soon as you join.`;
  const leaving = started
    ? free
      ? "It has already started: once you join you stay in until it ends."
      : "It has already started, so the entry fee cannot be refunded: it goes into the prize pool."
    : free
      ? "You can leave until the competition starts; after the start you stay in until it ends."
      : "You can leave for a full refund until the competition starts; after the start there are no refunds, and fees stay in the prize pool.";
  const payout = hasNoPrize(competition)
    ? "There is no prize pool: it is for the standings and your badges."
    : prizeRuleText("competition");
  return [
    "Steps count only while the app is open and the screen unlocked.",
    charge,
    leaving,
    payout,
    "Disputes must be reported within 48 hours of competition end.",
  ];
}

/** The toast after leaving (before the start): the fee back, or just that the member left. */
export function leftToast(competition: Pick<Competition, "name" | "entryFee">): ToastText {
  return {
    title: "Left Competition",
    description: isFree(competition)
      ? `You left ${competition.name}.`
      : `Your entry fee of ${fc(competition.entryFee)} was refunded to your FitCoins.`,
    variant: "success",
  };
}

export interface CompetitionSections {
  /** Joined, upcoming or active. */
  currentlyActive: Competition[];
  /** Not joined, upcoming or active. */
  availableToJoin: Competition[];
  /** Completed ones the viewer took part in (the server keeps them for 7 days). */
  recentResults: Competition[];
}

const byStart = (a: Competition, b: Competition) =>
  new Date(a.startDate).getTime() - new Date(b.startDate).getTime();
const byEndDesc = (a: Competition, b: Competition) =>
  new Date(b.endDate).getTime() - new Date(a.endDate).getTime();

/** Splits the list into the page's sections; completed competitions stay out of the first two. */
export function splitSections(list: readonly Competition[]): CompetitionSections {
  const open = list.filter((c) => c.status !== "completed");
  return {
    currentlyActive: open.filter((c) => c.isParticipant).sort(byStart),
    availableToJoin: open.filter((c) => !c.isParticipant).sort(byStart),
    recentResults: list.filter((c) => c.status === "completed" && c.isParticipant).sort(byEndDesc),
  };
}

/** The member's own competitions still to come or running, soonest first (both dashboards). */
export function myCompetitions(list: readonly Competition[] | null): Competition[] {
  return list ? splitSections(list).currentlyActive : [];
}

/** Edit and delete: the creator and site admins. */
export function canManage(competition: Competition, viewerId: number | undefined, isAdmin: boolean): boolean {
  return isAdmin || (viewerId !== undefined && competition.createdBy === viewerId);
}

/** Exit (with the refund) is offered to a participant until the start. */
export function canExit(competition: Competition, now: Date): boolean {
  return competition.isParticipant && now.getTime() < new Date(competition.startDate).getTime();
}

/** Why Join is not offered, when the server says entries are not open. */
export function joinClosedReason(competition: Competition, now: Date): string {
  if (now.getTime() >= new Date(competition.endDate).getTime()) return "Competition Ended";
  if (competition.maxParticipants !== null && competition.participantCount >= competition.maxParticipants) {
    return "Competition Full";
  }
  return "Entries Closed";
}

export interface ToastText {
  title: string;
  description: string;
  variant: "destructive" | "success" | "default";
  duration?: number;
}

export const CONNECTION_LOST_MESSAGE = "Server connection lost. Please refresh the page and try again.";
export const SUBSCRIPTION_REQUIRED_TOAST: ToastText = {
  title: "Subscription Required",
  description: "You need an active subscription to join competitions. Redirecting to subscription page...",
  variant: "destructive",
};
export const JOINED_TOAST: ToastText = {
  title: "Competition Joined!",
  description: "You've successfully joined the competition. Good luck!",
  variant: "success",
};

export function isSubscriptionRequired(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.code === "SUBSCRIPTION_REQUIRED" || error.message.includes("SUBSCRIPTION_REQUIRED"))
  );
}

/** The toast of a failed join (specification 2 section 8). */
export function joinErrorToast(error: unknown): ToastText {
  if (isSubscriptionRequired(error)) return SUBSCRIPTION_REQUIRED_TOAST;
  const message = error instanceof Error && error.message ? error.message : "Failed to join competition";
  return { title: "Error", description: message, variant: "destructive" };
}

/** The toast of a failed edit: the server's message with its status, or Network error. */
export function updateErrorToast(error: unknown): ToastText {
  if (error instanceof ApiError) {
    return {
      title: "Update Failed",
      description: error.message || `Failed to update competition (${error.status})`,
      variant: "destructive",
    };
  }
  return { title: "Update Failed", description: "Network error", variant: "destructive" };
}

/** A member's standing: "#2 · 12,400 steps". */
export function rankLabel(rank: { position: number; steps: number }): string {
  return `#${rank.position} · ${formatCount(rank.steps)} steps`;
}

/** What a settled competition paid out, in hundredths of a FitCoin (its pool is empty by then). */
export function paidOutMinor(results: readonly { prize: number }[]): number {
  return results.reduce((sum, r) => sum + (parseMinor(r.prize) ?? 0), 0);
}

/** The line under a finished competition's name. */
export function resultSummary(
  c: Pick<Competition, "settlement" | "prizePool" | "results" | "userRank">,
): string {
  const money =
    c.settlement === "settled"
      ? `Paid out ${fc(paidOutMinor(c.results) / 100)}`
      : c.settlement === "refunded"
        ? "Entry fees refunded"
        : `Prize pool ${fc(c.prizePool)}`;
  return c.userRank ? `${money} · You finished #${c.userRank.position}` : money;
}
