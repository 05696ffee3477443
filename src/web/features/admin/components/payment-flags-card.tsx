import { CreditCard } from "lucide-react";
import { dollars } from "../../../lib/format";
import { useMarkPaymentFlagReviewed, usePaymentFlags } from "../api";
import { ReviewQueueCard } from "./review-queue-card";

const WHAT: Record<string, string> = {
  deposit: "deposit",
  fitcoins: "FitCoin purchase",
  subscription: "membership payment",
};

/** Card refunds and disputes: deposits taken back beyond the wallet, FitCoin and membership charges. */
export function PaymentFlagsCard() {
  const query = usePaymentFlags();
  const items = query.data?.map((flag) => {
    const what = WHAT[flag.purpose] ?? flag.purpose;
    const kind = flag.reason === "dispute" ? "Card dispute" : "Card refund";
    const taken =
      flag.purpose !== "deposit"
        ? "not reversed automatically"
        : flag.shortfall === "0.00"
          ? "taken back from the wallet"
          : `${dollars(flag.shortfall)} not covered by the wallet`;
    return {
      key: flag.id,
      name: `${flag.firstName} ${flag.lastName}`,
      username: flag.username,
      details: `${kind} of a ${what}: ${dollars(flag.amount)}, ${taken} (${flag.paymentId})`,
      at: flag.createdAt,
    };
  });
  return (
    <ReviewQueueCard
      title="Card Refunds and Disputes"
      icon={CreditCard}
      description="Deposits are taken back from the wallet automatically; what the wallet no longer held is a platform loss. FitCoin purchases and memberships are left for you to decide."
      empty="No card refunds or disputes are waiting for review."
      query={{ ...query, data: items }}
      review={useMarkPaymentFlagReviewed()}
    />
  );
}
