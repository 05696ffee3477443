import { useSyncExternalStore } from "react";
import { navigate } from "wouter/use-browser-location";
import { createDetector, type MotionSample } from "../../../../core/steps";
import { toast } from "../../../components/ui/use-toast";
import { isIos } from "../../../lib/device";
import { queryClient } from "../../../lib/query-client";
import { beforeSignOut } from "../../../lib/sign-out";
import { readJsonStorage, readStorage, removeStorage, storageKeys, writeStorage } from "../../../lib/storage";
import { authKeys, type User } from "../../auth/api";
import { leaderboardKeys } from "../../leaderboard/api";
import { newBatchId, sendStepBatch, stepKeys } from "../api";
import { stepHistoryKeys } from "../history-api";
import { createMotionClock } from "./motion-clock";
import { type MotionPermissionEnv, probeDeviceMotion, requestMotionPermission } from "./motion-permission";
import { openStepQueue } from "./step-queue";
import { createStepTracker, type StepTracker, type StepTrackerState } from "./step-tracker";

const SENSOR_LOCK = "steprace-step-tracker";
/** A failing sync repeats every few steps: say "Local Mode" once a minute, not on every try. */
const LOCAL_MODE_TOAST_EVERY_MS = 60_000;

function listenToMotion(onSample: (sample: MotionSample) => void): () => void {
  const clock = createMotionClock();
  const onMotion = (event: DeviceMotionEvent) => {
    const a = event.accelerationIncludingGravity;
    if (a?.x == null || a.y == null || a.z == null) return;
    onSample({ t: clock(event.timeStamp, event.interval), x: a.x, y: a.y, z: a.z });
  };
  window.addEventListener("devicemotion", onMotion);
  return () => window.removeEventListener("devicemotion", onMotion);
}

async function keepScreenOn(): Promise<(() => void) | null> {
  try {
    const sentinel = await navigator.wakeLock?.request("screen");
    return sentinel ? () => void sentinel.release().catch(() => undefined) : null;
  } catch {
    return null; // refused (low battery, page hidden): tracking goes on without it
  }
}

function sensorsHeldElsewhere(): Promise<boolean> {
  if (!navigator.locks) return Promise.resolve(false);
  return navigator.locks
    .query()
    .then((snapshot) => (snapshot.held ?? []).some((lock) => lock.name === SENSOR_LOCK))
    .catch(() => false);
}

/** Holds a Web Lock while tracking, so two tabs never count the same walk twice. */
function claimSensors(): Promise<(() => void) | null> {
  if (!navigator.locks) return Promise.resolve(() => undefined);
  return new Promise((resolve) => {
    navigator.locks
      .request(SENSOR_LOCK, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(null);
          return;
        }
        return new Promise<void>((release) => resolve(() => release()));
      })
      .catch(() => resolve(() => undefined));
  });
}

/**
 * Who counted steps belong to: the signed-in member, or null. Before the session has loaded (the
 * app opened offline, or just started) the stored copy of the user says who was signed in; it is
 * removed on sign-out and when the server rejects the session.
 */
function signedInMember(): number | null {
  const user = queryClient.getQueryData<User | null>(authKeys.user);
  if (user !== undefined) return user?.id ?? null;
  return readJsonStorage<User>(storageKeys.user)?.id ?? null;
}

let lastLocalModeToast = -Infinity;
// Tells the app's other tabs that this one synced, so none shows the same steps twice.
const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel("steprace-steps");

function createBrowserTracker(): StepTracker {
  return createStepTracker({
    queue: openStepQueue(),
    send: sendStepBatch,
    member: signedInMember,
    createDetector: () => createDetector("default"),
    listenToMotion,
    requestPermission: () =>
      requestMotionPermission({
        DeviceMotionEvent:
          typeof DeviceMotionEvent === "undefined"
            ? undefined
            : (DeviceMotionEvent as unknown as MotionPermissionEnv["DeviceMotionEvent"]),
        isIos: isIos(),
        probe: (ms) => probeDeviceMotion(window, ms),
      }),
    keepScreenOn,
    claimSensors,
    grantLapsesWithPage:
      isIos() &&
      typeof (globalThis.DeviceMotionEvent as unknown as MotionPermissionEnv["DeviceMotionEvent"])
        ?.requestPermission === "function",
    sensorsHeldElsewhere,
    storage: {
      trackingEnabled: () => readStorage(storageKeys.trackingEnabled) === "true",
      setTrackingEnabled: (on) => writeStorage(storageKeys.trackingEnabled, String(on)),
      permissionGranted: () => readStorage(storageKeys.motionPermission) === "granted",
      setPermissionGranted(granted) {
        if (granted) {
          writeStorage(storageKeys.motionPermission, "granted");
          writeStorage(storageKeys.motionPermissionGrantedAt, String(Date.now()));
        } else {
          removeStorage(storageKeys.motionPermission);
          removeStorage(storageKeys.motionPermissionGrantedAt);
        }
      },
    },
    setTimeout: (fn, ms) => window.setTimeout(fn, ms),
    setInterval: (fn, ms) => window.setInterval(fn, ms),
    now: () => Date.now(),
    newId: newBatchId,
    events: {
      localMode() {
        if (Date.now() - lastLocalModeToast < LOCAL_MODE_TOAST_EVERY_MS) return;
        lastLocalModeToast = Date.now();
        toast({
          title: "Local Mode",
          description: "Steps are being counted locally (login to sync to server)",
        });
      },
      subscriptionRequired: () => navigate("/subscribe"),
      memberChanged: () => void queryClient.invalidateQueries({ queryKey: authKeys.user }),
      refused: (message) =>
        toast({ title: "Steps not counted", description: message, variant: "destructive" }),
      queueChanged: () => channel?.postMessage("queue-changed"),
      synced(totalSteps) {
        queryClient.setQueryData(stepKeys.today, { steps: totalSteps });
        for (const queryKey of [stepKeys.dashboardStats, stepHistoryKeys.all, leaderboardKeys.week]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      },
    },
  });
}

function watchPage(tracker: StepTracker): void {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") void tracker.suspend();
    else void tracker.resume();
  });
  window.addEventListener("pagehide", () => void tracker.suspend());
  window.addEventListener("online", () => void tracker.sync());
  channel?.addEventListener("message", () => {
    void tracker.refreshPending();
    void queryClient.invalidateQueries({ queryKey: stepKeys.today });
  });
  window.addEventListener("storage", (event) => {
    if (event.key === storageKeys.trackingEnabled && event.newValue !== "true")
      tracker.sensorsReleasedElsewhere();
  });
}

let instance: StepTracker | null = null;

/** The page's one tracker, created and started (queue, sync timer, auto-restart) on first use. */
export function getStepTracker(): StepTracker {
  if (!instance) {
    instance = createBrowserTracker();
    instance.init();
    watchPage(instance);
    const tracker = instance;
    beforeSignOut(() => tracker.signOut());
  }
  return instance;
}

export function useStepTracker(): { state: StepTrackerState; tracker: StepTracker } {
  const tracker = getStepTracker();
  const state = useSyncExternalStore(tracker.subscribe, tracker.getState, tracker.getState);
  return { state, tracker };
}
