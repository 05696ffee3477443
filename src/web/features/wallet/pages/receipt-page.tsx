import { Copy, Mail, ReceiptText, SearchX } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { PageProps } from "../../../app/pages";
import { ListError } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { pathId } from "../../../lib/path-id";
import { useHelpInfo } from "../../help/api";
import { useTransactionReceipt } from "../api";
import { PAID_BY_CARD_LABEL } from "../components/transaction-row";
import { formatSignedAmount, paidByCard } from "../money-view";

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="grid grid-cols-[6rem_1fr] gap-3 py-2.5">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="min-w-0 text-sm font-semibold break-words text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

async function copy(reference: string) {
  try {
    await navigator.clipboard.writeText(reference);
    toast({ title: "Reference copied", description: reference, variant: "success" });
  } catch {
    toast({ title: "Could not copy", description: "Select the reference and copy it by hand." });
  }
}

/**
 * /wallet/receipts/:id (issue 32 item 7): the receipt of one wallet line. A card payment's line says
 * what its receipt email says (amount, what for, date, reference); any other line its own details
 * and transaction number. The reference is the one to quote to support.
 */
export function ReceiptPage({ params }: PageProps) {
  const id = pathId(params.id);
  const valid = id !== null;
  const receipt = useTransactionReceipt(id ?? 0);
  const help = useHelpInfo();
  const support = help.data?.supportEmail;

  let content: ReactNode;
  if (!valid || receipt.data === null) {
    content = (
      <EmptyState
        icon={SearchX}
        title="Receipt not found"
        action={
          <Button asChild>
            <Link href="/wallet">Back to Wallet</Link>
          </Button>
        }
      >
        There is no line of your wallet with this number.
      </EmptyState>
    );
  } else if (receipt.isPending) {
    content = (
      <div className="flex justify-center py-16">
        <Spinner label="Loading receipt" />
      </div>
    );
  } else if (receipt.isError) {
    content = <ListError message="Could not load this receipt." onRetry={() => void receipt.refetch()} />;
  } else {
    const r = receipt.data;
    const payment = r.kind === "payment";
    content = (
      <Card>
        <CardHeader className="items-center gap-2 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
            <ReceiptText className="size-6" aria-hidden="true" />
          </span>
          <CardTitle>{payment ? "Payment receipt" : "Transaction receipt"}</CardTitle>
          <p className="text-3xl font-extrabold tabular-nums" data-testid="receipt-line-amount">
            {formatSignedAmount(r.line.amount, r.line.currency)}
          </p>
          <p className="text-sm text-slate-600">{r.line.description}</p>
          {paidByCard(r.line) ? (
            <p className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-semibold text-sky-800 ring-1 ring-sky-200">
              {PAID_BY_CARD_LABEL}
            </p>
          ) : null}
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="divide-y divide-slate-100 rounded-xl bg-slate-50 px-4" aria-label="Receipt">
            <Row label="Amount" testId="receipt-amount">
              {r.amount}
            </Row>
            <Row label="For" testId="receipt-for">
              {r.what}
            </Row>
            <Row label="Date" testId="receipt-date">
              {r.date}
            </Row>
            <Row label="Reference">
              <span className="flex items-start justify-between gap-2">
                <code className="font-mono break-all" data-testid="receipt-reference">
                  {r.reference}
                </code>
                <Button
                  type="button"
                  variant="ghost"
                  size="sm"
                  className="-my-1 shrink-0"
                  onClick={() => void copy(r.reference)}
                  aria-label="Copy the reference"
                >
                  <Copy aria-hidden="true" />
                </Button>
              </span>
            </Row>
          </dl>
          <p className="flex gap-2 text-sm text-slate-700">
            <Mail className="mt-0.5 size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            <span>
              {payment
                ? "This is the receipt we emailed you. Questions about this payment? "
                : "Questions about this transaction? "}
              {support ? (
                <>
                  Write to{" "}
                  <a href={`mailto:${support}`} className="font-semibold text-emerald-700 underline">
                    {support}
                  </a>{" "}
                  and quote its reference.
                </>
              ) : (
                "Contact support and quote its reference."
              )}
            </span>
          </p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeader title="Receipt" backHref="/wallet" backLabel="Wallet" />
      {content}
    </div>
  );
}
