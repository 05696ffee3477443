import {
  DISPUTE_WINDOW_MS,
  ENTRY_FEE_MAX_FC,
  ENTRY_FEE_MIN_FC,
  GROUP_DEFAULT_ENTRY_PRICE_FC,
  PLATFORM_FEE_PERCENT,
  POINTS_PER_STEP_BLOCK,
  POOL_CONTRIBUTION_MAX_FC,
  POOL_CONTRIBUTION_MIN_FC,
  STEPS_PER_POINT_BLOCK,
  SUBSCRIPTION_PRICE_LABEL,
} from "../../../core/constants";
import { formatCount } from "../../../core/numbers";
import { prizeRuleText, prizeShares } from "../../../core/rules/prize-split";

export type HelpQuestion = { question: string; answer: string };
export type HelpSection = { id: string; title: string; questions: HelpQuestion[] };

const shares = (eligible: number) =>
  prizeShares(eligible)
    .map((p) => `${p}%`)
    .join(" / ");

/**
 * The questions members ask, answered from the rules the app runs on (DESIGN 1): the numbers come
 * from core/constants and core/rules, and the grace period from the server's setting.
 */
export function helpSections({ graceMinutes }: { graceMinutes: number }): HelpSection[] {
  const grace = `${graceMinutes} minute${graceMinutes === 1 ? "" : "s"}`;
  const feePaid = 100 - PLATFORM_FEE_PERCENT;
  const disputeHours = DISPUTE_WINDOW_MS / 3_600_000;
  return [
    {
      id: "steps",
      title: "Steps",
      questions: [
        {
          question: "How are my steps counted?",
          answer:
            "Your phone's motion sensors count your steps while step tracking is on (turn it on from the dashboard and allow motion access). Steps are kept on the phone and synced to StepRace every few seconds of walking; offline, they wait on the phone and sync when you are back online. Your day is your own local day, in the time zone of your profile.",
        },
        {
          question: "Which steps count in a competition?",
          answer: `Steps you walked between the competition's start and end, by the time your phone counted them. Steps that reach the server up to ${grace} after the end still count, so a late sync loses nothing.`,
        },
        {
          question: "Why were some of my steps refused?",
          answer:
            "A sync is refused when it holds more steps than a person can walk in the time since the previous one (faster than about 4 steps a second). Shaking the phone or a faulty sensor can cause it. Repeated refusals flag the account for a review by our team; prizes wait for that review.",
        },
        {
          question: "Does the Step Test count?",
          answer:
            "No. The Step Test is practice: the taps count for no competition, points, streak, badge or leaderboard.",
        },
        {
          question: "How do I earn points?",
          answer: `${POINTS_PER_STEP_BLOCK} points for every full ${formatCount(STEPS_PER_POINT_BLOCK)} steps of a day, plus daily milestone and streak bonuses (see Points). Points buy gift cards on the Points page.`,
        },
      ],
    },
    {
      id: "fees",
      title: "Fees",
      questions: [
        {
          question: "What does StepRace cost?",
          answer: `The subscription is ${SUBSCRIPTION_PRICE_LABEL} a month; it renews monthly and can be cancelled at any time, with access to the end of the paid period. Competing needs it; your wallet, profile and redemptions stay open without it.`,
        },
        {
          question: "What are entry fees?",
          answer: `Competitions and groups may charge an entry fee in FitCoins, from ${ENTRY_FEE_MIN_FC} to ${ENTRY_FEE_MAX_FC} FC, or nothing. A new group's entry price is ${GROUP_DEFAULT_ENTRY_PRICE_FC} FC unless its admins change it. Every fee goes into the prize pool; members may also add ${POOL_CONTRIBUTION_MIN_FC} to ${POOL_CONTRIBUTION_MAX_FC} FC to a group's pool.`,
        },
        {
          question: "Is there a fee on FitCoins?",
          answer: `Yes: ${PLATFORM_FEE_PERCENT}% of every conversion of wallet dollars to FitCoins, and of every FitCoin purchase, is the platform fee. $10 buys ${(10 * feePaid) / 100} FitCoins. When you redeem, 1 FitCoin is worth $1 of gift card.`,
        },
      ],
    },
    {
      id: "prizes",
      title: "Prizes",
      questions: [
        { question: "How is the prize pool split?", answer: prizeRuleText("competition") },
        {
          question: "What about ties and 0 steps?",
          answer: `Tied walkers share equally the prizes of the places they hold: two walkers tied for first share the first and second prizes (${shares(3).split(" / ").slice(0, 2).join(" + ")}) half each. Nobody with 0 steps is eligible: with only two walkers the split is ${shares(2)}, with one ${shares(1)}.`,
        },
        {
          question: "When are prizes paid?",
          answer: `${grace} after the end (late syncs still count until then), the pool is paid in one go as FitCoins, with an email and a notification to the winners. When a winner's steps are under review, the results show "Results under review" and the payout waits for our team's decision. You can dispute a result within ${disputeHours} hours of the end.`,
        },
      ],
    },
    {
      id: "refunds",
      title: "Refunds",
      questions: [
        {
          question: "Can I get my entry fee back?",
          answer:
            "Yes, in full, if you leave a competition before it starts. Once it has started, entry fees are non-refundable. In a group, leaving before the group's competition starts returns what you paid into the pool; after the start leaving refunds nothing.",
        },
        {
          question: "What if a competition or group is deleted?",
          answer: "Every entry fee and contribution is refunded to the members who paid it.",
        },
        {
          question: "What if nobody walks?",
          answer: "If nobody has any steps at the end, every entry fee is refunded.",
        },
        {
          question: "What happens to my money if my subscription ends or I delete my account?",
          answer:
            "When your subscription ends, your wallet, FitCoins, points and gift cards stay yours: open the wallet, redeem and see your redemptions as before. Deleting your account is final: balances left in it are not paid out, so the confirmation shows what you still hold.",
        },
      ],
    },
  ];
}
