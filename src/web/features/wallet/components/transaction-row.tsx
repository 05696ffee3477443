import {
  ArrowDownLeft,
  BadgeCheck,
  Coins,
  CreditCard,
  Gift,
  type LucideIcon,
  Percent,
  PiggyBank,
  Receipt,
  ShieldAlert,
  Ticket,
  Trophy,
  Undo2,
} from "lucide-react";
import { Link } from "wouter";
import type { Currency, Transaction } from "../../../../core/schemas/money";
import { formatDateTime } from "../../../lib/format";
import { cn } from "../../../lib/utils";
import {
  formatSignedAmount,
  isCredit,
  paidByCard,
  receiptPath,
  type TransactionSource,
  truncateDescription,
} from "../money-view";

const typeIcons: Record<string, LucideIcon> = {
  deposit: ArrowDownLeft,
  fitcoin_purchase: Coins,
  platform_fee: Percent,
  entry_fee: Ticket,
  refund: Undo2,
  prize: Trophy,
  winnings: Trophy,
  pool_contribution: PiggyBank,
  admin_grant: Gift,
  admin_reversal: Undo2,
  redemption: CreditCard,
  subscription: BadgeCheck,
  chargeback: ShieldAlert,
};

/** The mark of a line paid by card directly: it never came out of (or went into) the wallet. */
export const PAID_BY_CARD_LABEL = "Paid by card";

/**
 * One line of history: icon, description (cut at 40 characters), time, signed amount (+ green,
 * - red), and "Paid by card" on a line charged to the card rather than the wallet. The line opens
 * its receipt.
 */
export function TransactionRow({
  id,
  type,
  description,
  amount,
  currency,
  at,
  source,
}: {
  id: number;
  type: string;
  description: string;
  amount: string;
  currency: Currency;
  at: string;
  source?: TransactionSource | undefined;
}) {
  const card = paidByCard({ source });
  const Icon = typeIcons[type] ?? Receipt;
  const credit = isCredit(amount);
  const short = truncateDescription(description);
  return (
    <li>
      <Link
        href={receiptPath(id)}
        className="-mx-2 flex items-center gap-3 rounded-xl px-2 py-3 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600"
        aria-label={`${description}, ${formatSignedAmount(amount, currency)}: receipt`}
      >
        <span
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-full",
            credit ? "bg-emerald-50 text-emerald-700" : "bg-slate-100 text-slate-600",
          )}
        >
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0 flex-1">
          <p
            className="line-clamp-2 font-semibold break-words text-slate-900"
            title={short === description ? undefined : description}
          >
            {short}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
            <time dateTime={at}>{formatDateTime(at)}</time>
            {card ? (
              <span
                className="inline-flex items-center gap-1 rounded-full bg-sky-50 px-2 py-0.5 font-semibold text-sky-800 ring-1 ring-sky-200"
                title="Charged to your card: your wallet balance did not change"
              >
                <CreditCard className="size-3" aria-hidden="true" />
                {PAID_BY_CARD_LABEL}
              </span>
            ) : null}
          </p>
        </div>
        <span
          className={cn(
            "shrink-0 text-right font-bold tabular-nums",
            credit ? "text-emerald-700" : "text-red-600",
          )}
        >
          {formatSignedAmount(amount, currency)}
        </span>
      </Link>
    </li>
  );
}

/** A list of history lines (the wallet's history and the dashboard's recent activity). */
export function TransactionList({
  items,
  labelledBy,
}: {
  items: (Transaction & { timestamp?: string })[];
  labelledBy: string;
}) {
  return (
    <ul aria-labelledby={labelledBy} className="divide-y divide-slate-100">
      {items.map((t) => (
        <TransactionRow
          key={t.id}
          id={t.id}
          type={t.type}
          description={t.description}
          amount={t.amount}
          currency={t.currency}
          at={t.timestamp ?? t.createdAt}
          source={t.source}
        />
      ))}
    </ul>
  );
}
