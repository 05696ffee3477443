import { Gift } from "lucide-react";
import { useState } from "react";
import { formatCount } from "../../../../core/numbers";
import { EmptyState } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import type { GiftCard } from "../api";
import { dollarValue, pointsShort, redeemButtonLabel } from "../points-view";

/** The card's picture, or a gift icon when it has none or the picture does not load. */
function GiftCardImage({ card }: { card: GiftCard }) {
  const [broken, setBroken] = useState(false);
  if (card.imageUrl && !broken) {
    return (
      <img
        src={card.imageUrl}
        alt=""
        loading="lazy"
        onError={() => setBroken(true)}
        className="size-16 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
      />
    );
  }
  return (
    <span className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-violet-100 text-violet-700">
      <Gift className="size-8" aria-hidden="true" />
    </span>
  );
}

/** The Gift Cards tab: each card with Redeem Now, or a disabled 'Need N More' while points are short. */
export function GiftCardList({
  cards,
  availablePoints,
  onRedeem,
}: {
  cards: GiftCard[];
  availablePoints: number | undefined;
  onRedeem: (card: GiftCard) => void;
}) {
  if (cards.length === 0) {
    return (
      <EmptyState icon={Gift} title="No gift cards right now">
        New gift cards appear here as they are added.
      </EmptyState>
    );
  }
  const available = availablePoints ?? 0;
  return (
    <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2" aria-label="Gift cards">
      {cards.map((card) => {
        const short = pointsShort(available, card.pointCost) > 0;
        return (
          <li key={card.id}>
            <article
              aria-label={card.name}
              className="grid h-full gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
            >
              <div className="flex gap-3">
                <GiftCardImage card={card} />
                <div className="min-w-0 flex-1">
                  <h3 className="font-bold break-words text-slate-900">{card.name}</h3>
                  <p className="text-sm text-slate-600">
                    {card.brand} · <span className="font-semibold">{dollarValue(card.value)}</span>
                  </p>
                  <p className="mt-1 font-bold text-violet-700 tabular-nums">
                    {formatCount(card.pointCost)} points
                  </p>
                </div>
              </div>
              {card.description ? <p className="text-sm text-slate-700">{card.description}</p> : null}
              <Button
                className="mt-auto w-full"
                variant={short ? "outline" : "default"}
                disabled={short || availablePoints === undefined}
                onClick={() => onRedeem(card)}
              >
                {redeemButtonLabel(available, card.pointCost)}
                {short ? null : <span className="sr-only"> {card.name}</span>}
              </Button>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
