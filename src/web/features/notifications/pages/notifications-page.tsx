import { Bell, CheckCheck } from "lucide-react";
import { BelowFirstView } from "../../../components/layout/below-first-view";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { Spinner } from "../../../components/ui/spinner";
import { useIsMarkingRead, useMarkRead, useNotifications, useUnreadCount } from "../api";
import { NotificationList } from "../components/notification-list";
import { PreferencesCard } from "../components/preferences-card";
import { PushCard } from "../components/push-card";

/**
 * Always there (disabled with nothing unread): arriving with the unread count, it would push the
 * whole page down on a phone, where it sits under the title. It reads the count itself, so the
 * count's answers (the bell's too) re-render the button, not the page.
 */
function MarkAllReadButton() {
  const unread = useUnreadCount();
  const markRead = useMarkRead();
  // Any marking under way (this button's, or a notification opened in the list).
  const marking = useIsMarkingRead();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={unread === 0 || marking}
      onClick={() => markRead.mutate(undefined)}
    >
      <CheckCheck aria-hidden="true" /> Mark all read
    </Button>
  );
}

/** /notifications: results, refunds, reminders and the rest, newest first; push and email choices. */
export function NotificationsPage() {
  const { data, isPending, isLoading, isError, refetch, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useNotifications();
  const markRead = useMarkRead();
  const items = data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Results, refunds, reminders and news from your groups."
        actions={<MarkAllReadButton />}
      />
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start lg:gap-6">
        <Card className="overflow-hidden">
          {isPending ? (
            <div className="flex justify-center py-12">
              <Spinner />
            </div>
          ) : isError ? (
            <div role="alert" className="grid justify-items-center gap-3 px-4 py-10 text-center">
              <p className="text-sm text-slate-700">Could not load your notifications.</p>
              <Button variant="outline" size="sm" onClick={() => refetch()}>
                Try again
              </Button>
            </div>
          ) : items.length === 0 ? (
            <EmptyState icon={Bell} title="Nothing yet" className="m-3 border-none bg-slate-50">
              Results, refunds and start reminders of your competitions will show up here.
            </EmptyState>
          ) : (
            <>
              <NotificationList
                items={items}
                onOpen={(item) => {
                  if (item.readAt === null) markRead.mutate([item.id]);
                }}
              />
              {hasNextPage ? (
                <div className="flex justify-center border-t border-slate-100 p-3">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={isFetchingNextPage}
                    onClick={() => fetchNextPage()}
                  >
                    {isFetchingNextPage ? "Loading…" : "Show older"}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </Card>
        {/* Below the list on a phone: drawn once the list has its content, so that its arrival
            does not push these down (offline, while the list waits for the network, at once). */}
        {isLoading ? null : (
          <div className="grid gap-4 lg:sticky lg:top-24">
            {/* Drawn once the list is painted: the first view is the list. */}
            <BelowFirstView>
              <PushCard />
              <PreferencesCard />
            </BelowFirstView>
          </div>
        )}
      </div>
    </>
  );
}
