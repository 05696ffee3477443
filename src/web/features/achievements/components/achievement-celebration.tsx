import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { CHECK_FAILED_MESSAGE, MARK_VIEWED_FAILED_MESSAGE } from "../../../../core/achievements";
import { toast } from "../../../components/ui/use-toast";
import { createExternalStore, useExternalStore } from "../../../lib/external-store";
import { useFirstScreenSettled } from "../../../lib/first-screen";
import { invalidateNotifications } from "../../notifications/api";
import { stepKeys } from "../../steps/api";
import { checkAchievements, invalidateAchievements, useMarkAchievementsViewed } from "../api";
import {
  type CelebrationState,
  closeCelebration,
  emptyCelebration,
  receiveUnlocks,
} from "../celebration-queue";
import { CHECK_PATHS, type CheckReason, checkDelay } from "../check-cadence";

const CelebrationDialog = lazy(async () => ({
  default: (await import("./celebration-dialog")).CelebrationDialog,
}));

// Outside React, so what was closed stays closed when the app shell remounts.
const celebrationStore = createExternalStore<CelebrationState>(emptyCelebration);

/** Query keys whose fresh data means steps may have changed: a sync, the dashboard's stats. */
const REFRESH_KEYS = new Set<unknown>([stepKeys.today[0], stepKeys.dashboardStats[0]]);

/** Asks the server for new badges at the cadence of check-cadence.ts; answers go to the store. */
function useAchievementChecks(userId: number): void {
  const [path] = useLocation();
  const queryClient = useQueryClient();
  const pathRef = useRef(path);
  pathRef.current = path;
  const lastCheckAt = useRef<number | null>(null);
  const inFlight = useRef(false);
  const deferred = useRef<number | null>(null);
  // The first check waits for the first screen (lib/first-screen.ts): arriving at the dashboard and
  // its first stats ask for the same check, made once the screen is on the page.
  const settled = useFirstScreenSettled();
  const settledRef = useRef(settled);
  settledRef.current = settled;

  const request = useCallback(
    (reason: CheckReason) => {
      if (!settledRef.current) return;
      if (inFlight.current && reason !== "refresh") return;
      const delay = checkDelay(reason, Date.now(), lastCheckAt.current);
      if (delay === null) return;
      if (delay > 0) {
        if (deferred.current === null) {
          deferred.current = window.setTimeout(() => {
            deferred.current = null;
            request("refresh");
          }, delay);
        }
        return;
      }
      inFlight.current = true;
      lastCheckAt.current = Date.now();
      checkAchievements()
        .then((items) => {
          const before = celebrationStore.get();
          const after = receiveUnlocks(before, userId, items);
          if (after === before) return;
          celebrationStore.set(after);
          // The check is what unlocks them: the Badges page's lists are out of date now, and each
          // new badge is a notification too (the bell's count).
          void invalidateAchievements(queryClient);
          void invalidateNotifications(queryClient);
        })
        .catch(() => {
          // Elsewhere a failed check is silent: the next one will find the same badges.
          if (pathRef.current === "/achievements") {
            toast({ title: CHECK_FAILED_MESSAGE, variant: "destructive" });
          }
        })
        .finally(() => {
          inFlight.current = false;
        });
    },
    [userId, queryClient],
  );

  useEffect(() => {
    if (!settled) return;
    request("load");
    return () => {
      if (deferred.current !== null) window.clearTimeout(deferred.current);
      deferred.current = null;
    };
  }, [request, settled]);

  useEffect(() => {
    if (CHECK_PATHS.includes(path)) request("route");
  }, [path, request]);

  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== "updated" || event.action.type !== "success") return;
        if (REFRESH_KEYS.has(event.query.queryKey[0])) request("refresh");
      }),
    [queryClient, request],
  );
}

/**
 * The celebration of newly unlocked badges (specification 2, Achievement Gallery), mounted once in
 * the app shell of fully active members. Each badge is celebrated once: closing the dialog marks
 * its badges as viewed.
 */
export function AchievementCelebration({ userId }: { userId: number }) {
  useAchievementChecks(userId);
  const { shown } = useExternalStore(celebrationStore);
  const markViewed = useMarkAchievementsViewed();

  const onClose = () => {
    const { state, toMark } = closeCelebration(celebrationStore.get(), userId);
    celebrationStore.set(state);
    if (toMark.length === 0) return;
    markViewed.mutate(toMark, {
      onError: () => toast({ title: MARK_VIEWED_FAILED_MESSAGE, variant: "destructive" }),
    });
  };

  if (shown.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CelebrationDialog items={shown} onClose={onClose} />
    </Suspense>
  );
}
