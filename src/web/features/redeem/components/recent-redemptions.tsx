import { Gift } from "lucide-react";
import { EmptyState } from "../../../components/layout/page";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { coins, formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { GiftCardDelivery } from "../../points/components/gift-card-delivery";
import type { FitcoinRedemptionDetail } from "../api";
import { fitcoinStatusTone, recentRedemptions } from "../redeem-view";

const TONE_CLASSES = {
  success: "bg-emerald-100 text-emerald-800",
  pending: "bg-amber-100 text-amber-900",
  danger: "bg-red-100 text-red-800",
} as const;

/** The latest 5 FitCoin redemptions with status and code. */
export function RecentRedemptions({ redemptions }: { redemptions: FitcoinRedemptionDetail[] }) {
  const latest = recentRedemptions(redemptions);
  return (
    <Card>
      <CardHeader>
        <CardTitle id="recent-redemptions">Recent Redemptions</CardTitle>
      </CardHeader>
      <CardContent>
        {latest.length === 0 ? (
          <EmptyState icon={Gift} title="No redemptions yet" className="border-none px-0 py-6">
            Gift cards you redeem appear here with their codes.
          </EmptyState>
        ) : (
          <ul className="grid gap-3" aria-labelledby="recent-redemptions">
            {latest.map((r) => {
              const name = `$${r.amount} ${r.brand} gift card`;
              return (
                <li key={r.id}>
                  <article aria-label={name} className="grid gap-2 rounded-xl border border-slate-200 p-3">
                    <div className="flex items-start justify-between gap-2">
                      <div className="min-w-0">
                        <h3 className="font-bold break-words">{name}</h3>
                        <p className="text-sm text-slate-600">
                          {coins(r.fitcoinsSpent)} FitCoins · {formatDateTime(r.createdAt)}
                        </p>
                      </div>
                      <span
                        className={cn(
                          "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize",
                          TONE_CLASSES[fitcoinStatusTone(r.status)],
                        )}
                      >
                        {r.status === "failed" ? "refunded" : r.status}
                      </span>
                    </div>
                    <GiftCardDelivery
                      status={r.status}
                      code={r.giftCardCode}
                      link={r.giftCardLink}
                      sandbox={r.sandbox}
                      label={name}
                      returned={`${coins(r.fitcoinsSpent)} FitCoins`}
                    />
                  </article>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
