import { Gift } from "lucide-react";
import { useState } from "react";
import type { AdminRedemption } from "../../../../core/schemas/redemptions";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Label } from "../../../components/ui/label";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { coins } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import {
  type RedemptionAction,
  type RedemptionQueueStatus,
  useAdminRedemptions,
  useRedemptionAction,
} from "../redemptions-api";
import { ReviewQueueCard } from "./review-queue-card";

const STATE: Record<AdminRedemption["status"], string> = {
  pending: "no order placed yet",
  issuing: "being placed now",
  ordered: "waiting at the provider",
  delivered: "delivered",
  fulfilled: "delivered",
  failed: "refunded",
};

const spent = (r: AdminRedemption) =>
  r.currency === "FC" ? `${coins(r.cost)} FitCoins` : `${r.cost.toLocaleString("en-US")} points`;

/** One line on an order: value, price, where it stands, the provider's order and the last error. */
export function redemptionDetails(r: AdminRedemption): string {
  // Refunded, then the provider delivered a card after all: nobody has it, an admin settles it.
  const state = r.lateCardAt ? "refunded, then a card was delivered" : STATE[r.status];
  const parts = [`$${r.value}`, spent(r), state];
  if (r.providerOrderId) parts.push(`order ${r.providerOrderId}`);
  parts.push(`${r.attempts} ${r.attempts === 1 ? "attempt" : "attempts"}`);
  const line = parts.join(" · ");
  if (!r.lastError) return line;
  // A refunded order's note says why it was refunded; an open one's, what went wrong last.
  const label = r.lateCardAt ? "To do" : r.status === "failed" ? "Why" : "Last error";
  return `${line}. ${label}: ${r.lastError}`;
}

/**
 * Gift-card orders a provider has not delivered (retry now, or refund one it never issued) and
 * refunded ones (issue 23).
 */
export function RedemptionsQueueCard() {
  const [status, setStatus] = useState<RedemptionQueueStatus>("pending");
  const query = useAdminRedemptions(status);
  const act = useRedemptionAction();
  const [refunding, setRefunding] = useState<AdminRedemption | null>(null);
  const [reason, setReason] = useState("");
  const openRefund = (r: AdminRedemption | null) => {
    setReason("");
    setRefunding(r);
  };

  const run = (r: AdminRedemption, action: RedemptionAction) =>
    act.mutate(
      { id: r.id, action, reason: action === "refund" ? reason : undefined },
      {
        onSuccess: (answer) => {
          setRefunding(null);
          toast({
            title: action === "retry" ? "Order Retried" : "Redemption Refunded",
            description: answer.message,
            variant: "success",
          });
        },
        onError: (error) => {
          setRefunding(null);
          toast({ title: "Error", description: errorMessage(error, "That failed"), variant: "destructive" });
        },
      },
    );

  const items = query.data?.pages
    .flatMap((page) => page.items)
    .map((r) => ({
      key: r.id,
      name: r.item,
      username: r.member.username,
      details: redemptionDetails(r),
      at: r.status === "failed" && r.failedAt ? r.failedAt : r.createdAt,
      atLabel: r.status === "failed" ? "Refunded" : "Redeemed",
      actions:
        r.status === "failed" ? (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
            Refunded
          </span>
        ) : (
          // On a phone the buttons take their own line, so the card's name and error stay readable.
          <div className="flex w-full justify-end gap-2 sm:w-auto">
            <Button
              variant="outline"
              size="sm"
              disabled={act.isPending}
              aria-label={`Retry ${r.item} of ${r.member.username}`}
              onClick={() => run(r, "retry")}
            >
              Retry
            </Button>
            <Button
              variant="destructive"
              size="sm"
              disabled={act.isPending}
              aria-label={`Refund ${r.item} of ${r.member.username}`}
              onClick={() => openRefund(r)}
            >
              Refund
            </Button>
          </div>
        ),
    }));

  const filter = (
    <span className="mt-2 flex gap-2">
      {(["pending", "failed"] as const).map((s) => (
        <Button
          key={s}
          size="sm"
          variant={status === s ? "default" : "outline"}
          aria-pressed={status === s}
          onClick={() => setStatus(s)}
        >
          {s === "pending" ? "Pending" : "Refunded"}
        </Button>
      ))}
    </span>
  );

  return (
    <>
      <ReviewQueueCard
        title="Gift Card Orders"
        icon={Gift}
        description={
          <>
            Cards the provider has not delivered yet, newest first. Retry asks the provider again now; Refund
            gives the member their FitCoins or points back, only if the provider never issued the card.
            {filter}
          </>
        }
        empty={
          status === "pending" ? "Every gift card has been delivered." : "No gift card has been refunded."
        }
        query={{ ...query, data: items }}
        footer={
          query.hasNextPage ? (
            <Button
              variant="outline"
              size="sm"
              className="mt-3 w-fit"
              disabled={query.isFetchingNextPage}
              onClick={() => query.fetchNextPage()}
            >
              {query.isFetchingNextPage ? "Loading..." : "Load more"}
            </Button>
          ) : null
        }
      />
      <Dialog
        open={refunding !== null}
        onOpenChange={(open) => !open && !act.isPending && setRefunding(null)}
      >
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Refund gift card</DialogTitle>
            <DialogDescription>
              {refunding
                ? `The provider is asked first and the order stopped there if it can be (rejected or cancelled); then ${refunding.member.username} gets ${spent(refunding)} back. A card already issued is not refunded.`
                : ""}
            </DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor="refund-reason">Reason (optional, kept in the audit log)</Label>
            <Textarea
              id="refund-reason"
              value={reason}
              maxLength={500}
              placeholder="e.g. The member asked for their FitCoins back"
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => setRefunding(null)} disabled={act.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={act.isPending}
              onClick={() => refunding && run(refunding, "refund")}
            >
              {act.isPending ? "Refunding..." : "Refund"}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}
