import { useEffect, useState } from "react";
import { QUOTE_ROTATION_MS } from "../../../core/constants";

export const MOTIVATIONAL_LINES = [
  "Every step brings you closer to your goal!",
  "A short walk now beats a long plan later.",
  "Take the stairs: your leaderboard rank will thank you.",
  "Keep moving, you're doing great!",
] as const;

export const GOAL_ACHIEVED_LINE = "Goal achieved! You're unstoppable today!";

export const COMPETE_QUOTES = [
  "Every step counts. Join a challenge today.",
  "Champions are made one step at a time.",
  "Race your friends and win FitCoins for your effort.",
  "The best competition is the one you show up for.",
] as const;

/** Index into a list of messages that advances every 30 s (specification 1, section 4 "Rotating text"). */
export function useRotatingIndex(length: number, periodMs = QUOTE_ROTATION_MS): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % length), periodMs);
    return () => window.clearInterval(timer);
  }, [length, periodMs]);
  return index;
}
