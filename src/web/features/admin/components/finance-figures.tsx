import type { LucideIcon } from "lucide-react";
import { ArrowDownLeft, Coins, Gift, Landmark, TrendingUp, Undo2 } from "lucide-react";
import type { FinanceSummary } from "../../../../core/schemas/finance";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { dollars, fc } from "../../../lib/format";

type Line = { label: string; value: string };

const points = (n: number) => `${n.toLocaleString("en-US")} pts`;
const times = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** One figure: its headline and the lines it is made of. */
function FigureCard({
  title,
  icon: Icon,
  headline,
  note,
  lines,
}: {
  title: string;
  icon: LucideIcon;
  headline: string;
  note?: string;
  lines: Line[];
}) {
  return (
    <Card className="min-w-0" data-testid="finance-figure">
      <CardHeader className="gap-1">
        <CardTitle className="flex items-center gap-2 text-base">
          <Icon className="size-5 text-emerald-700" aria-hidden="true" /> {title}
        </CardTitle>
        <p className="text-3xl font-extrabold tabular-nums text-slate-900">{headline}</p>
        {note ? <p className="text-sm text-slate-600">{note}</p> : null}
      </CardHeader>
      <CardContent>
        <dl className="grid gap-1.5 text-sm">
          {lines.map((l) => (
            <div key={l.label} className="flex items-baseline justify-between gap-3">
              <dt className="text-slate-600">{l.label}</dt>
              <dd className="font-semibold tabular-nums text-slate-900">{l.value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** The figures of the range, each a sum of the ledger's transfers (the server's definitions). */
export function FinanceFigures({ summary: s }: { summary: FinanceSummary }) {
  return (
    <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2 xl:grid-cols-3">
      <FigureCard
        title="Revenue"
        icon={TrendingUp}
        headline={dollars(s.revenue.total)}
        lines={[
          { label: "Subscriptions", value: dollars(s.revenue.subscriptions) },
          { label: "Conversion fees (15%)", value: dollars(s.revenue.conversionFees) },
          { label: "FitCoin purchase fees (15%)", value: dollars(s.revenue.purchaseFees) },
        ]}
      />
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
        title="Refunds and Chargebacks"
        icon={Undo2}
        headline={dollars(s.chargebacks.net)}
        note="Net taken back to cards"
        lines={[
          {
            label: "Chargebacks",
            value: `${times(s.chargebacks.count, "payment")} · ${dollars(s.chargebacks.amount)}`,
          },
          { label: "Won back in disputes", value: dollars(s.chargebacks.returned) },
          { label: "Refunds to members", value: times(s.refunds.count, "refund") },
          { label: "Refunded FitCoins", value: fc(s.refunds.fitcoins) },
          { label: "Refunded points", value: points(s.refunds.points) },
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
        lines={[{ label: "Owed to the provider at the end", value: dollars(s.giftCards.owedToProvider) }]}
      />
      <FigureCard
        title="Balances at the End"
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
