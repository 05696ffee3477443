import { Wallet } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";

/** Shown while the balance is under the cheapest gift card: where to get FitCoins. */
export function NeedMoreFitcoins() {
  return (
    <section
      aria-labelledby="need-more-fitcoins"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h2 id="need-more-fitcoins" className="font-bold text-amber-950">
          Need More FitCoins
        </h2>
        <p className="text-sm text-amber-900">
          Win competitions or buy FitCoins from your wallet to redeem a gift card.
        </p>
      </div>
      <Button asChild variant="outline" className="border-amber-400">
        <Link href="/wallet">
          <Wallet aria-hidden="true" /> Go to Wallet
        </Link>
      </Button>
    </section>
  );
}
