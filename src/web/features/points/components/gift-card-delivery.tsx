import { ExternalLink, FlaskConical } from "lucide-react";
import { SANDBOX_GIFT_CARD_NOTE } from "../../../../core/constants";
import { buttonVariants } from "../../../components/ui/button";
import { cn } from "../../../lib/utils";
import { GiftCardCode } from "./gift-card-code";

/**
 * Where a redeemed card stands for its member: its code and/or its link (Tremendous cards are a
 * link), on its way while the provider has not delivered it, or not issued and given back.
 */
export function GiftCardDelivery({
  status,
  code,
  link,
  label,
  returned,
  sandbox = false,
}: {
  status: string;
  code: string | null;
  link: string | null;
  /** Issued by the built-in sandbox provider: said beside its made-up code (issue 32 item 6). */
  sandbox?: boolean;
  /** The card's name, for the buttons' accessible names. */
  label: string;
  /** What was given back when the card could not be issued ("50 FitCoins", "5,000 points"). */
  returned: string;
}) {
  if (status === "failed") {
    return (
      <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
        This card could not be issued. Your {returned} were returned.
      </p>
    );
  }
  if (!code && !link) {
    return (
      <p className="text-sm text-slate-600">
        On its way: it shows here and arrives by email as soon as it is issued.
      </p>
    );
  }
  return (
    <div className="grid gap-2">
      {code ? <GiftCardCode code={code} label={label} /> : null}
      {sandbox ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-950"
          data-testid="sandbox-card-note"
        >
          <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {SANDBOX_GIFT_CARD_NOTE}
        </p>
      ) : null}
      {link ? (
        <a
          href={link}
          target="_blank"
          rel="noopener noreferrer"
          className={cn(buttonVariants({ size: "sm" }))}
        >
          Open gift card <span className="sr-only">{`${label} (opens in a new tab)`}</span>
          <ExternalLink aria-hidden="true" />
        </a>
      ) : null}
    </div>
  );
}
