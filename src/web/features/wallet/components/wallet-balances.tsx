import { ArrowRightLeft, Coins, Plus, ShoppingCart, Wallet } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { coins, dollars } from "../../../lib/format";

/** The dollar wallet and the FitCoins, each with its actions. */
export function WalletBalances({
  balance,
  fitcoins,
  canConvert,
  onAddFunds,
  onConvert,
  onBuyFitcoins,
}: {
  balance: string | null;
  fitcoins: number | null;
  canConvert: boolean;
  onAddFunds: () => void;
  onConvert: () => void;
  onBuyFitcoins: () => void;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card className="overflow-hidden">
        <CardContent className="grid gap-4 bg-gradient-to-br from-emerald-700 to-emerald-800 p-5 text-white">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-emerald-50">Wallet Balance</h2>
            <Wallet className="size-5 text-emerald-100" aria-hidden="true" />
          </div>
          <p className="text-4xl font-extrabold tracking-tight tabular-nums" data-testid="wallet-balance">
            {dollars(balance)}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="inverse" onClick={onAddFunds}>
              <Plus aria-hidden="true" /> Add Funds
            </Button>
            <Button
              variant="inverse"
              onClick={onConvert}
              disabled={!canConvert}
              title={canConvert ? undefined : "You need at least $1 in your wallet to convert"}
            >
              <ArrowRightLeft aria-hidden="true" /> Convert
              <span className="sr-only"> to FitCoins</span>
            </Button>
          </div>
        </CardContent>
      </Card>
      <Card className="overflow-hidden">
        <CardContent className="grid gap-4 bg-gradient-to-br from-amber-400 to-amber-500 p-5 text-amber-950">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold">FitCoins</h2>
            <Coins className="size-5" aria-hidden="true" />
          </div>
          <p className="text-4xl font-extrabold tracking-tight tabular-nums" data-testid="fitcoin-balance">
            {coins(fitcoins)}
          </p>
          <div className="grid grid-cols-2 gap-2">
            <Button variant="inverse" className="text-amber-900 hover:bg-amber-50" onClick={onBuyFitcoins}>
              <ShoppingCart aria-hidden="true" /> Buy FitCoins
            </Button>
            <Button asChild variant="inverse" className="text-amber-900 hover:bg-amber-50">
              <Link href="/redeem">Redeem</Link>
            </Button>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
