import type { UseMutationResult } from "@tanstack/react-query";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/use-toast";
import { formatDateTime } from "../../../lib/format";

export interface ReviewItem {
  /** What the review button sends. */
  key: number;
  /** The list key when `key` is not unique (several rows about one account). */
  listKey?: string;
  name: string;
  /** The member concerned; left out for an item about something else (a competition). */
  username?: string;
  details: ReactNode;
  at: string;
  /** What the time is ("Flagged" unless told). */
  atLabel?: string;
  /** Buttons that replace "Mark reviewed" (held competitions: Clear, Disqualify); null for none. */
  actions?: ReactNode;
}

/**
 * A queue of accounts an admin should look at (implausible steps, card refunds and disputes):
 * loading, error with retry, empty, and one "Mark reviewed" per item.
 */
export function ReviewQueueCard({
  title,
  icon: Icon,
  description,
  empty,
  query,
  review,
  reviewedText = (item) => `${item.username ?? item.name} is no longer flagged.`,
  footer,
}: {
  title: string;
  icon: LucideIcon;
  description: ReactNode;
  empty: string;
  query: { data: ReviewItem[] | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  /** Mark reviewed; not needed when every item brings its own actions. */
  review?: UseMutationResult<unknown, Error, number>;
  reviewedText?: (item: ReviewItem) => string;
  /** Below the list (a "Load more" of a paged queue). */
  footer?: ReactNode;
}) {
  const { data, isPending, isError, refetch } = query;
  const markReviewed = (item: ReviewItem) =>
    review?.mutate(item.key, {
      onSuccess: () => toast({ title: "Reviewed", description: reviewedText(item) }),
      onError: (error) => toast({ title: "Error", description: error.message, variant: "destructive" }),
    });

  return (
    <Card role="region" aria-label={title}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Icon className="size-5 text-red-600" aria-hidden="true" /> {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={`Loading ${title.toLowerCase()}`} />
          </div>
        ) : isError || !data ? (
          <div className="grid justify-items-center gap-3 py-4 text-center" role="alert">
            <p className="text-sm text-slate-700">Could not load {title.toLowerCase()}.</p>
            <Button variant="outline" size="sm" onClick={() => refetch()}>
              Try again
            </Button>
          </div>
        ) : data.length === 0 ? (
          <p className="rounded-xl bg-slate-50 p-3 text-sm text-slate-600">{empty}</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label={title}>
            {data.map((item) => (
              // The item's words take the card's whole width, its buttons the line below: beside
              // them, a report's message or an order's error was squeezed into a narrow column.
              <li key={item.listKey ?? item.key} className="grid gap-2 py-3">
                <div className="min-w-0">
                  <p className="truncate font-semibold">{item.name}</p>
                  {item.username ? <p className="truncate text-sm text-slate-500">@{item.username}</p> : null}
                  <div className="break-words text-sm text-slate-600">{item.details}</div>
                  <p className="text-xs text-slate-500">
                    {item.atLabel ?? "Flagged"} {formatDateTime(item.at)}
                  </p>
                </div>
                {item.actions === null ? null : (
                  <div className="flex flex-wrap justify-end gap-2">
                    {item.actions ?? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={review?.isPending}
                        aria-label={`Mark ${item.username ?? item.name} reviewed`}
                        onClick={() => markReviewed(item)}
                      >
                        Mark reviewed
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {footer}
      </CardContent>
    </Card>
  );
}
