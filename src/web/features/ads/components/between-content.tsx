import type { ReactNode } from "react";
import { betweenContentIndex } from "../ad-rotation";
import { AdSlot } from "./ad-slot";

/**
 * A list's cards with the 'between-content' ad slot among them (after the second card, or the first
 * of two): always between two cards, never first or last, at most once. It spans the list's columns.
 */
export function withAdBetween(cards: ReactNode[]): ReactNode[] {
  const at = betweenContentIndex(cards.length);
  if (at === null) return cards;
  return [
    ...cards.slice(0, at),
    <AdSlot key="between-content-ad" placement="between-content" className="lg:col-span-2" />,
    ...cards.slice(at),
  ];
}
