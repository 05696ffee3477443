import { Coins, Wallet } from "lucide-react";
import { Link } from "wouter";
import { formatMinor, formatUsd, parseMinor } from "../../../../core/money";
import { Card, CardContent } from "../../../components/ui/card";

function usd(balance: string): string {
  const minor = parseMinor(balance);
  return minor === null ? "$0.00" : formatUsd(minor);
}

function fitcoins(value: number): string {
  const minor = parseMinor(value);
  return minor === null ? "0.00" : formatMinor(minor);
}

/** Wallet balance (dollars, two decimals) and FitCoins, with a Manage link to /wallet. */
export function BalanceCards({ balance, coins }: { balance: string; coins: number }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <Card>
        <CardContent className="p-4">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-slate-600">Wallet Balance</h2>
            <Wallet className="size-4 text-emerald-700" aria-hidden="true" />
          </div>
          <p className="mt-1 text-2xl font-extrabold tabular-nums">{usd(balance)}</p>
          <Link
            href="/wallet"
            className="mt-1 inline-block text-sm font-semibold text-emerald-700 hover:underline"
          >
            Manage
          </Link>
        </CardContent>
      </Card>
      <Card>
        <CardContent className="p-4">
          <div className="flex items-center justify-between">
            <h2 className="text-sm font-semibold text-slate-600">FitCoins</h2>
            <Coins className="size-4 text-amber-600" aria-hidden="true" />
          </div>
          <p className="mt-1 text-2xl font-extrabold tabular-nums">{fitcoins(coins)}</p>
          <Link
            href="/redeem"
            className="mt-1 inline-block text-sm font-semibold text-emerald-700 hover:underline"
          >
            Redeem
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
