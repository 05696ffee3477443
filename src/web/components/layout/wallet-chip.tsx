import { Wallet } from "lucide-react";
import { Link } from "wouter";
import { formatUsd, parseMinor } from "../../../core/money";
import { cn } from "../../lib/utils";

/** The member's dollar balance, linking to the wallet. */
export function WalletChip({ balance, className }: { balance: string; className?: string }) {
  const minor = parseMinor(balance);
  const text = minor === null ? "$0.00" : formatUsd(minor);
  return (
    <Link
      href="/wallet"
      className={cn(
        "inline-flex h-9 items-center gap-1.5 rounded-full bg-emerald-50 px-3 text-sm font-bold text-emerald-800 ring-1 ring-emerald-200 outline-none hover:bg-emerald-100 focus-visible:ring-2 focus-visible:ring-emerald-600",
        className,
      )}
    >
      <Wallet className="size-4" aria-hidden="true" />
      <span className="tabular-nums">{text}</span>
      <span className="sr-only">wallet balance</span>
    </Link>
  );
}
