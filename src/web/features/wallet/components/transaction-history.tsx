import { ReceiptText } from "lucide-react";
import { LoadMore } from "../../../components/layout/load-more";
import { EmptyState } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useTransactionPages } from "../api";
import { paidByCard } from "../money-view";
import { PAID_BY_CARD_LABEL, TransactionList } from "./transaction-row";

/** The member's transactions, newest first, refreshed every 5 s; "Load more" pages past them. */
export function TransactionHistory() {
  const pages = useTransactionPages();
  const { isPending, isError, refetch } = pages;
  const data = pages.data?.pages.flatMap((p) => p.items);
  const anyCardLine = data?.some(paidByCard) ?? false;
  return (
    <Card>
      <CardHeader>
        <CardTitle id="history">Transaction History</CardTitle>
        <CardDescription>
          Deposits, FitCoin purchases, fees, entry fees and prizes.
          {anyCardLine
            ? ` Lines marked “${PAID_BY_CARD_LABEL}” were charged to your card and did not change your wallet balance.`
            : null}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-8">
            <Spinner label="Loading transactions" />
          </div>
        ) : isError && !data ? (
          <div className="grid justify-items-center gap-3 py-6 text-center" role="alert">
            <p className="text-sm text-slate-700">Could not load your transactions.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : data && data.length > 0 ? (
          <>
            <TransactionList items={data} labelledBy="history" />
            <LoadMore
              hasMore={pages.hasNextPage}
              loading={pages.isFetchingNextPage}
              failed={pages.isFetchNextPageError}
              onLoad={() => void pages.fetchNextPage()}
            />
          </>
        ) : (
          <EmptyState icon={ReceiptText} title="No transactions yet" className="border-none px-0 py-6">
            Add funds to your wallet to get started.
          </EmptyState>
        )}
      </CardContent>
    </Card>
  );
}
