import { Gift } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { useUser } from "../../auth/api";
import type { AccountDeletion } from "../api";
import { deletionLosses } from "../profile-view";

/**
 * What deleting the account takes, read from the server when the dialog opens: the wallet,
 * FitCoins and points, with a way to redeem them first where a gift card can take them (else why
 * not), and each competition and group left.
 */
export function DeletionSummary({
  held,
  loading,
  failed,
  onRetry,
  onRedeem,
}: {
  held: AccountDeletion | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onRedeem: () => void;
}) {
  const user = useUser();
  if (!held) {
    if (loading || !failed) return <Spinner className="size-6" label="Checking what you hold" />;
    return (
      <div role="alert" className="grid justify-items-start gap-2 text-red-800">
        <p>We could not check what you hold, so the account cannot be deleted yet.</p>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  const losses = deletionLosses({ ...held, emailVerified: user?.emailVerified === true });
  // Where each balance a gift card can take is redeemed: FitCoins on Redeem, points on Points.
  const redeemLinks = [
    ...(losses.redeem.fitcoins ? [{ href: "/redeem", label: "Redeem FitCoins first" }] : []),
    ...(losses.redeem.points ? [{ href: "/points", label: "Redeem points first" }] : []),
  ];
  return (
    <div className="grid gap-3">
      <div
        className={cn(
          "rounded-xl border p-3",
          losses.any ? "border-amber-200 bg-amber-50 text-amber-950" : "border-slate-200 bg-slate-50",
        )}
        data-testid="delete-account-balances"
      >
        <p className="font-semibold">
          {losses.any ? "You still hold:" : "You hold no money, FitCoins or points."}
        </p>
        {losses.any ? (
          <>
            <ul className="mt-1 grid gap-0.5">
              <li>
                Wallet balance: <strong className="tabular-nums">{losses.wallet}</strong>
              </li>
              <li>
                FitCoins: <strong className="tabular-nums">{losses.fitcoins}</strong>
              </li>
              <li>
                Points: <strong className="tabular-nums">{losses.points}</strong>
              </li>
            </ul>
            <p className="mt-2">These balances are lost and are not refunded.</p>
          </>
        ) : null}
        {losses.cannotRedeem ? <p className="mt-2 text-sm">{losses.cannotRedeem}</p> : null}
        {redeemLinks.length > 0 ? (
          <div className="mt-3 flex flex-wrap gap-2">
            {redeemLinks.map(({ href, label }) => (
              <Button key={href} asChild variant="outline" size="sm" className="w-full bg-white sm:w-fit">
                <Link href={href} onClick={onRedeem}>
                  <Gift aria-hidden="true" /> {label}
                </Link>
              </Button>
            ))}
          </div>
        ) : null}
      </div>
      {losses.entries.length > 0 ? (
        <div data-testid="delete-account-entries">
          <p className="font-semibold text-slate-900">You leave:</p>
          <ul className="mt-1 grid gap-1.5">
            {losses.entries.map((e) => (
              <li key={e.key}>
                <strong className="text-slate-900">{e.name}</strong>
                {e.kind === "group" ? " (group)" : ""}. {e.text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
