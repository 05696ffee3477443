import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { loadViewerUser } from "../features/auth/auth.repo";
import * as competitions from "../features/competitions/competitions.service";
import * as participation from "../features/competitions/participation.service";
import { settleCompetition } from "../features/competitions/settlement.service";
import type { Viewer } from "../http/viewer";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

type DemoCompetition = {
  name: string;
  description: string;
  entryFee: number | null;
  maxParticipants?: number;
  /** Start and end relative to now. */
  startIn: number;
  endIn: number;
  entryDeadlineHours?: number;
  /** Usernames that join, an hour before the start (or now, for one already running). */
  players: string[];
};

/** Competitions in every state: settled, running with members walking, upcoming free and paid. */
export const DEMO_COMPETITIONS: DemoCompetition[] = [
  {
    name: "Autumn Step Sprint",
    description: "Six days, one winner's podium. Who walked the most?",
    entryFee: 5,
    startIn: -7 * DAY,
    endIn: -20 * HOUR,
    players: ["alex", "maya"],
  },
  {
    name: "Holiday Hustle Week",
    description: "A week of walking before the holidays. Join any time while it runs.",
    entryFee: 5,
    startIn: -2 * DAY,
    endIn: 5 * DAY,
    entryDeadlineHours: -1,
    players: ["alex", "maya"],
  },
  {
    name: "Lunchtime Loop Challenge",
    description: "Free and friendly: three days of lunchtime laps.",
    entryFee: null,
    startIn: -1 * DAY,
    endIn: 2 * DAY,
    entryDeadlineHours: -1,
    players: ["admin", "alex", "maya"],
  },
  {
    name: "Weekend Warriors",
    description: "Two days, no fee, all the bragging rights.",
    entryFee: null,
    startIn: 1 * DAY,
    endIn: 3 * DAY,
    players: [],
  },
  {
    name: "New Year Countdown Cup",
    description: "A week-long race with a real prize pool. Entries close a day before the start.",
    entryFee: 10,
    maxParticipants: 50,
    startIn: 3 * DAY,
    endIn: 10 * DAY,
    entryDeadlineHours: 24,
    players: [],
  },
];

async function viewerOf(ctx: AppContext, username: string): Promise<Viewer> {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const user = row && (await loadViewerUser(ctx.db, row.id, ctx.clock.now()));
  if (!user) throw new Error(`demo member ${username} is missing`);
  return { state: "user", user, tokenHash: "demo-seed" };
}

/**
 * Creates the demo competitions through the real services, each at the moment it would have been
 * made (a clock set back), so fees move through the ledger as for any member. Called before the
 * demo steps are stored: the standings trigger then counts them into the running competitions.
 */
export async function seedCompetitions(ctx: AppContext): Promise<number[]> {
  const now = ctx.clock.now().getTime();
  const ids: number[] = [];
  for (const c of DEMO_COMPETITIONS) {
    const start = now + c.startIn;
    const at = (t: number): AppContext => ({ ...ctx, clock: { now: () => new Date(t) } });
    const before = at(Math.min(start, now) - HOUR);
    const created = await competitions.create(before, await viewerOf(before, "admin"), {
      name: c.name,
      description: c.description,
      entryFee: c.entryFee === null ? null : c.entryFee * 100,
      maxParticipants: c.maxParticipants ?? null,
      startDate: new Date(start).toISOString(),
      endDate: new Date(now + c.endIn).toISOString(),
      entryDeadlineHours: c.entryDeadlineHours ?? null,
    });
    for (const username of c.players) {
      await participation.join(before, await viewerOf(before, username), created.id);
    }
    ids.push(created.id);
  }
  return ids;
}

/** Settles the demo competitions already over (run after their steps are stored). */
export async function settleDemoCompetitions(ctx: AppContext, ids: number[]): Promise<void> {
  for (const id of ids) await settleCompetition(ctx, id);
}
