import { Coins } from "lucide-react";
import { Card, CardContent } from "../../../components/ui/card";
import { coins } from "../../../lib/format";

/** The member's FitCoins, as GET /api/fitcoin/balance answers them. */
export function FitcoinBalanceCard({ balance }: { balance: number | undefined }) {
  return (
    <Card className="overflow-hidden">
      <CardContent className="flex items-center gap-4 bg-gradient-to-br from-amber-400 to-amber-500 p-5 text-amber-950">
        <Coins className="size-10 shrink-0" aria-hidden="true" />
        <div>
          <h2 className="text-sm font-semibold">FitCoin Balance</h2>
          <p className="text-4xl font-extrabold tracking-tight tabular-nums" data-testid="redeem-fitcoins">
            {balance === undefined ? "..." : coins(balance)}
          </p>
          <p className="text-sm">1 FitCoin = $1 of gift card</p>
        </div>
      </CardContent>
    </Card>
  );
}
