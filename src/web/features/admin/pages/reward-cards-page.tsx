import { Gift, Plus } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { AdminRewardGiftCard } from "../../../../core/schemas/reward-gift-cards";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { AdminGuard } from "../components/admin-guard";
import { RewardCardDialog } from "../components/reward-card-dialog";
import { RewardCardRow } from "../components/reward-card-row";
import { type RewardCardAction, useRewardCardAction, useRewardCards } from "../reward-cards-api";

type DialogState =
  | { mode: "closed" }
  | { mode: "create" }
  | { mode: "edit"; card: AdminRewardGiftCard }
  | { mode: "delete"; card: AdminRewardGiftCard };

const DONE: Record<RewardCardAction, string> = {
  activate: "is back on the Points page",
  deactivate: "is no longer offered to members",
  delete: "was deleted",
};

function RewardCardsAdmin() {
  const cards = useRewardCards();
  const act = useRewardCardAction();
  const [dialog, setDialog] = useState<DialogState>({ mode: "closed" });
  const close = () => setDialog({ mode: "closed" });

  const run = (card: AdminRewardGiftCard, action: RewardCardAction) =>
    act.mutate(
      { id: card.id, action },
      {
        onSuccess: () => {
          toast({
            title: "Gift Card Saved",
            description: `${card.name} ${DONE[action]}.`,
            variant: "success",
          });
          close();
        },
        onError: (error) =>
          toast({
            title: "Update Failed",
            description: errorMessage(error, "Failed to update the gift card"),
            variant: "destructive",
          }),
      },
    );
  const onAction = (card: AdminRewardGiftCard, action: RewardCardAction) =>
    action === "delete" ? setDialog({ mode: "delete", card }) : run(card, action);

  const list = cards.data ?? [];
  const active = list.filter((c) => c.active).length;
  let body: ReactNode;
  if (cards.isError) {
    body = <ListError message="Could not load the gift cards." onRetry={() => void cards.refetch()} />;
  } else if (cards.isPending) {
    body = <ListLoading label="Loading gift cards" />;
  } else if (list.length === 0) {
    body = (
      <EmptyState icon={Gift} title="No gift cards yet">
        Add a card for members to redeem their points for.
      </EmptyState>
    );
  } else {
    body = (
      <section aria-labelledby="catalogue" className="grid gap-3">
        <h2 id="catalogue" className="text-lg font-bold">
          Catalogue{" "}
          <span className="text-sm font-medium text-slate-600">
            ({active} active of {list.length})
          </span>
        </h2>
        <ul className="grid grid-cols-1 items-start gap-3 lg:grid-cols-2">
          {list.map((card) => (
            <RewardCardRow
              key={card.id}
              card={card}
              onEdit={() => setDialog({ mode: "edit", card })}
              onAction={(action) => onAction(card, action)}
              pending={act.isPending && act.variables?.id === card.id ? act.variables.action : null}
            />
          ))}
        </ul>
      </section>
    );
  }

  return (
    <>
      <PageHeader
        title="Points Gift Cards"
        description="The cards members redeem points for, in the order they see them. A card someone redeemed can be deactivated, not deleted."
        backHref="/admin"
        backLabel="Admin Panel"
        actions={
          <Button onClick={() => setDialog({ mode: "create" })}>
            <Plus aria-hidden="true" /> Add Gift Card
          </Button>
        }
      />
      {body}
      {dialog.mode === "create" ? <RewardCardDialog onClose={close} /> : null}
      {dialog.mode === "edit" ? (
        <RewardCardDialog key={dialog.card.id} card={dialog.card} onClose={close} />
      ) : null}
      <ConfirmDialog
        open={dialog.mode === "delete"}
        onOpenChange={(open) => !open && close()}
        title="Delete gift card?"
        description={dialog.mode === "delete" ? `Delete "${dialog.card.name}"? This cannot be undone.` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={act.isPending}
        destructive
        onConfirm={() => dialog.mode === "delete" && run(dialog.card, "delete")}
      />
    </>
  );
}

/** The points gift-card catalogue admin (/admin/reward-gift-cards): list, add, edit, deactivate. */
export function RewardCardsPage() {
  return (
    <AdminGuard>
      <RewardCardsAdmin />
    </AdminGuard>
  );
}
