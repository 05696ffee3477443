import type { AppContext } from "../context";
import * as groups from "../features/groups/groups.service";
import * as membership from "../features/groups/membership.service";
import { at, viewerOf } from "./demo-clock";

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

type DemoGroup = {
  name: string;
  description: string;
  isPrivate: boolean;
  owner: string;
  members: string[];
  /** When it was made, relative to now. */
  createdIn: number;
  /** Its competition's window relative to now, if it has one. */
  window?: { startIn: number; endIn: number };
  contributions?: { username: string; amount: number; description: string }[];
  chat?: { username: string; message: string; agoMs: number }[];
};

export const DEMO_GROUPS: DemoGroup[] = [
  {
    name: "Fall Foliage Walkers",
    description: "Our autumn week of trails is over: the pool went to the podium.",
    isPrivate: false,
    owner: "alex",
    members: ["maya"],
    createdIn: -8 * DAY,
    window: { startIn: -7 * DAY, endIn: -20 * HOUR },
  },
  {
    name: "Downtown Striders",
    description: "Lunch-break laps around the city. Everyone welcome!",
    isPrivate: false,
    owner: "alex",
    members: ["maya"],
    createdIn: -3 * DAY,
    window: { startIn: -2 * DAY, endIn: 5 * DAY },
    contributions: [{ username: "alex", amount: 200, description: "Coffee money for the winner" }],
    chat: [
      { username: "alex", message: "Welcome to the Striders! Who's in for a lap at noon?", agoMs: 26 * HOUR },
      { username: "maya", message: "Count me in. I'm already 4k steps ahead of you 😄", agoMs: 25 * HOUR },
      { username: "alex", message: "Not for long. See you at the fountain.", agoMs: 3 * HOUR },
    ],
  },
  {
    name: "Chen-Rivera Family",
    description: "Private family challenge.",
    isPrivate: true,
    owner: "maya",
    members: ["alex"],
    createdIn: -1 * DAY,
  },
];

/**
 * Creates the demo groups through the real services at the moments they would have been made:
 * entry prices (5 FC) and contributions move through the ledger, the running group's competition
 * counts the demo steps stored next, and the finished one is settled with the competitions.
 */
export async function seedGroups(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now().getTime();
  for (const g of DEMO_GROUPS) {
    const then = at(ctx, now + g.createdIn);
    const owner = await viewerOf(then, g.owner);
    const created = await groups.create(then, owner, {
      name: g.name,
      description: g.description,
      isPrivate: g.isPrivate,
      hasScheduledCompetition: false,
      competitionStartDate: null,
      competitionStartTime: null,
      entryDeadlineHours: null,
      competitionDuration: null,
      poolEntryPrice: 500,
    });
    for (const username of g.members) {
      await membership.join(then, await viewerOf(then, username), created.inviteCode);
    }
    if (g.window) {
      await groups.edit(then, owner, created.id, {
        name: g.name,
        description: g.description,
        poolGoal: 5000,
        poolEntryPrice: 500,
        competitionStartDate: new Date(now + g.window.startIn).toISOString(),
        competitionEndDate: new Date(now + g.window.endIn).toISOString(),
      });
    }
    for (const c of g.contributions ?? []) {
      const later = at(ctx, now - DAY);
      await membership.contribute(later, await viewerOf(later, c.username), created.id, {
        amount: c.amount,
        description: c.description,
      });
    }
    for (const m of g.chat ?? []) {
      const said = at(ctx, now - m.agoMs);
      await membership.postMessage(said, await viewerOf(said, m.username), created.id, m.message);
    }
  }
}
