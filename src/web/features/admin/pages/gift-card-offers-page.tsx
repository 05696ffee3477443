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
import { useActivateGiftCardOffer, useGiftCardOffers } from "../gift-card-offers-api";

type DialogState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; offer: GiftCardOffer };

function OffersAdmin() {
  const offers = useGiftCardOffers();
  const activate = useActivateGiftCardOffer();
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });

  const onActivate = (offer: GiftCardOffer) =>
    activate.mutate(offer.id, {
      onSuccess: (result) =>
        toast({ title: "Offer Activated", description: result.message, variant: "success" }),
      onError: (error) =>
        toast({
          title: "Activation Failed",
          description: errorMessage(error, "Failed to activate the offer"),
          variant: "destructive",
        }),
    });

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
              />
            ) : (
              <EmptyState icon={Gift} title="No active offer">
                Members see no Gift Card of the Month until an offer is activated.
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
                  onActivate={() => onActivate(offer)}
                  activating={activate.isPending && activate.variables === offer.id}
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
        description="The Gift Card of the Month and all offers."
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

/** Gift-card offers admin (specification 3, /admin/gift-cards): active offer, all offers, create, edit, activate. */
export function GiftCardOffersPage() {
  return (
    <AdminGuard>
      <OffersAdmin />
    </AdminGuard>
  );
}
