import { ReceiptText } from "lucide-react";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { useUser } from "../../auth/api";
import { BalanceCards } from "../../dashboard/components/balance-cards";

export function WalletPage() {
  const user = useUser();
  return (
    <>
      <PageHeader title="Wallet" description="Your dollar balance and FitCoins." />
      <div className="grid gap-6">
        {user ? <BalanceCards balance={user.balance} coins={user.fitcoins} /> : null}
        <section aria-labelledby="history">
          <h2 id="history" className="mb-3 text-lg font-bold">
            Transaction History
          </h2>
          <EmptyState icon={ReceiptText} title="No transactions to show">
            Deposits, FitCoin purchases, entry fees and prizes are listed here.
          </EmptyState>
        </section>
      </div>
    </>
  );
}
