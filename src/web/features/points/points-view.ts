import {
  DAILY_MILESTONES,
  POINT_DESCRIPTION_MAX,
  POINTS_PER_STEP_BLOCK,
  STEPS_PER_POINT_BLOCK,
  STREAK_BONUSES,
} from "../../../core/constants";
import { formatCount } from "../../../core/numbers";
import { CREDIT_POINT_TYPES } from "../../../core/rules/points";
import type { PointsSummary, PointTransaction, PointTransactionType } from "../../../core/schemas/rewards";

/** What the points page shows, decided from the answers and the rules (specification 3 sections 2, 3 and 9). */

/** Points still missing to afford `cost` (0 when the member has enough). */
export function pointsShort(available: number, cost: number): number {
  return Math.max(0, cost - available);
}

/** The gift card's button: Redeem Now, or 'Need N More' while points are short. */
export function redeemButtonLabel(available: number, cost: number): string {
  const short = pointsShort(available, cost);
  return short > 0 ? `Need ${formatCount(short)} More` : "Redeem Now";
}

/** earned, milestone, bonus (and refund) add points; anything else takes them away. */
export function isCreditPoint(type: string): boolean {
  return (CREDIT_POINT_TYPES as readonly string[]).includes(type);
}

/** "+400" for a credit, "-5,000" for a debit (the API sends amounts unsigned). */
export function signedPoints(line: Pick<PointTransaction, "type" | "amount">): string {
  return `${isCreditPoint(line.type) ? "+" : "-"}${formatCount(Math.abs(line.amount))}`;
}

const TYPE_LABELS: Record<PointTransactionType, string> = {
  earned: "Steps",
  milestone: "Milestone",
  bonus: "Streak Bonus",
  redemption: "Redemption",
  refund: "Refund",
};

export function pointTypeLabel(type: string): string {
  return type in TYPE_LABELS ? TYPE_LABELS[type as PointTransactionType] : type;
}

/** Point descriptions cut at 60 characters, with an ellipsis when cut. */
export function truncatePointDescription(text: string, max = POINT_DESCRIPTION_MAX): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max).join("")}...` : text;
}

/** Points redemption status: delivered is green, anything else is not (specification 3 section 4). */
export function pointsStatusTone(status: string): "success" | "neutral" {
  return status === "delivered" ? "success" : "neutral";
}

/** "$5.00" for "5.00"; the value as sent when it is not a plain amount. */
export function dollarValue(value: string): string {
  return /^\d+(\.\d{1,2})?$/.test(value.trim()) ? `$${Number(value).toFixed(2)}` : value;
}

export interface EarnRule {
  label: string;
  points: number;
}

/** The how-to-earn grid: the per-500-steps rule, then every daily milestone. */
export function earnRules(): EarnRule[] {
  return [
    { label: `Every ${formatCount(STEPS_PER_POINT_BLOCK)} steps`, points: POINTS_PER_STEP_BLOCK },
    ...DAILY_MILESTONES.map((m) => ({ label: `${stepsLabel(m.steps)} steps`, points: m.points })),
  ];
}

/** "5k", "100k", "1M". */
export function stepsLabel(steps: number): string {
  if (steps >= 1_000_000 && steps % 1_000_000 === 0) return `${steps / 1_000_000}M`;
  if (steps >= 1_000 && steps % 1_000 === 0) return `${steps / 1_000}k`;
  return formatCount(steps);
}

export interface StreakTier {
  steps: number;
  /** The member's current run of days at or above `steps`. */
  days: number;
  bonuses: { days: number; points: number; reached: boolean }[];
  /** The next bonus the run pays and the days still to walk for it. */
  next: { days: number; points: number; remaining: number };
}

/**
 * One tier per streak threshold, with the member's current run. A tier pays its bonuses as the
 * run reaches them and then starts its cycle again (src/core/rules/points.ts), so the next bonus
 * after the longest one is the first of the following cycle.
 */
export function streakTiers(streaks: PointsSummary["streaks"] | undefined): StreakTier[] {
  const thresholds = [...new Set(STREAK_BONUSES.map((b) => b.steps))];
  return thresholds.map((steps) => {
    const tier = STREAK_BONUSES.filter((b) => b.steps === steps);
    const cycle = Math.max(...tier.map((b) => b.days));
    const days = Math.max(0, streaks?.find((s) => s.steps === steps)?.days ?? 0);
    const position = days === 0 ? 0 : ((days - 1) % cycle) + 1;
    const upcoming = tier.find((b) => b.days > position);
    const first = tier[0] ?? { days: cycle, points: 0 };
    const next = upcoming
      ? { days: upcoming.days, points: upcoming.points, remaining: upcoming.days - position }
      : { days: first.days, points: first.points, remaining: cycle - position + first.days };
    return {
      steps,
      days,
      bonuses: tier.map((b) => ({ days: b.days, points: b.points, reached: position >= b.days })),
      next,
    };
  });
}
