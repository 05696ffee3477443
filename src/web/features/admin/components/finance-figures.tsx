import type { LucideIcon } from "lucide-react";
import {
  ArrowDownLeft,
  CircleAlert,
  Coins,
  CreditCard,
  Gift,
  Landmark,
  ReceiptText,
  ShieldAlert,
  TrendingUp,
  Undo2,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { formatCount } from "../../../../core/numbers";
import type { FinanceSummary } from "../../../../core/schemas/finance";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { dollars, fc } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { RANGE_REVENUE } from "./revenue-words";

type Line = { label: string; value: string };

const points = (n: number) => `${formatCount(n)} pts`;
const times = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** One figure: its headline and the lines it is made of; `warning` when it needs an operator. */
function FigureCard({
  title,
  icon: Icon,
  headline,
  note,
  lines,
  warning = false,
  children,
}: {
  title: string;
  icon: LucideIcon;
  headline: string;
  note?: string;
  lines: Line[];
  warning?: boolean;
  children?: ReactNode;
}) {
  return (
    <Card className={cn("min-w-0", warning && "border-amber-300 bg-amber-50")} data-testid="finance-figure">
      <CardHeader className="gap-1">
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon
            className={cn("size-5", warning ? "text-amber-700" : "text-emerald-700")}
            aria-hidden="true"
          />{" "}
          {title}
        </CardTitle>
        <p className="text-3xl font-extrabold tabular-nums text-slate-900">{headline}</p>
        {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid gap-1.5 text-sm">
          {lines.map((l) => (
            <div key={l.label} className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-600">{l.label}</dt>
              <dd className="text-right font-semibold tabular-nums text-slate-900">{l.value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}

/** The figures of the range, each a sum of the ledger's transfers (the server's definitions). */
export function FinanceFigures({ summary: s }: { summary: FinanceSummary }) {
  // A range that reaches past now has today's balances (the server says which instant it used).
  const now = s.balancesAt < s.to;
  const unbooked = s.unbookedCardReversals;
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard
        title={RANGE_REVENUE.label}
        icon={TrendingUp}
        headline={dollars(s.revenue.total)}
        note={
          unbooked.count > 0
            ? `${RANGE_REVENUE.counts}, before the card refunds and disputes not booked (below)`
            : RANGE_REVENUE.counts
        }
        lines={[
          { label: "Subscriptions", value: dollars(s.revenue.subscriptions) },
          { label: "Conversion fees (15%)", value: dollars(s.revenue.conversionFees) },
          { label: "FitCoin purchase fees (15%)", value: dollars(s.revenue.purchaseFees) },
        ]}
      />
      <FigureCard
        title="Not Booked"
        icon={CircleAlert}
        warning={unbooked.count > 0}
        headline={dollars(unbooked.amount)}
        note="Card refunds and disputes of memberships and FitCoin purchases: flagged, not booked"
        lines={[
          { label: "Refunds and disputes", value: times(unbooked.count, "payment") },
          { label: "Not reviewed yet", value: times(unbooked.open, "payment") },
        ]}
      >
        <Link href="/admin/payment-monitor" className="text-sm font-semibold text-emerald-800 underline">
          Not booked: see Payment Monitor
        </Link>
      </FigureCard>
      <FigureCard
        title="Money In"
        icon={ArrowDownLeft}
        headline={dollars(s.deposits.amount)}
        note={`${times(s.deposits.count, "deposit")} to wallets`}
        lines={[
          { label: "FitCoins bought by card", value: dollars(s.cardPurchases.amount) },
          { label: "Card purchases", value: times(s.cardPurchases.count, "purchase") },
        ]}
      />
      <FigureCard
        title="Refunds"
        icon={CreditCard}
        headline={dollars(s.cardRefunds.amount)}
        note={`${times(s.cardRefunds.count, "card refund")} of deposits`}
        lines={[
          { label: "From members' wallets", value: dollars(s.cardRefunds.fromWallets) },
          { label: "From chargeback losses", value: dollars(s.cardRefunds.fromLosses) },
        ]}
      />
      <FigureCard
        title="Chargebacks"
        icon={ShieldAlert}
        headline={dollars(s.chargebacks.net)}
        note="Disputes of deposits, net of those won"
        lines={[
          {
            label: "Taken back",
            value: `${times(s.chargebacks.count, "dispute")} · ${dollars(s.chargebacks.amount)}`,
          },
          {
            label: "Won back",
            value: `${times(s.chargebacks.won, "dispute")} · ${dollars(s.chargebacks.returned)}`,
          },
        ]}
      />
      <FigureCard
        title="Costs"
        icon={ReceiptText}
        headline={dollars(s.costs.total)}
        lines={[
          { label: "Marketing budget (points cards)", value: dollars(s.costs.marketingBudget) },
          { label: "Chargeback losses", value: dollars(s.costs.chargebackLosses) },
        ]}
      />
      <FigureCard
        title="Returned to Members"
        icon={Undo2}
        headline={fc(s.returnedToMembers.fitcoins)}
        note="Entry fees and contributions given back, failed gift cards"
        lines={[
          { label: "Returns", value: times(s.returnedToMembers.count, "return") },
          { label: "Points returned", value: points(s.returnedToMembers.points) },
        ]}
      />
      <FigureCard
        title="Admin Grants"
        icon={Coins}
        headline={fc(s.adminGrants.net)}
        note="Granted minus reversed"
        lines={[
          { label: `Granted (${times(s.adminGrants.count, "grant")})`, value: fc(s.adminGrants.fitcoins) },
          {
            label: `Reversed (${times(s.adminGrants.reversals.count, "reversal")})`,
            value: fc(s.adminGrants.reversals.fitcoins),
          },
        ]}
      />
      <FigureCard
        title="Gift Cards"
        icon={Gift}
        headline={dollars(s.giftCards.faceValue)}
        note={`${times(s.giftCards.issued, "card")} issued (face value)`}
        lines={[
          {
            label: "FitCoin cards (USD reserve)",
            value: `${times(s.giftCards.fitcoinCards.count, "card")} · ${dollars(s.giftCards.fitcoinCards.amount)}`,
          },
          {
            label: "Points cards (marketing budget)",
            value: `${times(s.giftCards.pointsCards.count, "card")} · ${dollars(s.giftCards.pointsCards.amount)}`,
          },
          {
            label: now ? "Owed to the provider now" : "Owed to the provider at the end",
            value: dollars(s.giftCards.owedToProvider),
          },
        ]}
      />
      <FigureCard
        title={now ? "Balances Now" : "Balances at the End"}
        icon={Landmark}
        headline={dollars(s.balances.usdReserve)}
        note="USD reserve backing FitCoins"
        lines={[
          { label: "FitCoins members hold", value: fc(s.balances.fitcoinsOutstanding) },
          { label: "FitCoins in prize pools", value: fc(s.balances.fitcoinsInPools) },
          { label: "Points members hold", value: points(s.balances.pointsOutstanding) },
          { label: "Members' wallet dollars", value: dollars(s.balances.walletUsd) },
        ]}
      />
    </div>
  );
}
