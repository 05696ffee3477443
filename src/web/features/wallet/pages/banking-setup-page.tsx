import { Landmark } from "lucide-react";
import { Link } from "wouter";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";

export function BankingSetupPage() {
  return (
    <>
      <PageHeader title="Banking Setup" backHref="/wallet" backLabel="Wallet" />
      <EmptyState
        icon={Landmark}
        title="Banking details are no longer required"
        action={
          <Button asChild>
            <Link href="/wallet">Go to Wallet</Link>
          </Button>
        }
      >
        Add funds to your wallet with a card; winnings are paid in FitCoins.
      </EmptyState>
    </>
  );
}
