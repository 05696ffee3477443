import type { UseMutationResult } from "@tanstack/react-query";
import { ShieldAlert } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type ReviewItem, ReviewQueueCard } from "./review-queue-card";

const review = { mutate: () => undefined, isPending: false } as unknown as UseMutationResult<
  unknown,
  Error,
  number
>;

function render(data: ReviewItem[] | undefined, state: { isPending?: boolean; isError?: boolean } = {}) {
  return renderToStaticMarkup(
    <ReviewQueueCard
      title="Card Refunds and Disputes"
      icon={ShieldAlert}
      description="What the wallet could not cover."
      empty="Nothing to review."
      query={{
        data,
        isPending: state.isPending ?? false,
        isError: state.isError ?? false,
        refetch: () => undefined,
      }}
      review={review}
    />,
  );
}

describe("a review queue", () => {
  it("lists each account with its details and a review button naming it", () => {
    const html = render([
      {
        key: 7,
        name: "Dana Cole",
        username: "dana",
        details: "Card dispute of a deposit: $40.00",
        at: "2026-11-21T09:00:00Z",
      },
    ]);
    expect(html).toContain("Dana Cole");
    expect(html).toContain("@dana");
    expect(html).toContain("Card dispute of a deposit: $40.00");
    expect(html).toContain('aria-label="Mark dana reviewed"');
  });

  it("says when nothing waits, and offers a retry when loading failed", () => {
    expect(render([])).toContain("Nothing to review.");
    const failed = render(undefined, { isError: true });
    expect(failed).toContain("Could not load card refunds and disputes.");
    expect(failed).toContain("Try again");
  });

  it("lets an item bring its own actions and time label instead of Mark reviewed", () => {
    const html = renderToStaticMarkup(
      <ReviewQueueCard
        title="Results under review"
        icon={ShieldAlert}
        description="Payouts on hold."
        empty="Nothing on hold."
        query={{
          data: [
            {
              key: 3,
              listKey: "8-3",
              name: "Dana Cole",
              username: "dana",
              details: "Autumn Sprint: 41,000 steps",
              at: "2026-11-21T09:00:00Z",
              atLabel: "Ended",
              actions: <button type="button">Disqualify</button>,
            },
          ],
          isPending: false,
          isError: false,
          refetch: () => undefined,
        }}
      />,
    );
    expect(html).toContain("Disqualify");
    expect(html).toContain("Ended ");
    expect(html).not.toContain("Mark reviewed");
  });
});
