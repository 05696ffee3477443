import { Gift, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { GiftCardOffer } from "../../../../core/schemas/rewards";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { AdminGuard } from "../components/admin-guard";
import { GiftCardOfferCard } from "../components/gift-card-offer-card";
import { GiftCardOfferDialog } from "../components/gift-card-offer-dialog";
import { type OfferAction, useGiftCardOfferAction, useGiftCardOffers } from "../gift-card-offers-api";

const ACTION_TOASTS: Record<OfferAction, { done: string; failed: string; fallback: string }> = {
  activate: {
    done: "Offer Activated",
    failed: "Activation Failed",
    fallback: "Failed to activate the offer",
  },
  schedule: {
    done: "Offer Scheduled",
    failed: "Scheduling Failed",
    fallback: "Failed to schedule the offer",
  },
  end: { done: "Offer Ended", failed: "End Failed", fallback: "Failed to end the offer" },
};

type DialogState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; offer: GiftCardOffer };

function OffersAdmin() {
  const offers = useGiftCardOffers();
  const act = useGiftCardOfferAction();
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });

  const onAction = (offer: GiftCardOffer, action: OfferAction) =>
    act.mutate(
      { id: offer.id, action },
      {
        onSuccess: (result) =>
          toast({ title: ACTION_TOASTS[action].done, description: result.message, variant: "success" }),
        onError: (error) =>
          toast({
            title: ACTION_TOASTS[action].failed,
            description: errorMessage(error, ACTION_TOASTS[action].fallback),
            variant: "destructive",
          }),
      },
    );
  const pendingOn = (offer: GiftCardOffer) =>
    act.isPending && act.variables?.id === offer.id ? act.variables.action : null;

  const list = offers.data ?? [];
  const active = list.find((o) => o.isActive);
  let body: ReactNode;
  if (offers.isError) {
    body = <ListError message="Could not load the offers." onRetry={() => void offers.refetch()} />;
  } else if (offers.isPending) {
    body = <ListLoading label="Loading offers" />;
  } else {
    body = (
      <div className="grid gap-8">
        <section aria-labelledby="active-offer" className="grid gap-3">
          <h2 id="active-offer" className="text-lg font-bold">
            Active Offer
          </h2>
          <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
            {active ? (
              <GiftCardOfferCard
                offer={active}
                featured
                onEdit={() => setDialog({ mode: "edit", offer: active })}
                onAction={(action) => onAction(active, action)}
                pending={pendingOn(active)}
              />
            ) : (
              <EmptyState icon={Gift} title="No active offer">
                Members see no Gift Card of the Month this month until an offer is activated, or scheduled for
                its month.
              </EmptyState>
            )}
          </div>
        </section>
        <section aria-labelledby="all-offers" className="grid gap-3">
          <h2 id="all-offers" className="text-lg font-bold">
            All Offers <span className="text-sm font-medium text-slate-600">({list.length})</span>
          </h2>
          {list.length === 0 ? (
            <EmptyState icon={Gift} title="No offers yet">
              Create an offer to set the Gift Card of the Month.
            </EmptyState>
          ) : (
            <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">
              {list.map((offer) => (
                <GiftCardOfferCard
                  key={offer.id}
                  offer={offer}
                  onEdit={() => setDialog({ mode: "edit", offer })}
                  onAction={(action) => onAction(offer, action)}
                  pending={pendingOn(offer)}
                />
              ))}
            </div>
          )}
        </section>
      </div>
    );
  }

  return (
    <>
      <PageHeader
        title="Gift Card Offers"
        description="The Gift Card of the Month and all offers. Months are calendar months in UTC: a scheduled offer starts with its month, and every offer ends with its month."
        backHref="/admin"
        backLabel="Admin Panel"
        actions={
          <Button onClick={() => setDialog({ mode: "create" })}>
            <Plus aria-hidden="true" /> Create Offer
          </Button>
        }
      />
      {body}
      {dialog.mode === "create" ? (
        <GiftCardOfferDialog onClose={() => setDialog({ mode: "closed" })} />
      ) : null}
      {dialog.mode === "edit" ? (
        <GiftCardOfferDialog
          key={dialog.offer.id}
          offer={dialog.offer}
          onClose={() => setDialog({ mode: "closed" })}
        />
      ) : null}
    </>
  );
}

/** Gift-card offers admin (specification 3, /admin/gift-cards): active offer, all offers, create, edit, activate, schedule, end. */
export function GiftCardOffersPage() {
  return (
    <AdminGuard>
      <OffersAdmin />
    </AdminGuard>
  );
}
