import {
  ACHIEVEMENT_RARITIES,
  type AchievementCategory,
  type AchievementRarity,
  achievementProgress,
  type RequirementType,
} from "../../../core/achievements";
import type { Achievement, UserAchievement } from "../../../core/schemas/achievements";

/** What the Badges page shows of the catalogue and the member's unlocks (specification 2, Achievement Gallery). */

export type CategoryTab = "all" | AchievementCategory;

export const CATEGORY_TABS: readonly { key: CategoryTab; label: string }[] = [
  { key: "all", label: "All" },
  { key: "steps", label: "Steps" },
  { key: "competitions", label: "Competitions" },
  { key: "social", label: "Social" },
  { key: "milestones", label: "Milestones" },
];

export const RARITY_LABELS: Record<AchievementRarity, string> = {
  legendary: "Legendary",
  epic: "Epic",
  rare: "Rare",
  common: "Common",
};

export interface BadgeView {
  achievement: Achievement;
  unlocked: boolean;
  unlockedAt: string | null;
  isNew: boolean;
  /** Percent to one decimal, at most 100 (100 once unlocked). */
  progress: number;
}

/** The catalogue joined with the member's unlocks, in catalogue order. */
export function badgeViews(
  catalogue: readonly Achievement[],
  unlocks: readonly UserAchievement[],
): BadgeView[] {
  const byId = new Map(unlocks.map((u) => [u.achievementId, u]));
  return catalogue.map((achievement) => {
    const unlock = byId.get(achievement.id);
    return {
      achievement,
      unlocked: unlock !== undefined,
      unlockedAt: unlock?.unlockedAt ?? null,
      isNew: unlock?.isNew ?? false,
      progress: unlock ? 100 : achievementProgress(achievement.requirement, achievement.current ?? 0),
    };
  });
}

export function filterByCategory(badges: readonly BadgeView[], tab: CategoryTab): BadgeView[] {
  return tab === "all" ? [...badges] : badges.filter((b) => b.achievement.category === tab);
}

export interface RarityGroup {
  rarity: AchievementRarity;
  label: string;
  badges: BadgeView[];
}

/** Legendary, epic, rare, common; a rarity with no badges is left out; unlocked first inside each. */
export function groupByRarity(badges: readonly BadgeView[]): RarityGroup[] {
  return ACHIEVEMENT_RARITIES.map((rarity) => ({
    rarity,
    label: RARITY_LABELS[rarity],
    badges: badges
      .filter((b) => b.achievement.rarity === rarity)
      .sort((x, y) => Number(y.unlocked) - Number(x.unlocked)),
  })).filter((g) => g.badges.length > 0);
}

export interface ProgressSummary {
  unlocked: number;
  total: number;
  /** Whole percent, rounded down so it reads 100 only when every badge is unlocked. */
  percent: number;
}

export function progressSummary(badges: readonly BadgeView[]): ProgressSummary {
  const unlocked = badges.filter((b) => b.unlocked).length;
  const total = badges.length;
  return { unlocked, total, percent: total === 0 ? 0 : Math.floor((unlocked * 100) / total) };
}

/** "45.3%": a locked badge's progress, always with one decimal. */
export function progressText(progress: number): string {
  return `${progress.toFixed(1)}%`;
}

const UNITS: Record<RequirementType, [string, string]> = {
  total_steps: ["step", "steps"],
  daily_steps: ["step in a day", "steps in a day"],
  streak_days: ["day in a row", "days in a row"],
  competitions_joined: ["competition joined", "competitions joined"],
  competitions_won: ["podium finish", "podium finishes"],
  groups_joined: ["group joined", "groups joined"],
  groups_created: ["group created", "groups created"],
  group_recruits: ["member recruited", "members recruited"],
  chat_messages: ["message", "messages"],
  points_earned: ["point", "points"],
  redemptions: ["gift card", "gift cards"],
};

const count = new Intl.NumberFormat("en-US");

/** "450 / 1,000 steps": where the member stands against the requirement. */
export function requirementText(
  achievement: Pick<Achievement, "requirement" | "requirementType" | "current">,
): string {
  const [one, many] = UNITS[achievement.requirementType];
  const current = Math.min(Math.max(0, achievement.current ?? 0), achievement.requirement);
  const unit = achievement.requirement === 1 ? one : many;
  return `${count.format(current)} / ${count.format(achievement.requirement)} ${unit}`;
}
