import { Coins, type LucideIcon, Trophy, Wallet } from "lucide-react";
import { Link } from "wouter";
import { formatMinor, formatUsd, parseMinor } from "../../../../core/money";
import { Card, CardContent } from "../../../components/ui/card";

function usd(balance: string): string {
  const minor = parseMinor(balance);
  return minor === null ? "$0.00" : formatUsd(minor);
}

function fitcoins(value: number | string): string {
  const minor = parseMinor(value);
  return minor === null ? "0.00" : formatMinor(minor);
}

function FigureCard({
  title,
  icon: Icon,
  iconClass,
  figure,
  link,
}: {
  title: string;
  icon: LucideIcon;
  iconClass: string;
  figure: string;
  link: { href: string; label: string };
}) {
  return (
    <Card>
      <CardContent className="p-4">
        <div className="flex items-center justify-between">
          <h2 className="text-sm font-semibold text-slate-600">{title}</h2>
          <Icon className={`size-4 ${iconClass}`} aria-hidden="true" />
        </div>
        <p className="mt-1 text-2xl font-extrabold tabular-nums">{figure}</p>
        <Link
          href={link.href}
          className="mt-1 inline-block text-sm font-semibold text-emerald-700 hover:underline"
        >
          {link.label}
        </Link>
      </CardContent>
    </Card>
  );
}

/** Wallet balance in dollars (two decimals), with a Manage link to /wallet. */
function WalletBalanceCard({ balance }: { balance: string }) {
  return (
    <FigureCard
      title="Wallet Balance"
      icon={Wallet}
      iconClass="text-emerald-700"
      figure={usd(balance)}
      link={{ href: "/wallet", label: "Manage" }}
    />
  );
}

/** Wallet balance and FitCoins (the mobile dashboard). */
export function BalanceCards({ balance, coins }: { balance: string; coins: number }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <WalletBalanceCard balance={balance} />
      <FigureCard
        title="FitCoins"
        icon={Coins}
        iconClass="text-amber-600"
        figure={fitcoins(coins)}
        link={{ href: "/redeem", label: "Redeem" }}
      />
    </div>
  );
}

/** The base dashboard's Wallet Balance and Total Winnings (FitCoins won in prizes) cards. */
export function WalletAndWinningsCards({ balance, winnings }: { balance: string; winnings: string }) {
  return (
    <div className="grid grid-cols-2 gap-3">
      <WalletBalanceCard balance={balance} />
      <FigureCard
        title="Total Winnings"
        icon={Trophy}
        iconClass="text-amber-600"
        figure={`${fitcoins(winnings)} FC`}
        link={{ href: "/competitions", label: "Compete" }}
      />
    </div>
  );
}
