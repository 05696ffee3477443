import { AlertTriangle } from "lucide-react";
import { Link } from "wouter";
import { walletPathFor } from "../app/return-path";

/**
 * Short of FitCoins for what the member is about to pay (a join, a group's entry price, a
 * contribution): what it takes, and Add FitCoins, the wallet's one path to them and back to
 * `returnTo` once the member holds `needMinor` hundredths (issue 32 item 1). Said before the member
 * presses the button, not as a refusal after it.
 */
export function FitcoinShortfall({
  text,
  needMinor,
  returnTo,
}: {
  text: string;
  needMinor: number;
  returnTo: string;
}) {
  return (
    <p className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm text-amber-950" role="alert">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        {text}{" "}
        <Link href={walletPathFor(returnTo, needMinor)} className="font-semibold underline">
          Add FitCoins
        </Link>
      </span>
    </p>
  );
}
