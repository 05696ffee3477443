import type { ComponentProps } from "react";
import { PLATFORM_FEE_PERCENT } from "../../../../core/constants";
import { formatMinor, formatUsd } from "../../../../core/money";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/utils";
import { fitcoinsAfterFee } from "../money-view";

/** A dollar amount: "$" inside the field, decimal keyboard on phones, cents steps. */
export function AmountInput({ className, ...props }: ComponentProps<typeof Input>) {
  return (
    <div className="relative">
      <span
        aria-hidden="true"
        className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center font-semibold text-slate-500"
      >
        $
      </span>
      <Input
        type="number"
        inputMode="decimal"
        step="0.01"
        className={cn("pl-7 tabular-nums", className)}
        {...props}
      />
    </div>
  );
}

/** Quick picks under an amount field. */
export function AmountPresets({
  amounts,
  onPick,
  disabled,
}: {
  amounts: number[];
  onPick: (amount: number) => void;
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {amounts.map((amount) => (
        <button
          key={amount}
          type="button"
          disabled={disabled}
          onClick={() => onPick(amount)}
          className="h-9 rounded-full border border-slate-300 px-4 text-sm font-semibold text-slate-800 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600 disabled:opacity-55"
        >
          ${amount}
        </button>
      ))}
    </div>
  );
}

/** A label and value line of a summary (fee, FitCoins received). */
export function SummaryLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn("flex items-center justify-between gap-3", strong && "font-bold text-slate-900")}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * What an amount buys in FitCoins: the amount, the 15% platform fee and the FitCoins after it
 * (the same rule for converting wallet dollars and for buying FitCoins by card). An amount above
 * `maxCents` (the wallet balance, for a conversion) buys nothing: it says so instead of promising
 * FitCoins.
 */
export function FeeBreakdown({
  amountLabel,
  cents,
  maxCents,
}: {
  amountLabel: string;
  cents: number | null;
  maxCents?: number | null;
}) {
  if (cents !== null && maxCents !== undefined && cents > (maxCents ?? 0)) {
    return (
      <p className="rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800" aria-live="polite">
        More than your wallet balance of {formatUsd(maxCents ?? 0)}.
      </p>
    );
  }
  const preview = cents !== null && cents > 0 ? fitcoinsAfterFee(cents) : null;
  return (
    <dl className="grid gap-1.5 rounded-xl bg-amber-50 p-3 text-sm text-slate-700" aria-live="polite">
      <SummaryLine label={amountLabel} value={preview && cents ? formatUsd(cents) : "$0.00"} />
      <SummaryLine
        label={`Platform fee (${PLATFORM_FEE_PERCENT}%)`}
        value={preview ? `-${formatUsd(preview.fee)}` : "$0.00"}
      />
      <SummaryLine
        label="You get"
        value={`${preview ? formatMinor(preview.fitcoins) : "0.00"} FitCoins`}
        strong
      />
    </dl>
  );
}
