import { Gift } from "lucide-react";
import { useState } from "react";
import { formatCount } from "../../../../core/numbers";
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
  r.currency === "FC" ? `${coins(r.cost)} FitCoins` : `${formatCount(r.cost)} points`;

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
 * A delivered card's lines: value and price, then the provider's order and our reference (what the
 * provider knows it by), each on its own line: they are long.
 */
export function deliveredLines(r: AdminRedemption): string[] {
  const lines = [`$${r.value} · ${spent(r)}`];
  if (r.providerOrderId) lines.push(`Order ${r.providerOrderId}`);
  lines.push(`Reference ${r.orderReference}`);
  return lines;
}

const LISTS: Record<RedemptionQueueStatus, { label: string; description: string; empty: string }> = {
  pending: {
    label: "Pending",
    description:
      "Cards the provider has not delivered yet, newest first. Retry asks the provider again now; Refund " +
      "gives the member their FitCoins or points back, only if the provider never issued the card.",
    empty: "Every gift card has been delivered.",
  },
  failed: {
    label: "Refunded",
    description: "Orders the provider never issued, refunded to the member, newest first, with why.",
    empty: "No gift card has been refunded.",
  },
  delivered: {
    label: "Delivered",
    description:
      "Cards members have received, newest first: when, and the order and reference to find each at the provider.",
    empty: "No gift card has been delivered yet.",
  },
};

/**
 * Gift-card orders a provider has not delivered (retry now, or refund one it never issued),
 * refunded ones (issue 23) and delivered ones (issue 32).
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
      details:
        status === "delivered"
          ? deliveredLines(r).map((line) => (
              <span key={line} className="block break-all">
                {line}
              </span>
            ))
          : redemptionDetails(r),
      ...(status === "delivered"
        ? { at: r.deliveredAt ?? r.createdAt, atLabel: "Delivered" }
        : r.status === "failed"
          ? { at: r.failedAt ?? r.createdAt, atLabel: "Refunded" }
          : { at: r.createdAt, atLabel: "Redeemed" }),
      actions:
        // A delivered card needs nothing more; its time says it was delivered.
        status === "delivered" ? null : r.status === "failed" ? (
          <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">
            Refunded
          </span>
        ) : (
          <>
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
          </>
        ),
    }));

  const filter = (
    <span className="mt-2 flex flex-wrap gap-2">
      {(["pending", "delivered", "failed"] as const).map((s) => (
        <Button
          key={s}
          size="sm"
          variant={status === s ? "default" : "outline"}
          aria-pressed={status === s}
          onClick={() => setStatus(s)}
        >
          {LISTS[s].label}
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
            {LISTS[status].description}
            {filter}
          </>
        }
        empty={LISTS[status].empty}
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
