import { CreditCard } from "lucide-react";
import { Redirect, useSearchParams } from "wouter";
import { EmptyState, PageHeader } from "../../../components/layout/page";

/** Needs a client_secret; without one the member goes back to the wallet (specification 3). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  if (!params.get("client_secret")) return <Redirect to="/wallet" replace />;
  return (
    <>
      <PageHeader title="Checkout" backHref="/wallet" backLabel="Wallet" />
      <EmptyState icon={CreditCard} title="Complete your payment">
        Your payment is being prepared. You return to your wallet when it is done.
      </EmptyState>
    </>
  );
}
