import { CalendarClock, CheckCircle2, Gift, Pencil, Square, Zap } from "lucide-react";
import { monthEnded } from "../../../../core/rules/offer-month";
import type { GiftCardOffer } from "../../../../core/schemas/rewards";
import { Button } from "../../../components/ui/button";
import { dollars, fc } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import type { OfferAction } from "../gift-card-offers-api";
import { monthLabel, offerActions } from "./gift-card-offer-form-model";

const ACTION_LABELS: Record<OfferAction, [idle: string, busy: string]> = {
  activate: ["Activate", "Activating..."],
  schedule: ["Schedule", "Scheduling..."],
  end: ["End", "Ending..."],
};

/**
 * An offer: its month, brand, description and two tiers; Edit; Activate (this month's offer) or
 * Schedule (a later month's) unless it is offered or its month is over; End while it is offered
 * or scheduled.
 */
export function GiftCardOfferCard({
  offer,
  onEdit,
  onAction,
  pending,
  featured = false,
  now = new Date(),
}: {
  offer: GiftCardOffer;
  onEdit: () => void;
  onAction?: (action: OfferAction) => void;
  /** The action under way on this offer, if any. */
  pending?: OfferAction | null;
  featured?: boolean;
  now?: Date;
}) {
  const over = monthEnded(offer.month, now);
  const actions: OfferAction[] = onAction ? offerActions(offer, now) : [];
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
            ) : offer.scheduled ? (
              <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">
                <CalendarClock className="size-3.5" aria-hidden="true" /> Scheduled
              </span>
            ) : null}
          </div>
          <p className="text-sm font-medium text-slate-600">
            {monthLabel(offer.month)}
            {over ? " · month ended" : offer.scheduled ? " · starts with its month" : ""}
          </p>
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
        {actions.map((action) => {
          const Icon = action === "activate" ? Zap : action === "schedule" ? CalendarClock : Square;
          const [idle, busy] = ACTION_LABELS[action];
          return (
            <Button
              key={action}
              size="sm"
              variant={action === "activate" ? "default" : "outline"}
              onClick={() => onAction?.(action)}
              disabled={Boolean(pending)}
              aria-label={`${idle} ${offer.brand} (${offer.month})`}
            >
              <Icon aria-hidden="true" /> {pending === action ? busy : idle}
            </Button>
          );
        })}
      </div>
    </article>
  );
}
