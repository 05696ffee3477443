import { EyeOff, Gift, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { formatCount } from "../../../../core/numbers";
import type { AdminRewardGiftCard } from "../../../../core/schemas/reward-gift-cards";
import { Button } from "../../../components/ui/button";
import { dollars } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import type { RewardCardAction } from "../reward-cards-api";

const points = (n: number) => `${formatCount(n)} pts`;

/**
 * One card of the points catalogue: what members see, whether they see it, how often it was
 * redeemed; Edit, Deactivate or Activate, and Delete for a card nobody redeemed.
 */
export function RewardCardRow({
  card,
  onEdit,
  onAction,
  pending,
}: {
  card: AdminRewardGiftCard;
  onEdit: () => void;
  onAction: (action: RewardCardAction) => void;
  pending: RewardCardAction | null;
}) {
  const busy = pending !== null;
  return (
    <li
      className={cn(
        "grid gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm",
        !card.active && "bg-slate-50 opacity-75",
      )}
      aria-label={card.name}
    >
      <div className="flex items-start gap-3">
        {card.imageUrl ? (
          <img
            src={card.imageUrl}
            alt=""
            className="size-12 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
          />
        ) : (
          <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800">
            <Gift className="size-6" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-bold break-words text-slate-900">{card.name}</h3>
            <span
              className={cn(
                "rounded-full px-2 py-0.5 text-xs font-semibold",
                card.active ? "bg-emerald-100 text-emerald-900" : "bg-slate-200 text-slate-700",
              )}
            >
              {card.active ? "Active" : "Inactive"}
            </span>
          </div>
          <p className="text-sm text-slate-600">
            {card.brand} · {dollars(card.value)} for {points(card.pointCost)}
          </p>
          <p className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{card.description}</p>
          <p className="mt-1 text-xs text-slate-500">
            Order {card.sortOrder} · {card.redemptions} redeemed
            {card.providerProductId ? ` · product ${card.providerProductId}` : ""}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${card.name}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        {card.active ? (
          <Button
            variant="outline"
            size="sm"
            disabled={busy}
            onClick={() => onAction("deactivate")}
            aria-label={`Deactivate ${card.name}`}
          >
            <EyeOff aria-hidden="true" /> {pending === "deactivate" ? "Deactivating..." : "Deactivate"}
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={busy}
            onClick={() => onAction("activate")}
            aria-label={`Activate ${card.name}`}
          >
            <RotateCcw aria-hidden="true" /> {pending === "activate" ? "Activating..." : "Activate"}
          </Button>
        )}
        {card.redemptions === 0 ? (
          <Button
            variant="ghost"
            size="sm"
            className="text-red-700"
            disabled={busy}
            onClick={() => onAction("delete")}
            aria-label={`Delete ${card.name}`}
          >
            <Trash2 aria-hidden="true" /> Delete
          </Button>
        ) : null}
      </div>
    </li>
  );
}
