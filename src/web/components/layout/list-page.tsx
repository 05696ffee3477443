import { Coins } from "lucide-react";
import type { ReactNode } from "react";
import { fc } from "../../lib/format";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** The pieces of a page of cards (competitions, groups): sections, loading, a failed load. */

/** A titled section of cards: one column on phones, two on wide screens. */
export function ListSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-3" aria-label={title}>
      <h2 className="text-lg font-bold">{title}</h2>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-2">{children}</div>
    </section>
  );
}

export function ListLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16">
      <Spinner label={label} />
    </div>
  );
}

/** "Could not load ..." with Try again. */
export function ListError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="grid justify-items-center gap-3 py-10 text-center" role="alert">
      <p className="text-slate-700">{message}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** "Your FitCoins: 42.50 FC" under a page's title, where entering costs FitCoins. */
export function FitcoinsLine({ fitcoins, testId }: { fitcoins: number; testId: string }) {
  return (
    <span className="flex items-center gap-1.5">
      <Coins className="size-4 text-amber-600" aria-hidden="true" /> Your FitCoins:{" "}
      <span className="font-bold text-slate-900 tabular-nums" data-testid={testId}>
        {fc(fitcoins)}
      </span>
    </span>
  );
}
