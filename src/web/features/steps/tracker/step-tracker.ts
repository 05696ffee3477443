import { SYNC_INTERVAL_MS, SYNC_PENDING_TRIGGER, TRACKING_AUTO_RESTART_MS } from "../../../../core/constants";
import type { MotionSample, StepDetector } from "../../../../core/steps";
import type { PermissionResult } from "./motion-permission";
import type { PendingBatch, StepOwner, StepQueue } from "./step-queue";
import { createStepSyncer, type SyncReport } from "./step-sync";

/** Specification 1, section 3 "Step tracker state", plus what the screens need around it. */
export interface StepTrackerState {
  /** This tab is listening to the motion sensors. */
  isActive: boolean;
  /** Steps counted since tracking started on this page. */
  stepCount: number;
  /** Steps counted on this device and not yet confirmed by the server. */
  stepsSinceLastSync: number;
  isSyncing: boolean;
  hasPermission: boolean;
  isConnecting: boolean;
  error: string | null;
  /** Another tab of the app holds the sensors; only that tab may stop tracking. */
  trackingElsewhere: boolean;
  lastSyncedAt: number | null;
  /** Today's total as the server last answered a sync. */
  serverTotal: number | null;
  /** Tracking heard no motion reading in a few seconds: this device has no sensor (a laptop). */
  noSensor: boolean;
}

export interface TrackerEvents {
  localMode(): void;
  subscriptionRequired(): void;
  /** The session belongs to another member than the page thought: read who is signed in again. */
  memberChanged(): void;
  refused(message: string): void;
  synced(totalSteps: number): void;
  /** A sync changed the queue: other tabs should re-read it. */
  queueChanged(): void;
}

export interface TrackerEnv {
  queue: Promise<StepQueue>;
  send(batch: PendingBatch): Promise<{ totalSteps: number }>;
  member(): StepOwner;
  createDetector(): StepDetector;
  /** Subscribes to motion readings; returns the unsubscribe. */
  listenToMotion(onSample: (sample: MotionSample) => void): () => void;
  requestPermission(): Promise<PermissionResult>;
  /** iOS: a motion grant does not outlive the page, so a restarted tracker may hear nothing. */
  grantLapsesWithPage: boolean;
  /** Whether another tab holds the sensors now (it may have closed without stopping). */
  sensorsHeldElsewhere(): Promise<boolean>;
  /** Keeps the screen on while tracking; resolves to its release, or null when refused. */
  keepScreenOn(): Promise<(() => void) | null>;
  /** One tracking tab per browser: resolves to the lock's release, or null when another tab holds it. */
  claimSensors(): Promise<(() => void) | null>;
  storage: {
    trackingEnabled(): boolean;
    setTrackingEnabled(on: boolean): void;
    permissionGranted(): boolean;
    setPermissionGranted(granted: boolean): void;
  };
  setTimeout(fn: () => void, ms: number): unknown;
  setInterval(fn: () => void, ms: number): void;
  now(): number;
  newId(): string;
  events: TrackerEvents;
}

/** A tracker restarted on a stored grant that hears no reading in this time asks for the grant again. */
const SILENT_SENSOR_MS = 3000;

const initialState = (permitted: boolean): StepTrackerState => ({
  isActive: false,
  stepCount: 0,
  stepsSinceLastSync: 0,
  isSyncing: false,
  hasPermission: permitted,
  isConnecting: false,
  error: null,
  trackingElsewhere: false,
  lastSyncedAt: null,
  serverTotal: null,
  noSensor: false,
});

/**
 * The step tracker of specification 1, section 4: one per page, shared by every screen that
 * shows it. Motion readings go through the step detector; counted steps go to the durable queue
 * and are synced at 5 pending, every 30 s, on stop and when the page is hidden.
 */
