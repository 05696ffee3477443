import { z } from "zod";
import { ACHIEVEMENT_CATEGORIES, ACHIEVEMENT_RARITIES, REQUIREMENT_TYPES } from "../achievements";

/* Achievements (specification 2 sections 3, 7 and 8). */

// The messages live beside the catalogue (no zod there), so the members' layout can show them.
export { CHECK_FAILED_MESSAGE, MARK_VIEWED_FAILED_MESSAGE } from "../achievements";

export const achievementSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  rarity: z.enum(ACHIEVEMENT_RARITIES),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  requirement: z.number(),
  requirementType: z.enum(REQUIREMENT_TYPES),
  /** The signed-in member's current value of `requirementType` (null when signed out). */
  current: z.number().nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

export const userAchievementSchema = z.object({
  achievementId: z.string(),
  unlockedAt: z.string(),
  isNew: z.boolean(),
});
export type UserAchievement = z.infer<typeof userAchievementSchema>;

export const achievementIdParamsSchema = z.object({ id: z.string().min(1).max(64) });
