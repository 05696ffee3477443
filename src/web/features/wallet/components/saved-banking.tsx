import { Landmark } from "lucide-react";
import type { BankingDetails } from "../../../../core/schemas/money";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { formatDateTime } from "../../../lib/format";

const accountTypeLabels = { checking: "Checking", savings: "Savings" } as const;

/** The stored details: bank, type, routing number and the last four digits only. */
export function SavedBanking({ banking }: { banking: BankingDetails }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Landmark className="size-5 text-emerald-700" aria-hidden="true" /> Saved bank account
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-slate-600">Bank</dt>
          <dd className="font-semibold break-words">{banking.bankName}</dd>
          <dt className="text-slate-600">Account type</dt>
          <dd className="font-semibold">{accountTypeLabels[banking.accountType] ?? banking.accountType}</dd>
          <dt className="text-slate-600">Routing number</dt>
          <dd className="font-semibold tabular-nums">{banking.routingNumber}</dd>
          <dt className="text-slate-600">Account number</dt>
          <dd className="font-semibold tabular-nums">••••{banking.accountLast4}</dd>
          <dt className="text-slate-600">Updated</dt>
          <dd className="text-slate-700">{formatDateTime(banking.updatedAt)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
