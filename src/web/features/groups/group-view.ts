import { GROUP_CARD_AVATARS } from "../../../core/constants";
import { parseMinor } from "../../../core/money";
import {
  deleteDuringRoundMessage,
  ROUND_ENDED_MESSAGE,
  roundUnderWay,
} from "../../../core/rules/group-round";
import type { Contribution, Group, GroupMessage } from "../../../core/schemas/groups";
import type { ChatPanelMessage } from "../../components/chat/chat-panel";
import { ApiError } from "../../lib/api-client";
import { formatDateTime, formatInZone, formatTime } from "../../lib/format";

/** Pure view rules of the groups screens (specification 2 sections 2, 4, 5 and 8). */

export interface ToastText {
  title: string;
  description?: string;
  variant: "destructive" | "success" | "default";
  duration?: number;
}

/**
 * The code typed into Join a Group: a bare code, or a full link whose last path segment is the
 * code ("https://x/join/abc?ref=1" gives "abc"); "" when nothing is left.
 */
export function inviteCodeFromInput(input: string): string {
  const text = input.trim();
  if (!text.includes("/")) return text;
  const path = text.split(/[?#]/)[0] ?? "";
  const last =
    path
      .split("/")
      .filter((part) => part !== "")
      .pop() ?? "";
  try {
    return decodeURIComponent(last).trim();
  } catch {
    return last;
  }
}

/** Share links: /groups/join/{code} on the groups page, /join/{code} elsewhere (specification 2). */
export function groupInviteLink(origin: string, inviteCode: string, form: "groups" | "short"): string {
  const base = origin.replace(/\/$/, "");
  const path = form === "groups" ? "/groups/join/" : "/join/";
  return `${base}${path}${encodeURIComponent(inviteCode)}`;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Group chat times: only the time under 24 hours old, otherwise the date and the time. */
export function groupChatTime(now: Date, at: Date, locale?: string): string {
  if (now.getTime() - at.getTime() < DAY_MS) return formatTime(at, { locale });
  return formatDateTime(at, { locale });
}

/** A group message in the shared chat panel's shape. */
export function toChatMessage(m: GroupMessage): ChatPanelMessage {
  return {
    id: m.id,
    userId: m.userId,
    message: m.message,
    createdAt: m.createdAt,
    firstName: m.userFirstName,
    lastName: m.userLastName,
    profileImageUrl: m.userProfileImage,
  };
}

export interface GoalProgress {
  /** The share of the goal reached, whole percent, may pass 100. */
  percent: number;
  /** The bar's width in percent, never above 100. */
  bar: number;
}

/** The pool against its goal; null without a goal (or an unreadable one). */
export function goalProgress(balance: string, goal: string | null): GoalProgress | null {
  const goalMinor = goal === null ? null : parseMinor(goal);
  if (!goalMinor) return null;
  const balanceMinor = parseMinor(balance) ?? 0;
  const percent = Math.floor((balanceMinor * 100) / goalMinor);
  return { percent, bar: Math.min(100, percent) };
}

/**
 * The list as the groups page shows it, each group once. A group whose round is over stays in its
 * members' list (DESIGN 1, group money: the next round is scheduled from there); only other
 * groups with a completed competition are hidden (specification 2 section 2).
 */
export function visibleGroups(list: readonly Group[]): Group[] {
  const seen = new Set<number>();
  const out: Group[] = [];
  for (const group of list) {
    if ((group.competitionStatus === "completed" && group.role === null) || seen.has(group.id)) continue;
    seen.add(group.id);
    out.push(group);
  }
  return out;
}

/** The first avatars of a card and how many more members there are ("+N more"). */
export function avatarStack<T>(members: readonly T[], memberCount: number, shown = GROUP_CARD_AVATARS) {
  const first = members.slice(0, shown);
  return { shown: first, more: Math.max(0, memberCount - first.length) };
}

/** Set Entry Price, Edit and Delete: the group's admins, its creator and site admins (DESIGN 1). */
export function canManageGroup(
  group: Pick<Group, "role" | "createdBy">,
  viewer: { id: number; isAdmin: boolean },
): boolean {
  return group.role === "admin" || group.createdBy === viewer.id || viewer.isAdmin;
}

/** The only admin must hand the role on before leaving. */
export function isSoleAdmin(group: Pick<Group, "role" | "members">): boolean {
  return group.role === "admin" && group.members.filter((m) => m.role === "admin").length <= 1;
}

/**
 * Whether leaving now forfeits what the member paid in: the group's competition has started and
 * is not settled yet (before the start, or without one, everything comes back).
 */
export function leaveForfeits(group: Pick<Group, "competitionStartDate" | "settlement">, now: Date): boolean {
  return roundUnderWay(currentRound(group), now);
}

/** The group's latest round as the shared rule reads it; null without one. */
function currentRound(group: Pick<Group, "competitionStartDate" | "settlement">) {
  if (!group.competitionStartDate) return null;
  const paid = group.settlement === "settled" || group.settlement === "refunded";
  return { startDate: new Date(group.competitionStartDate), paid };
}

/**
 * Why the group cannot be deleted now, said before its admin tries: its round is under way until it
 * is paid (the server refuses with the same words); null when it can be.
 */
export function deleteRefusal(
  group: Pick<Group, "competitionStartDate" | "competitionEndDate" | "settlement">,
  now: Date,
  timeZone: string,
  locale?: string,
): string | null {
  if (!roundUnderWay(currentRound(group), now) || !group.competitionEndDate) return null;
  return deleteDuringRoundMessage(formatInZone(group.competitionEndDate, timeZone, locale));
}

/** What the leave dialog says about money (DESIGN 1, group money). */
export function leaveRefundText(
  group: Pick<Group, "competitionStartDate" | "settlement">,
  now: Date,
): string {
  return leaveForfeits(group, now)
    ? "The group's competition has started, so leaving refunds nothing: your entry fee and contributions stay in the pool."
    : "Your entry fee and contributions will be refunded to your FitCoins.";
}

/** The competition line of a group when the live countdown does not apply. */
export function staticCountdownText(group: Pick<Group, "competitionStatus" | "hasScheduledCompetition">) {
  if (group.competitionStatus === "completed") return "Competition completed";
  if (!group.hasScheduledCompetition) return "No competition scheduled";
  return null;
}

/**
 * Whether the group waits for its admins to schedule a round: none yet, or the last one paid
 * (settled or refunded). While a round is to come, runs or is being paid, there is nothing to schedule.
 */
export function awaitsNextRound(group: Pick<Group, "hasScheduledCompetition" | "settlement">): boolean {
  return !group.hasScheduledCompetition || group.settlement === "settled" || group.settlement === "refunded";
}

/** A Recent Contributions line's text: "Entry fee" for an entry, else the description or No description. */
export function contributionText(c: Pick<Contribution, "kind" | "description">): string {
  if (c.kind === "entry") return "Entry fee";
  return c.description || "No description";
}

/**
 * Where Quick Actions' Start Competition goes: a group's rounds are its own (never on
 * /competitions), so its admins schedule one in Edit Group (the next round's form once the last
 * is paid), and everyone else is taken to the group's competition on the page.
 */
export function startCompetitionAction(
  group: Pick<Group, "hasScheduledCompetition" | "settlement">,
  canManage: boolean,
): "edit" | "nextRound" | "view" {
  if (!canManage || !awaitsNextRound(group)) return "view";
  return group.hasScheduledCompetition ? "nextRound" : "edit";
}

/** What happened to the pool after the end. */
export function settlementText(settlement: Group["settlement"]): string | null {
  switch (settlement) {
    case "pending":
      return "Final syncs are being counted before the pool is paid out.";
    case "under_review":
      return "Results under review";
    case "settled":
      return "The pool was paid to the winners.";
    case "refunded":
      return "Nobody walked, so everyone who paid in was refunded.";
    default:
      return null;
  }
}

export const INVALID_INVITE_TEXT =
  "This invite link is either invalid, expired, or the group no longer exists.";
/** The link admits nobody from a round's end until it is paid, then again (DESIGN 1, group money). */
export const ENDED_INVITE_TEXT = ROUND_ENDED_MESSAGE;
export const GROUP_NOT_FOUND_TEXT =
  "The group you're looking for doesn't exist or you don't have permission to view it.";

export type JoinFailure = { kind: "subscription" | "ended" | "other"; toast: ToastText };

/** The toast and the follow-up of a failed join (specification 2 section 8). */
export function joinFailure(error: unknown): JoinFailure {
  const message = error instanceof Error ? error.message : "";
  const code = error instanceof ApiError ? error.code : undefined;
  if (
    code === "SUBSCRIPTION_REQUIRED" ||
    /SUBSCRIPTION_REQUIRED|subscription required|requiresSubscription/i.test(message)
  ) {
    return {
      kind: "subscription",
      toast: {
        title: "Subscription Required",
        description: "You need an active subscription to join groups. Redirecting to subscription page...",
        variant: "destructive",
      },
    };
  }
  if (
    code === "COMPETITION_ENDED" ||
    (error instanceof ApiError && error.status === 410) ||
    /410|competition has ended|competitionEnded/i.test(message)
  ) {
    return {
      kind: "ended",
      toast: { title: "Competition Ended", description: ENDED_INVITE_TEXT, variant: "destructive" },
    };
  }
  return {
    kind: "other",
    toast: { title: "Error", description: message || "Failed to join group", variant: "destructive" },
  };
}

/** A failed action's toast: the specification's title, the server's reason under it. */
export function failureToast(title: string, error: unknown): ToastText {
  return {
    title,
    description: error instanceof Error && error.message ? error.message : "Please try again.",
    variant: "destructive",
  };
}

/** Whether the member's FitCoins (a number like 42.5) cover an entry price ("15.00"; null: free). */
export function canAfford(fitcoins: number, price: string | null): boolean {
  const priceMinor = price === null ? 0 : (parseMinor(price) ?? 0);
  return Math.round(fitcoins * 100) >= priceMinor;
}
