import { CalendarX } from "lucide-react";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { useFitcoinBalance, useGiftCardOffer } from "../api";
import { FitcoinBalanceCard } from "../components/fitcoin-balance-card";
import { GiftCardOfMonth } from "../components/gift-card-of-month";
import { HowItWorks } from "../components/how-it-works";
import { NeedMoreFitcoins } from "../components/need-more-fitcoins";
import { RecentRedemptions } from "../components/recent-redemptions";
import { needsMoreFitcoins } from "../redeem-view";

/** The offer, from the page's own answers (mounted once they are in, it asks for nothing again). */
function OfferSection({
  offer,
  balance,
}: {
  offer: ReturnType<typeof useGiftCardOffer>;
  balance: number | undefined;
}) {
  if (offer.isPending) return <ListLoading label="Loading the gift card of the month" />;
  if (offer.isError) {
    return (
      <ListError message="Could not load the gift card of the month." onRetry={() => void offer.refetch()} />
    );
  }
  if (!offer.data) {
    return (
      <EmptyState icon={CalendarX} title="No gift card this month yet">
        There is no Gift Card of the Month right now. Check back soon: your FitCoins stay in your balance.
      </EmptyState>
    );
  }
  return <GiftCardOfMonth offer={offer.data} balance={balance} />;
}

/** /redeem (specification 3 section 2): FitCoins for the Gift Card of the Month. */
export function RedeemPage() {
  const fitcoins = useFitcoinBalance();
  const offer = useGiftCardOffer();
  const balance = fitcoins.data?.balance;
  const showNeedMore = balance !== undefined && needsMoreFitcoins(balance, offer.data);

  return (
    <>
      <PageHeader title="Redeem FitCoins" description="Turn your FitCoins into gift cards." />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="grid min-w-0 grid-cols-1 content-start gap-6 lg:col-span-2">
          <FitcoinBalanceCard balance={balance} />
          {fitcoins.isError ? (
            <ListError message="Could not load your FitCoins." onRetry={() => void fitcoins.refetch()} />
          ) : null}
          {/* Both answers first: the balance arriving after the offer would put "need more" above
              it and move it down the screen. A balance that failed (and is being retried) does
              not hold the offer back. */}
          {offer.isPending || (fitcoins.isPending && fitcoins.failureCount === 0) ? (
            <ListLoading label="Loading the gift card of the month" />
          ) : (
            <>
              {showNeedMore ? <NeedMoreFitcoins /> : null}
              <OfferSection offer={offer} balance={balance} />
            </>
          )}
        </div>
        {/* Below the main column on a phone: drawn once that column has its content, so that
            its arrival does not push this one down (offline, while that waits for the network,
            at once), and on a phone only once that content is painted. */}
        {fitcoins.isLoading || offer.isLoading ? null : (
          <BelowFirstView>
            <div className="grid min-w-0 grid-cols-1 content-start gap-6">
              <HowItWorks />
              {fitcoins.data ? <RecentRedemptions redemptions={fitcoins.data.redemptions} /> : null}
            </div>
          </BelowFirstView>
        )}
      </div>
    </>
  );
}
