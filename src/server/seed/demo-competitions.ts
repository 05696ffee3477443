import type { AppContext } from "../context";
import * as competitions from "../features/competitions/competitions.service";
import * as participation from "../features/competitions/participation.service";
import { at, viewerOf } from "./demo-clock";

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

/**
 * Creates the demo competitions through the real services, each at the moment it would have been
 * made (a clock set back), so fees move through the ledger as for any member. Called before the
 * demo steps are stored: the standings trigger then counts them into the running competitions.
 */
export async function seedCompetitions(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  for (const c of DEMO_COMPETITIONS) {
    const start = now + c.startIn;
    const before = at(ctx, Math.min(start, now) - HOUR);
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
  }
}
