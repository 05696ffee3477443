import { Coins, Gift } from "lucide-react";
import { formatMinor, parseMinor } from "../../../../core/money";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Card, CardContent } from "../../../components/ui/card";
import { useUser } from "../../auth/api";

export function RedeemPage() {
  const user = useUser();
  const minor = user ? parseMinor(user.fitcoins) : null;
  return (
    <>
      <PageHeader
        title="Redeem FitCoins"
        description="Turn your FitCoins into gift cards. 1 FitCoin is worth $1."
      />
      <div className="grid gap-6">
        <Card className="border-0 bg-gradient-to-br from-amber-400 to-amber-500 text-amber-950">
          <CardContent className="flex items-center gap-4 p-5">
            <Coins className="size-10" aria-hidden="true" />
            <div>
              <h2 className="text-sm font-semibold uppercase">FitCoin Balance</h2>
              <p className="text-3xl font-extrabold tabular-nums">
                {minor === null ? "0.00" : formatMinor(minor)}
              </p>
            </div>
          </CardContent>
        </Card>
        <section aria-labelledby="recent-redemptions">
          <h2 id="recent-redemptions" className="mb-3 text-lg font-bold">
            Recent Redemptions
          </h2>
          <EmptyState icon={Gift} title="No redemptions yet">
            Gift cards you redeem appear here with their codes.
          </EmptyState>
        </section>
      </div>
    </>
  );
}
