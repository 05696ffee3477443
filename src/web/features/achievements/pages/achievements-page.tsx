import { Award } from "lucide-react";
import { type ReactNode, useMemo, useState } from "react";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Tabs } from "../../../components/ui/tabs";
import {
  type BadgeView,
  badgeViews,
  CATEGORY_TABS,
  type CategoryTab,
  filterByCategory,
  groupByRarity,
  progressSummary,
} from "../achievement-view";
import { useAchievements, useUserAchievements } from "../api";
import { BadgeCard } from "../components/badge-card";
import { ProgressSummaryCard } from "../components/progress-summary-card";
import { useTooltipTimer } from "../tooltip-timer";

function RarityGroups({ badges }: { badges: BadgeView[] }) {
  const { openId, timer } = useTooltipTimer();
  const groups = groupByRarity(badges);
  if (groups.length === 0) {
    return (
      <EmptyState icon={Award} title="No badges here yet">
        Badges of this category appear here.
      </EmptyState>
    );
  }
  return (
    <div className="grid gap-6">
      {groups.map((group) => (
        <section key={group.rarity} aria-labelledby={`rarity-${group.rarity}`} className="grid gap-3">
          <h2 id={`rarity-${group.rarity}`} className="flex items-baseline gap-2 text-lg font-bold">
            {group.label}
            <span className="text-sm font-medium text-slate-600">
              {group.badges.filter((b) => b.unlocked).length} / {group.badges.length}
            </span>
          </h2>
          <ul className="grid grid-cols-2 gap-3 pt-1 sm:grid-cols-3 lg:grid-cols-4 xl:grid-cols-5">
            {group.badges.map((badge) => (
              <BadgeCard
                key={badge.achievement.id}
                badge={badge}
                tooltipOpen={openId === badge.achievement.id}
                onShowTooltip={timer.show}
              />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Badges (specification 2, Achievement Gallery): progress, categories, rarity groups. */
export function AchievementsPage() {
  const catalogue = useAchievements();
  const unlocks = useUserAchievements();
  const [tab, setTab] = useState<CategoryTab>("all");
  const badges = useMemo(
    () => (catalogue.data && unlocks.data ? badgeViews(catalogue.data, unlocks.data) : null),
    [catalogue.data, unlocks.data],
  );

  let body: ReactNode;
  if (catalogue.isError || unlocks.isError) {
    body = (
      <ListError
        message="Could not load your badges."
        onRetry={() => {
          void catalogue.refetch();
          void unlocks.refetch();
        }}
      />
    );
  } else if (!badges) {
    body = <ListLoading label="Loading badges" />;
  } else {
    body = (
      <div className="grid gap-5">
        <ProgressSummaryCard summary={progressSummary(badges)} />
        {/* Five tabs share a phone's width: sized by their labels there, so "Competitions" fits. */}
        <div className="max-sm:[&_[role=tab]]:flex-auto max-sm:[&_[role=tab]]:px-1.5 max-sm:[&_[role=tab]]:text-[0.8125rem] max-sm:[&_[role=tablist]]:flex">
          <Tabs
            label="Badge categories"
            value={tab}
            onValueChange={setTab}
            items={CATEGORY_TABS.map(({ key, label }) => ({
              key,
              label,
              content: <RarityGroups badges={filterByCategory(badges, key)} />,
            }))}
          />
        </div>
      </div>
    );
  }

  return (
    <>
      <PageHeader title="Badges" description="Unlock badges by walking, competing and joining in." />
      {body}
    </>
  );
}
