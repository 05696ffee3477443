/*
 * The achievement catalogue (specification 2 sections 2-4; DESIGN 1, achievements): the same list
 * for the server, which unlocks from stored facts, and the Badges page. `icon` names a
 * lucide-react icon the page maps to a component.
 */

/** The errors of the check and of marking a badge seen (specification 2, section 7). */
export const CHECK_FAILED_MESSAGE = "Failed to check achievements";
export const MARK_VIEWED_FAILED_MESSAGE = "Failed to mark achievement as viewed";

export const ACHIEVEMENT_RARITIES = ["legendary", "epic", "rare", "common"] as const;
export type AchievementRarity = (typeof ACHIEVEMENT_RARITIES)[number];

export const ACHIEVEMENT_CATEGORIES = ["steps", "competitions", "social", "milestones"] as const;
export type AchievementCategory = (typeof ACHIEVEMENT_CATEGORIES)[number];

/** The stored facts a requirement is measured against. */
export const REQUIREMENT_TYPES = [
  "total_steps",
  "daily_steps",
  "streak_days",
  "competitions_joined",
  "competitions_won",
  "groups_joined",
  "groups_created",
  "group_recruits",
  "chat_messages",
  "points_earned",
  "redemptions",
] as const;
export type RequirementType = (typeof REQUIREMENT_TYPES)[number];

export type AchievementFacts = Record<RequirementType, number>;

export type AchievementDefinition = {
  id: string;
  name: string;
  description: string;
  icon: string;
  rarity: AchievementRarity;
  category: AchievementCategory;
  requirement: number;
  requirementType: RequirementType;
};

const a = (
  id: string,
  name: string,
  description: string,
  icon: string,
  rarity: AchievementRarity,
  category: AchievementCategory,
  requirement: number,
  requirementType: RequirementType,
): AchievementDefinition => ({ id, name, description, icon, rarity, category, requirement, requirementType });

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  a(
    "first-steps",
    "First Steps",
    "Walk your first 1,000 steps",
    "footprints",
    "common",
    "steps",
    1_000,
    "total_steps",
  ),
  a(
    "stroller",
    "Stroller",
    "Walk 50,000 steps in all",
    "footprints",
    "common",
    "steps",
    50_000,
    "total_steps",
  ),
  a(
    "trailblazer",
    "Trailblazer",
    "Walk 250,000 steps in all",
    "map",
    "rare",
    "steps",
    250_000,
    "total_steps",
  ),
  a(
    "road-warrior",
    "Road Warrior",
    "Walk 1,000,000 steps in all",
    "mountain",
    "epic",
    "steps",
    1_000_000,
    "total_steps",
  ),
  a(
    "globe-trotter",
    "Globe Trotter",
    "Walk 5,000,000 steps in all",
    "globe",
    "legendary",
    "steps",
    5_000_000,
    "total_steps",
  ),
  a(
    "ten-thousand-club",
    "Ten Thousand Club",
    "Walk 10,000 steps in one day",
    "zap",
    "common",
    "steps",
    10_000,
    "daily_steps",
  ),
  a(
    "step-surge",
    "Step Surge",
    "Walk 20,000 steps in one day",
    "flame",
    "rare",
    "steps",
    20_000,
    "daily_steps",
  ),
  a(
    "ultra-walker",
    "Ultra Walker",
    "Walk 50,000 steps in one day",
    "rocket",
    "epic",
    "steps",
    50_000,
    "daily_steps",
  ),
  a(
    "first-race",
    "First Race",
    "Join your first competition",
    "flag",
    "common",
    "competitions",
    1,
    "competitions_joined",
  ),
  a(
    "competitor",
    "Competitor",
    "Join 5 competitions",
    "medal",
    "rare",
    "competitions",
    5,
    "competitions_joined",
  ),
  a(
    "veteran",
    "Veteran",
    "Join 25 competitions",
    "shield",
    "epic",
    "competitions",
    25,
    "competitions_joined",
  ),
  a(
    "podium",
    "On the Podium",
    "Finish a competition in the prizes",
    "trophy",
    "rare",
    "competitions",
    1,
    "competitions_won",
  ),
  a(
    "champion",
    "Champion",
    "Finish 5 competitions in the prizes",
    "award",
    "epic",
    "competitions",
    5,
    "competitions_won",
  ),
  a(
    "legend",
    "Legend",
    "Finish 20 competitions in the prizes",
    "crown",
    "legendary",
    "competitions",
    20,
    "competitions_won",
  ),
  a("team-player", "Team Player", "Join a group", "users", "common", "social", 1, "groups_joined"),
  a("group-founder", "Group Founder", "Create a group", "user-plus", "rare", "social", 1, "groups_created"),
  a(
    "recruiter",
    "Recruiter",
    "Bring 5 members into groups you created",
    "handshake",
    "epic",
    "social",
    5,
    "group_recruits",
  ),
  a(
    "chatterbox",
    "Chatterbox",
    "Post 10 chat messages",
    "message-circle",
    "common",
    "social",
    10,
    "chat_messages",
  ),
  a(
    "cheerleader",
    "Cheerleader",
    "Post 100 chat messages",
    "megaphone",
    "rare",
    "social",
    100,
    "chat_messages",
  ),
  a(
    "week-streak",
    "Week Streak",
    "Walk 10,000 steps a day for 7 days in a row",
    "calendar-check",
    "rare",
    "milestones",
    7,
    "streak_days",
  ),
  a(
    "fortnight-streak",
    "Fortnight Streak",
    "Walk 10,000 steps a day for 14 days in a row",
    "calendar-range",
    "epic",
    "milestones",
    14,
    "streak_days",
  ),
  a(
    "month-streak",
    "Unstoppable",
    "Walk 10,000 steps a day for 30 days in a row",
    "calendar-heart",
    "legendary",
    "milestones",
    30,
    "streak_days",
  ),
  a(
    "point-collector",
    "Point Collector",
    "Earn 10,000 points",
    "star",
    "common",
    "milestones",
    10_000,
    "points_earned",
  ),
  a(
    "first-reward",
    "First Reward",
    "Redeem your first gift card",
    "gift",
    "rare",
    "milestones",
    1,
    "redemptions",
  ),
];

export function achievementById(id: string): AchievementDefinition | undefined {
  return ACHIEVEMENTS.find((x) => x.id === id);
}

/** The achievements the facts meet. */
export function metAchievements(facts: AchievementFacts): AchievementDefinition[] {
  return ACHIEVEMENTS.filter((x) => facts[x.requirementType] >= x.requirement);
}

/** Progress toward an achievement in percent, to one decimal, at most 100. */
export function achievementProgress(requirement: number, current: number): number {
  if (requirement <= 0) return 100;
  return Math.min(100, Math.floor((Math.max(0, current) * 1000) / requirement) / 10);
}