export function createStepTracker(env: TrackerEnv) {
  let state = initialState(env.storage.permissionGranted());
  const listeners = new Set<() => void>();
  let stopListening: (() => void) | null = null;
  let releaseScreen: (() => void) | null = null;
  let releaseSensors: (() => void) | null = null;
  let detector: StepDetector | null = null;
  let initialized = false;
  let starting = false;
  // Every queue operation runs in call order, so a read sees exactly the steps counted before it.
  let chain: Promise<unknown> = Promise.resolve();
  let counted = 0;
  let failedAt: number | null = null;
  // Each start's silence check is about that start only.
  let runs = 0;

  // A patch that changes nothing keeps the state and tells no one: every screen that shows the
  // tracker re-renders with each new state (the pending count is read again at each start-up and
  // each return to the page, and is most often what it was).
  const update = (patch: Partial<StepTrackerState>) => {
    const changed = (Object.keys(patch) as (keyof StepTrackerState)[]).some(
      (key) => patch[key] !== state[key],
    );
    if (!changed) return;
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  };

  function inOrder<T>(op: (queue: StepQueue) => Promise<T>): Promise<T> {
    const result = chain.then(async () => op(await env.queue));
    chain = result.catch(() => undefined);
    return result;
  }

  const syncer = createStepSyncer({
    queue: {
      add: (...args) => inOrder((queue) => queue.add(...args)),
      next: (...args) => inOrder((queue) => queue.next(...args)),
      remove: (...args) => inOrder((queue) => queue.remove(...args)),
      pending: (...args) => inOrder((queue) => queue.pending(...args)),
    },
    send: env.send,
    member: env.member,
    newId: env.newId,
    now: env.now,
  });

  async function refreshPending() {
    const countedBefore = counted;
    const queued = await inOrder((queue) => queue.pending(env.member()));
    // Steps counted while the read ran are not in it yet.
    update({ stepsSinceLastSync: queued + counted - countedBefore });
  }

  function report(result: SyncReport) {
    if (result.totalSteps !== null) {
      update({ serverTotal: result.totalSteps, lastSyncedAt: env.now() });
      env.events.synced(result.totalSteps);
    }
    for (const message of result.refused) env.events.refused(message);
    // Signed out, offline or a server fault: the steps stay counted here (specification 1, 8).
    if (result.stopped === "local" || result.stopped === "failed") env.events.localMode();
    if (result.stopped === "subscription") env.events.subscriptionRequired();
    if (result.stopped === "otherMember") env.events.memberChanged();
  }

  /** The sync that starts a run reports its outcome; a caller joining a running one only awaits it. */
  async function sync(): Promise<SyncReport> {
    const joined = syncer.syncing;
    // "Syncing..." while this tab knows of steps to send (its pending count): the 30 s sync of an
    // empty queue, on every screen that shows the tracker, is not worth a flicker of the label and
    // a render. (Steps another tab queued since this one last read the count are sent unlabelled.)
    if (state.stepsSinceLastSync > 0) update({ isSyncing: true });
    try {
      const result = await syncer.sync();
      if (!joined) {
        // The pending count first, so the display never adds the synced steps twice.
        await refreshPending();
        failedAt = result.stopped === null ? null : env.now();
        report(result);
        env.events.queueChanged();
      }
      return result;
    } finally {
      update({ isSyncing: syncer.syncing && state.isSyncing });
    }
  }

  function count(steps: number) {
    if (steps <= 0) return;
    const owner = env.member();
    // Steps while nobody is signed in belong to nobody: not kept, never credited to whoever signs
    // in next (DESIGN 1, step plausibility).
    if (owner === null) return;
    const at = new Date(env.now());
    counted += steps;
    update({ stepCount: state.stepCount + steps, stepsSinceLastSync: state.stepsSinceLastSync + steps });
    void inOrder((queue) => queue.add(owner, steps, at, env.newId)).catch(() => undefined);
    // After a failed sync, counted steps wait for the 30 s timer (or the network's return)
    // rather than sending a doomed request with every step.
    const backingOff = failedAt !== null && env.now() - failedAt < SYNC_INTERVAL_MS;
    if (state.stepsSinceLastSync >= SYNC_PENDING_TRIGGER && !state.isSyncing && !backingOff) void sync();
  }

  async function start(): Promise<boolean> {
    if (state.isActive || starting || !state.hasPermission) return state.isActive;
    starting = true;
    try {
      const release = await env.claimSensors();
      if (!release) {
        update({ trackingElsewhere: true });
        return false;
      }
      releaseSensors = release;
      detector = env.createDetector();
      let heard = false;
      const run = ++runs;
      stopListening = env.listenToMotion((sample) => {
        if (!heard && state.noSensor) update({ noSensor: false });
        heard = true;
        count(detector?.push(sample) ?? 0);
      });
      env.storage.setTrackingEnabled(true);
      update({ isActive: true, trackingElsewhere: false, stepCount: 0, error: null });
      env.setTimeout(() => {
        if (run !== runs || !state.isActive || heard) return;
        // iOS forgets the motion grant with the page: silence after a restart means asking again.
        if (env.grantLapsesWithPage) void lapseGrant();
        // Elsewhere a phone's sensor reports many times a second, even lying still: silence means
        // there is none (a laptop), and the screens say so instead of "Active".
        else update({ noSensor: true });
      }, SILENT_SENSOR_MS);
      await holdScreen();
      return true;
    } finally {
      starting = false;
    }
  }

  // Takes the wake lock once; if tracking stopped while the lock was being granted, lets it go.
  let screenRequest: Promise<void> | null = null;
  function holdScreen(): Promise<void> {
    if (releaseScreen || !state.isActive) return Promise.resolve();
    screenRequest ??= env.keepScreenOn().then((release) => {
      screenRequest = null;
      if (state.isActive) releaseScreen = release;
      else release?.();
    });
    return screenRequest;
  }

  function halt() {
    stopListening?.();
    releaseScreen?.();
    releaseSensors?.();
    stopListening = releaseScreen = releaseSensors = null;
    detector = null;
    update({ isActive: false });
  }

  /** Stops tracking and flushes the pending steps; a tab that did not start tracking cannot stop it. */
  async function stop(): Promise<void> {
    if (!state.isActive) return;
    halt();
    env.storage.setTrackingEnabled(false);
    await sync();
  }

  /** The stored grant no longer holds: ask again, and resume tracking once it is given. */
  async function lapseGrant() {
    halt();
    env.storage.setPermissionGranted(false);
    update({ hasPermission: false });
    await sync();
  }

  async function requestPermission(): Promise<boolean> {
    update({ isConnecting: true, error: null });
    const result = await env.requestPermission();
    if (result.granted) {
      env.storage.setPermissionGranted(true);
      update({ isConnecting: false, hasPermission: true, error: null });
      // Tracking that was on (a lapsed grant, or before a reload) carries on.
      if (env.storage.trackingEnabled()) await start();
      return true;
    }
    env.storage.setPermissionGranted(false);
    if (state.isActive) await stop();
    update({ isConnecting: false, hasPermission: false, error: result.message });
    return false;
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Loads the queue, starts the 30 s sync timer and, if tracking was on at the last visit, restarts it after 1 s. */
    init() {
      if (initialized) return;
      initialized = true;
      void refreshPending();
      env.setInterval(() => void sync(), SYNC_INTERVAL_MS);
      if (env.storage.trackingEnabled() && state.hasPermission) {
        env.setTimeout(() => void start(), TRACKING_AUTO_RESTART_MS);
      }
    },
    start,
    stop,
    sync,
    requestPermission,
    /** Steps counted by other means than the sensors (the step test's +1). */
    addSteps: count,
    /** The screen is back: the wake lock was released when it was hidden. */
    async resume() {
      await holdScreen();
      void refreshPending();
      if (state.trackingElsewhere && !(await env.sensorsHeldElsewhere()))
        update({ trackingElsewhere: false });
    },
    /** The page is being hidden: the wake lock is gone and the steps should be safe on the server. */
    suspend() {
      releaseScreen?.();
      releaseScreen = null;
      return sync();
    },
    /** Another tab stopped tracking: this one may start. */
    sensorsReleasedElsewhere() {
      update({ trackingElsewhere: false });
    },
    /** Signing out: tracking stops (flushing what the member walked) and does not restart for the next person. */
    async signOut() {
      await stop();
      env.storage.setTrackingEnabled(false);
    },
    refreshPending,
  };
}

export type StepTracker = ReturnType<typeof createStepTracker>;
