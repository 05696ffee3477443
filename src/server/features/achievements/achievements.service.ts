import {
  ACHIEVEMENTS,
  type AchievementDefinition,
  type AchievementFacts,
  achievementById,
  metAchievements,
} from "../../../core/achievements";
import type { Achievement, UserAchievement } from "../../../core/schemas/achievements";
import type { AppContext } from "../../context";
import { achievementsUnlockedEmail } from "../../email/reward-templates";
import { notFound } from "../../errors";
import { requireUser, type Viewer } from "../../http/viewer";
import { notify as notifyOf, unsubscribeHeaders, wantsEmail } from "../notifications/notifications.service";
import * as repo from "./achievements.repo";

const view = (a: AchievementDefinition, facts: AchievementFacts | null): Achievement => ({
  ...a,
  current: facts ? facts[a.requirementType] : null,
});

/** The catalogue; for a signed-in member with their current value of each requirement. */
export async function catalogue(ctx: AppContext, viewer: Viewer): Promise<Achievement[]> {
  const facts = viewer.state === "user" ? await repo.facts(ctx.db, viewer.user.id) : null;
  return ACHIEVEMENTS.map((a) => view(a, facts));
}

export async function mine(ctx: AppContext, viewer: Viewer): Promise<UserAchievement[]> {
  const user = requireUser(viewer);
  const rows = await repo.unlocked(ctx.db, user.id);
  return rows.map((r) => ({
    achievementId: r.achievementId,
    unlockedAt: r.unlockedAt.toISOString(),
    isNew: r.viewedAt === null,
  }));
}

/**
 * Unlocks what the member's stored facts now meet, each once however many run at once; emails
 * the newly unlocked ones when `notify`. Answers the facts and every unlock now stored.
 */
export async function unlockFor(
  ctx: AppContext,
  user: { id: number; email: string; firstName: string },
  notify = true,
) {
  const facts = await repo.facts(ctx.db, user.id);
  const rows = await repo.unlocked(ctx.db, user.id);
  const have = new Set(rows.map((r) => r.achievementId));
  const due = metAchievements(facts).filter((a) => !have.has(a.id));
  const fresh = await repo.unlock(
    ctx.db,
    user.id,
    due.map((a) => a.id),
    ctx.clock.now(),
  );
  const badges = fresh.map((id) => achievementById(id)).filter((a): a is AchievementDefinition => !!a);
  // In the app always (each badge once, whoever unlocked it first); by email when asked for.
  await notifyOf(
    ctx.db,
    badges.map((b) => ({
      userId: user.id,
      kind: "achievement_unlocked" as const,
      title: `Badge unlocked: ${b.name}`,
      body: b.description,
      link: "/achievements",
      dedupeKey: `achievement_unlocked:${b.id}:user:${user.id}`,
    })),
    ctx.clock.now(),
  );
  if (notify && badges.length > 0 && (await wantsEmail(ctx.db, user.id, "achievement_unlocked"))) {
    await ctx.mailer.send(user.email, {
      ...achievementsUnlockedEmail(user.firstName, badges, `${ctx.config.appUrl}/achievements`),
      unsubscribe: await unsubscribeHeaders(
        ctx.db,
        ctx.config.appUrl,
        { userId: user.id },
        "achievement_unlocked",
      ),
    });
  }
  // A check running at the same time may have unlocked some of `due`: read what is stored now.
  return { facts, unlocked: due.length > 0 ? await repo.unlocked(ctx.db, user.id) : rows };
}

/**
 * POST /api/achievements/check: unlocks what the facts meet and answers every unlocked
 * achievement not yet celebrated, so a celebration that was never closed (the app shut mid-way)
 * shows again.
 */
export async function check(ctx: AppContext, viewer: Viewer): Promise<Achievement[]> {
  const user = requireUser(viewer);
  const { facts, unlocked } = await unlockFor(ctx, user);
  const unseen = new Set(unlocked.filter((r) => r.viewedAt === null).map((r) => r.achievementId));
  return ACHIEVEMENTS.filter((a) => unseen.has(a.id)).map((a) => view(a, facts));
}

export async function markViewed(ctx: AppContext, viewer: Viewer, id: string) {
  const user = requireUser(viewer);
  if (!achievementById(id)) throw notFound("Achievement not found");
  if (!(await repo.markViewed(ctx.db, user.id, id, ctx.clock.now()))) {
    throw notFound("You have not unlocked this achievement yet");
  }
  return { message: "Achievement marked as viewed" };
}
