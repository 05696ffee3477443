import { CalendarDays, Gift } from "lucide-react";
import { useState } from "react";
import { LazyConfirmDialog } from "../../../components/lazy-dialogs";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { coins, dollars } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import { createSubmissionKeys, submitWithKey } from "../../wallet/submission-key";
import { type GiftCardOffer, useRedeemFitcoinsMutation } from "../api";
import { canAffordFitcoins, fitcoinsShort, monthLabel, type TierOption, tierOptions } from "../redeem-view";

function OfferImage({ offer }: { offer: GiftCardOffer }) {
  const [broken, setBroken] = useState(false);
  if (offer.imageUrl && !broken) {
    return (
      <img
        src={offer.imageUrl}
        alt={`${offer.brand} gift card`}
        onError={() => setBroken(true)}
        className="h-36 w-full rounded-xl bg-slate-100 object-cover sm:h-44"
      />
    );
  }
  return (
    <div className="flex h-28 w-full items-center justify-center rounded-xl bg-gradient-to-br from-emerald-600 to-teal-700 text-white">
      <Gift className="size-12" aria-hidden="true" />
      <span className="sr-only">{offer.brand} gift card</span>
    </div>
  );
}

/**
 * The Gift Card of the Month: the $50 and $100 options at the offer's prices, each disabled while
 * the balance is below it, and a confirmation before FitCoins are spent. One Idempotency-Key per
 * confirmed choice, kept while that choice is retried after an unknown outcome.
 */
export function GiftCardOfMonth({ offer, balance }: { offer: GiftCardOffer; balance: number | undefined }) {
  const redeem = useRedeemFitcoinsMutation();
  const [keys] = useState(() => createSubmissionKeys());
  const [choice, setChoice] = useState<TierOption | null>(null);

  const choose = (option: TierOption) => {
    keys.reset();
    setChoice(option);
  };

  const confirm = async () => {
    if (!choice) return;
    try {
      const result = await submitWithKey(keys, `${offer.id}:${choice.tier}`, (idempotencyKey) =>
        redeem.mutateAsync({ giftCardOfferId: offer.id, amount: choice.tier, idempotencyKey }),
      );
      toast({ title: "Gift Card Redeemed!", description: result.message, variant: "success" });
      setChoice(null);
    } catch (error) {
      toast({
        title: "Redemption Failed",
        description: errorMessage(error, "Unable to redeem FitCoins"),
        variant: "destructive",
      });
    }
  };

  return (
    <Card>
      <CardHeader>
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-emerald-700 uppercase">
          <CalendarDays className="size-4" aria-hidden="true" /> Gift Card of the Month ·{" "}
          {monthLabel(offer.month)}
        </p>
        <CardTitle id="gift-card-of-month">{offer.brand}</CardTitle>
        <CardDescription>{offer.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <OfferImage offer={offer} />
        <ul className="grid grid-cols-2 gap-3" aria-labelledby="gift-card-of-month">
          {tierOptions(offer).map((option) => {
            const affordable = balance !== undefined && canAffordFitcoins(balance, option.price);
            return (
              <li key={option.tier}>
                <div className="flex h-full flex-col items-center gap-1 rounded-xl border border-slate-200 p-3 text-center">
                  <p className="text-2xl font-extrabold tabular-nums">{dollars(option.value)}</p>
                  <p className="mb-2 text-sm text-slate-600 tabular-nums">{coins(option.price)} FC</p>
                  <Button
                    className="w-full"
                    disabled={!affordable || redeem.isPending}
                    onClick={() => choose(option)}
                  >
                    Redeem<span className="sr-only"> {dollars(option.value)} gift card</span>
                  </Button>
                  <p className="min-h-4 text-xs text-slate-600">
                    {!affordable && balance !== undefined
                      ? `Need ${coins(fitcoinsShort(balance, option.price))} more FC`
                      : null}
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
      <LazyConfirmDialog
        open={choice !== null}
        onOpenChange={(open) => {
          if (!open) setChoice(null);
        }}
        title="Confirm Redemption"
        description={
          choice ? (
            <>
              Redeem a {dollars(choice.value)} {offer.brand} gift card for{" "}
              <span className="font-semibold">{coins(choice.price)} FitCoins</span>? Your code appears in
              Recent Redemptions and is emailed to you.
            </>
          ) : null
        }
        confirmLabel="Redeem Now"
        pendingLabel="Redeeming..."
        pending={redeem.isPending}
        onConfirm={() => void confirm()}
      />
    </Card>
  );
}
