import { CheckCircle2, Gift, Pencil, Zap } from "lucide-react";
import type { GiftCardOffer } from "../../../../core/schemas/rewards";
import { Button } from "../../../components/ui/button";
import { dollars, fc } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import { monthLabel } from "./gift-card-offer-form-model";

/** An offer: its month, brand, description and two tiers; Edit, and Activate unless it is active. */
export function GiftCardOfferCard({
  offer,
  onEdit,
  onActivate,
  activating,
  featured = false,
}: {
  offer: GiftCardOffer;
  onEdit: () => void;
  onActivate?: () => void;
  activating?: boolean;
  featured?: boolean;
}) {
  const tiers = [
    { tier: 50, value: offer.value50, fitcoins: offer.fitcoins50 },
    { tier: 100, value: offer.value100, fitcoins: offer.fitcoins100 },
  ];
  return (
    <article
      aria-label={`${offer.brand}, ${monthLabel(offer.month)}`}
      data-testid={`offer-${offer.id}`}
      className={cn(
        "grid gap-4 rounded-2xl border bg-white p-4 shadow-sm md:p-5",
        offer.isActive ? "border-emerald-300 ring-1 ring-emerald-200" : "border-slate-200",
        featured && "bg-gradient-to-br from-emerald-50 to-white",
      )}
    >
      <div className="flex items-start gap-3">
        {offer.imageUrl ? (
          <img
            src={offer.imageUrl}
            alt=""
            className="size-14 shrink-0 rounded-xl border border-slate-200 bg-white object-contain"
          />
        ) : (
          <span className="flex size-14 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800">
            <Gift className="size-7" aria-hidden="true" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-lg leading-tight font-bold break-words text-slate-900">{offer.brand}</h3>
            {offer.isActive ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">
                <CheckCircle2 className="size-3.5" aria-hidden="true" /> Active
              </span>
            ) : null}
          </div>
          <p className="text-sm font-medium text-slate-600">{monthLabel(offer.month)}</p>
          <p className="mt-1 text-sm break-words text-slate-700">{offer.description}</p>
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2">
        {tiers.map((t) => (
          <div key={t.tier} className="rounded-xl bg-slate-50 px-3 py-2">
            <dt className="text-xs font-medium text-slate-600">{dollars(t.value)} card</dt>
            <dd className="font-bold text-slate-900 tabular-nums">{fc(t.fitcoins)}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={`Edit ${offer.brand} (${offer.month})`}
        >
          <Pencil aria-hidden="true" /> Edit
        </Button>
        {offer.isActive || !onActivate ? null : (
          <Button
            size="sm"
            onClick={onActivate}
            disabled={activating}
            aria-label={`Activate ${offer.brand} (${offer.month})`}
          >
            <Zap aria-hidden="true" /> {activating ? "Activating..." : "Activate"}
          </Button>
        )}
      </div>
    </article>
  );
}
