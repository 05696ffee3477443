import { Gift } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import { EmptyState } from "../../../components/layout/page";
import { formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import type { PointsRedemption } from "../api";
import { dollarValue, pointsStatusTone } from "../points-view";
import { GiftCardDelivery } from "./gift-card-delivery";

/** My Redemptions: each card redeemed with points, its delivery, status and code. */
export function RedemptionList({ redemptions }: { redemptions: PointsRedemption[] }) {
  if (redemptions.length === 0) {
    return (
      <EmptyState icon={Gift} title="No redemptions yet">
        Gift cards you redeem with points appear here with their codes.
      </EmptyState>
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label="My redemptions">
      {redemptions.map((r) => (
        <li key={r.id}>
          <article
            aria-label={`${r.giftCardName} redemption`}
            className="grid gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="font-bold break-words">{r.giftCardName}</h3>
                <p className="text-sm text-slate-600">
                  {dollarValue(r.value)} · {formatCount(r.pointsSpent)} points
                </p>
              </div>
              <span
                className={cn(
                  "shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize",
                  pointsStatusTone(r.status) === "success"
                    ? "bg-emerald-100 text-emerald-800"
                    : r.status === "failed"
                      ? "bg-red-100 text-red-800"
                      : "bg-slate-100 text-slate-700",
                )}
              >
                {r.status === "failed" ? "refunded" : r.status}
              </span>
            </div>
            <p className="truncate text-sm text-slate-600">
              Sent to <span className="font-medium text-slate-800">{r.deliveryEmail}</span>
            </p>
            <GiftCardDelivery
              status={r.status}
              code={r.giftCardCode}
              link={r.giftCardLink}
              sandbox={r.sandbox}
              label={r.giftCardName}
              returned={`${formatCount(r.pointsSpent)} points`}
            />
            <p className="text-xs text-slate-500">{formatDateTime(r.createdAt)}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}
