import { type ReactNode, useState } from "react";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { LoadMore } from "../../../components/layout/load-more";
import { PageHeader } from "../../../components/layout/page";
import { lazyDialog } from "../../../components/ui/lazy-dialog";
import { Tabs } from "../../../components/ui/tabs";
import { useUser } from "../../auth/api";
import {
  type GiftCard,
  useGiftCards,
  usePointsRedemptionsShown,
  usePointsSummary,
  usePointsSummaryBeside,
  usePointTransactionPagesShown,
  useWatchPointsLists,
} from "../api";
import { GiftCardList } from "../components/gift-card-list";
import { HowToEarn } from "../components/how-to-earn";
import { PointHistory } from "../components/point-history";
import { PointsBalanceCard } from "../components/points-balance-card";
import { RedemptionList } from "../components/redemption-list";
import { StreakBonuses } from "../components/streak-bonuses";

// The redemption form and its rules load when a card is first chosen (or a few seconds after the
// page shows): the page's first screen does not need them.
const RedeemGiftCardDialog = lazyDialog(
  async () => (await import("../components/redeem-gift-card-dialog")).RedeemGiftCardDialog,
);

type PointsTab = "gift-cards" | "redemptions" | "history";

/** One tab's list: a spinner while it loads, Try again when it failed, else the list. */
function TabBody<T>({
  query,
  label,
  children,
}: {
  query: { data: T | null | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ListLoading label={`Loading ${label}`} />;
  if (query.isError || query.data === null || query.data === undefined) {
    return <ListError message={`Could not load ${label}.`} onRetry={() => void query.refetch()} />;
  }
  return <>{children(query.data)}</>;
}

function PointsBalance() {
  const summary = usePointsSummary();
  return (
    <>
      <PointsBalanceCard summary={summary.data ?? undefined} />
      {summary.isError ? (
        <ListError message="Could not load your points." onRetry={() => void summary.refetch()} />
      ) : null}
    </>
  );
}

function Streaks() {
  return <StreakBonuses streaks={usePointsSummaryBeside().data?.streaks} />;
}

function GiftCardsTab({ onRedeem }: { onRedeem: (card: GiftCard) => void }) {
  const giftCards = useGiftCards();
  const available = usePointsSummaryBeside().data?.availablePoints;
  return (
    <TabBody query={giftCards} label="gift cards">
      {(cards) => <GiftCardList cards={cards} availablePoints={available ?? undefined} onRedeem={onRedeem} />}
    </TabBody>
  );
}

function RedemptionsTab() {
  return (
    <TabBody query={usePointsRedemptionsShown()} label="your redemptions">
      {(items) => <RedemptionList redemptions={items} />}
    </TabBody>
  );
}

function HistoryTab() {
  const history = usePointTransactionPagesShown();
  return (
    <TabBody
      query={{
        data: history.data?.pages.flatMap((p) => p.items),
        isPending: history.isPending,
        // A failed "Load more" keeps the lines shown; LoadMore says it failed.
        isError: history.isError && !history.data,
        refetch: history.refetch,
      }}
      label="your point history"
    >
      {(lines) => (
        <>
          <PointHistory lines={lines} />
          <LoadMore
            hasMore={history.hasNextPage}
            loading={history.isFetchingNextPage}
            failed={history.isFetchNextPageError}
            onLoad={() => void history.fetchNextPage()}
          />
        </>
      )}
    </TabBody>
  );
}

/**
 * The three tabs. The lists of the two not shown are asked for and kept fresh too, so that opening
 * one finds its list; their answers re-render only the tab that shows them.
 */
function Rewards({ onRedeem }: { onRedeem: (card: GiftCard) => void }) {
  const [tab, setTab] = useState<PointsTab>("gift-cards");
  useWatchPointsLists();
  return (
    <section className="min-w-0 lg:col-span-2" aria-label="Rewards">
      <Tabs<PointsTab>
        label="Rewards"
        value={tab}
        onValueChange={setTab}
        items={[
          { key: "gift-cards", label: "Gift Cards", content: <GiftCardsTab onRedeem={onRedeem} /> },
          { key: "redemptions", label: "My Redemptions", content: <RedemptionsTab /> },
          { key: "history", label: "Point History", content: <HistoryTab /> },
        ]}
      />
    </section>
  );
}

/**
 * /points (specification 3 section 2): balance, how to earn, streaks, and the three tabs. Each part
 * reads what it shows, so each answer re-renders its part, not the page.
 */
export function PointsPage() {
  const user = useUser();
  const [redeeming, setRedeeming] = useState<GiftCard | null>(null);

  return (
    <>
      <PageHeader
        title="Points & Rewards"
        description="Earn points for every step and redeem them for gift cards."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6">
          <PointsBalance />
          <HowToEarn />
          {/* A phone shows the balance and how to earn first: the rest follows once they are painted. */}
          <BelowFirstView>
            <Streaks />
          </BelowFirstView>
        </div>
        <BelowFirstView>
          <Rewards onRedeem={setRedeeming} />
        </BelowFirstView>
      </div>
      {redeeming ? (
        <RedeemGiftCardDialog
          card={redeeming}
          defaultEmail={user?.email ?? ""}
          onClose={() => setRedeeming(null)}
        />
      ) : null}
    </>
  );
}
