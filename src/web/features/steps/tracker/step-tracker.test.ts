import { describe, expect, it, vi } from "vitest";
import type { MotionSample, StepDetector } from "../../../../core/steps";
import { ApiError } from "../../../lib/api-client";
import {
  IOS_PERMISSION_FAILED_PREFIX,
  MOTION_DENIED_MESSAGE,
  MOTION_NOT_SUPPORTED_MESSAGE,
  requestMotionPermission,
} from "./motion-permission";
import { createMemoryStepQueue, type PendingBatch } from "./step-queue";
import { createStepTracker, type TrackerEnv } from "./step-tracker";

/** A detector that counts one step per reading whose x is 1, so tests decide when steps happen. */
function countingDetector(): StepDetector {
  let total = 0;
  return {
    push: (s: MotionSample) => {
      const n = s.x === 1 ? 1 : 0;
      total += n;
      return n;
    },
    total: () => total,
  };
}

function setup(
  overrides: {
    permitted?: boolean;
    enabled?: boolean;
    sensorsFree?: boolean;
    failWith?: unknown;
    deny?: boolean;
    screenDelay?: Promise<void>;
    ios?: boolean;
    member?: () => number | null;
  } = {},
) {
  const queue = createMemoryStepQueue();
  const sent: PendingBatch[] = [];
  let serverTotal = 0;
  let onSample: ((s: MotionSample) => void) | null = null;
  const timeouts: Array<{ fn: () => void; ms: number }> = [];
  const intervals: Array<{ fn: () => void; ms: number }> = [];
  const store = { enabled: overrides.enabled ?? false, permitted: overrides.permitted ?? true };
  const screen = { held: 0, released: 0 };
  const sensors = { claimed: 0, released: 0 };
  const events = {
    localMode: vi.fn(),
    subscriptionRequired: vi.fn(),
    memberChanged: vi.fn(),
    refused: vi.fn(),
    synced: vi.fn(),
    queueChanged: vi.fn(),
  };
  let clock = Date.UTC(2026, 10, 21, 9);
  let ids = 0;
  const env: TrackerEnv = {
    queue: Promise.resolve(queue),
    async send(batch) {
      sent.push(batch);
      if (overrides.failWith) throw overrides.failWith;
      serverTotal += batch.steps;
      return { totalSteps: serverTotal };
    },
    member: overrides.member ?? (() => 42),
    createDetector: countingDetector,
    listenToMotion(fn) {
      onSample = fn;
      return () => {
        onSample = null;
      };
    },
    requestPermission: async () =>
      overrides.deny
        ? { granted: false, message: "Motion permission denied" }
        : { granted: true, sensorsResponded: true },
    async keepScreenOn() {
      await overrides.screenDelay;
      screen.held++;
      return () => screen.released++;
    },
    sensorsHeldElsewhere: async () => overrides.sensorsFree === false,
    grantLapsesWithPage: overrides.ios ?? false,
    async claimSensors() {
      if (overrides.sensorsFree === false) return null;
      sensors.claimed++;
      return () => sensors.released++;
    },
    storage: {
      trackingEnabled: () => store.enabled,
      setTrackingEnabled: (on) => {
        store.enabled = on;
      },
      permissionGranted: () => store.permitted,
      setPermissionGranted: (granted) => {
        store.permitted = granted;
      },
    },
    setTimeout: (fn, ms) => timeouts.push({ fn, ms }),
    setInterval: (fn, ms) => intervals.push({ fn, ms }),
    now: () => clock,
    newId: () => `b-${++ids}`,
    events,
  };
  const tracker = createStepTracker(env);
  // Readings the counting detector turns into steps, then a moment for the queue writes.
  const step = async (n = 1) => {
    for (let i = 0; i < n; i++) onSample?.({ t: i * 500, x: 1, y: 0, z: 9.8 });
    await settle();
  };
  return {
    tracker,
    queue,
    sent,
    timeouts,
    intervals,
    store,
    screen,
    sensors,
    events,
    step,
    listening: () => onSample !== null,
    advance: (ms: number) => {
      clock += ms;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 10));

describe("step tracker", () => {
  it("cannot start without motion permission: the button reads Need Permission", async () => {
    const t = setup({ permitted: false });
    expect(t.tracker.getState().hasPermission).toBe(false);
    expect(await t.tracker.start()).toBe(false);
    expect(t.listening()).toBe(false);
  });

  it("grants permission and persists it", async () => {
    const t = setup({ permitted: false });
    expect(await t.tracker.requestPermission()).toBe(true);
    expect(t.store.permitted).toBe(true);
    expect(t.tracker.getState()).toMatchObject({ hasPermission: true, isConnecting: false, error: null });
  });

  it("clears the persisted grant on denial, stops tracking and shows the reason", async () => {
    const t = setup({ permitted: true, deny: true });
    await t.tracker.start();
    expect(await t.tracker.requestPermission()).toBe(false);
    expect(t.store.permitted).toBe(false);
    expect(t.listening()).toBe(false);
    expect(t.tracker.getState()).toMatchObject({
      hasPermission: false,
      isActive: false,
      isConnecting: false,
      error: "Motion permission denied",
    });
  });

  it("counts motion into the queue and syncs as soon as 5 steps are pending", async () => {
    const t = setup();
    t.tracker.init();
    expect(await t.tracker.start()).toBe(true);
    expect(t.store.enabled).toBe(true);
    expect(t.screen.held).toBe(1);
    await t.step(4);
    await settle();
    expect(t.sent).toHaveLength(0);
    expect(t.tracker.getState()).toMatchObject({ stepCount: 4, stepsSinceLastSync: 4 });
    await t.step(1);
    await vi.waitFor(() => expect(t.sent.map((b) => b.steps)).toEqual([5]));
    await vi.waitFor(() =>
      expect(t.tracker.getState()).toMatchObject({ stepsSinceLastSync: 0, serverTotal: 5 }),
    );
    expect(t.events.synced).toHaveBeenCalledWith(5);
  });

  it("syncs every 30 s, and on stop flushes the pending steps and lets go of sensors and screen", async () => {
    const t = setup();
    t.tracker.init();
    expect(t.intervals.map((i) => i.ms)).toEqual([30_000]);
    await t.tracker.start();
    await t.step(2);
    await settle();
    t.intervals[0]?.fn();
    await vi.waitFor(() => expect(t.sent.map((b) => b.steps)).toEqual([2]));
    await t.step(3);
    await t.tracker.stop();
    expect(t.sent.map((b) => b.steps)).toEqual([2, 3]);
    expect(t.listening()).toBe(false);
    expect(t.store.enabled).toBe(false);
    expect(t.screen.released).toBe(1);
    expect(t.sensors.released).toBe(1);
    expect(t.tracker.getState()).toMatchObject({ isActive: false, stepsSinceLastSync: 0 });
  });

  it("restarts 1 s after load when tracking was on at the last visit", async () => {
    const t = setup({ enabled: true });
    t.tracker.init();
    expect(t.timeouts.map((x) => x.ms)).toEqual([1000]);
    expect(t.listening()).toBe(false);
    t.timeouts[0]?.fn();
    await vi.waitFor(() => expect(t.tracker.getState().isActive).toBe(true));
  });

  it("does not count twice when another tab already tracks: that tab alone may stop it", async () => {
    // The other tab turned tracking on; this one restarts after load and finds the sensors taken.
    const t = setup({ sensorsFree: false, enabled: true });
    expect(await t.tracker.start()).toBe(false);
    expect(t.tracker.getState()).toMatchObject({ isActive: false, trackingElsewhere: true });
    expect(t.listening()).toBe(false);
    await t.tracker.stop();
    expect(t.store.enabled).toBe(true);
    await t.tracker.resume();
    expect(t.tracker.getState().trackingElsewhere).toBe(true);
    t.tracker.sensorsReleasedElsewhere();
    expect(t.tracker.getState().trackingElsewhere).toBe(false);
  });

  it("on iOS, a restart on a stored grant that hears nothing asks again, then carries on", async () => {
    const t = setup({ ios: true, enabled: true });
    t.tracker.init();
    t.timeouts.find((x) => x.ms === 1000)?.fn();
    await vi.waitFor(() => expect(t.tracker.getState().isActive).toBe(true));
    t.timeouts.find((x) => x.ms === 3000)?.fn();
    await vi.waitFor(() =>
      expect(t.tracker.getState()).toMatchObject({ isActive: false, hasPermission: false }),
    );
    expect(t.store.permitted).toBe(false);
    // Tracking stays wanted: granting again restarts it.
    expect(t.store.enabled).toBe(true);
    await t.tracker.requestPermission();
    expect(t.tracker.getState()).toMatchObject({ isActive: true, hasPermission: true });
  });

  it("keeps tracking when the sensors answer, and elsewhere than iOS", async () => {
    const ios = setup({ ios: true });
    await ios.tracker.start();
    await ios.step(1);
    ios.timeouts.find((x) => x.ms === 3000)?.fn();
    expect(ios.tracker.getState().isActive).toBe(true);
    const android = setup();
    await android.tracker.start();
    android.timeouts.find((x) => x.ms === 3000)?.fn();
    expect(android.tracker.getState().isActive).toBe(true);
  });

  it("says there is no sensor when none answers in a few seconds (a laptop), until one does", async () => {
    const t = setup();
    await t.tracker.start();
    expect(t.tracker.getState().noSensor).toBe(false);
    t.timeouts.find((x) => x.ms === 3000)?.fn();
    // Still listening: a sensor that wakes up later is heard.
    expect(t.tracker.getState()).toMatchObject({ isActive: true, noSensor: true });
    await t.step(1);
    expect(t.tracker.getState()).toMatchObject({ noSensor: false, stepCount: 1 });
  });

  it("judges the sensor by the start it belongs to", async () => {
    const t = setup();
    await t.tracker.start();
    const firstCheck = t.timeouts.find((x) => x.ms === 3000);
    await t.tracker.stop();
    await t.tracker.start();
    await t.step(1);
    // The first start's check runs late: the second start has heard the sensor.
    firstCheck?.fn();
    expect(t.tracker.getState().noSensor).toBe(false);
  });

  it("lets go of a wake lock granted after tracking was already stopped", async () => {
    let grant: () => void = () => undefined;
    const t = setup({ screenDelay: new Promise<void>((r) => (grant = r)) });
    const starting = t.tracker.start();
    await settle();
    expect(t.tracker.getState().isActive).toBe(true);
    await t.tracker.stop();
    grant();
    await starting;
    expect(t.screen).toEqual({ held: 1, released: 1 });
  });

  it("signing out stops tracking, flushes the steps and keeps it from restarting", async () => {
    const t = setup();
    await t.tracker.start();
    await t.step(3);
    await t.tracker.signOut();
    expect(t.sent.map((b) => b.steps)).toEqual([3]);
    expect(t.store.enabled).toBe(false);
    expect(t.listening()).toBe(false);
  });

  it("re-takes the wake lock when the page comes back and syncs when it is hidden", async () => {
    const t = setup();
    await t.tracker.start();
    await t.step(2);
    await t.tracker.suspend();
    expect(t.screen.released).toBe(1);
    expect(t.sent.map((b) => b.steps)).toEqual([2]);
    await t.tracker.resume();
    expect(t.screen.held).toBe(2);
  });
});

describe("step tracker sync errors", () => {
  it("sends a member without a subscription to /subscribe and keeps the steps", async () => {
    const t = setup({
      failWith: new ApiError(403, "Active subscription required", { code: "SUBSCRIPTION_REQUIRED" }),
    });
    t.tracker.addSteps(2);
    await t.tracker.sync();
    expect(t.events.subscriptionRequired).toHaveBeenCalledOnce();
    expect(t.tracker.getState().stepsSinceLastSync).toBe(2);
  });

  it("after a failed sync, new steps wait for the 30 s timer instead of a request per step", async () => {
    const t = setup({ failWith: new TypeError("Failed to fetch") });
    t.tracker.init();
    await t.tracker.start();
    await t.step(5);
    await vi.waitFor(() => expect(t.sent).toHaveLength(1));
    await t.step(10);
    expect(t.sent).toHaveLength(1);
    expect(t.events.localMode).toHaveBeenCalledOnce();
    t.advance(30_001);
    await t.step(1);
    await vi.waitFor(() => expect(t.sent).toHaveLength(2));
    expect(t.tracker.getState().stepsSinceLastSync).toBe(16);
  });

  it("reports a sync once when several callers share it", async () => {
    const t = setup();
    t.tracker.addSteps(2);
    await Promise.all([t.tracker.sync(), t.tracker.sync(), t.tracker.sync()]);
    expect(t.events.synced).toHaveBeenCalledOnce();
    expect(t.events.queueChanged).toHaveBeenCalledOnce();
  });

  it("falls back to Local Mode when not signed in", async () => {
    const t = setup({ failWith: new ApiError(401, "Authentication required") });
    t.tracker.addSteps(1);
    await t.tracker.sync();
    expect(t.events.localMode).toHaveBeenCalledOnce();
    expect(t.events.synced).not.toHaveBeenCalled();
  });

  it("keeps no steps counted while nobody is signed in, and sends the member's own once back", async () => {
    let member: number | null = 42;
    const t = setup({ member: () => member });
    member = null;
    t.tracker.addSteps(4);
    await settle();
    expect(t.tracker.getState().stepsSinceLastSync).toBe(0);
    await t.tracker.sync();
    expect(t.sent).toEqual([]);
    member = 42;
    t.tracker.addSteps(2);
    await t.tracker.sync();
    expect(t.sent).toEqual([expect.objectContaining({ owner: 42, steps: 2 })]);
  });

  it("keeps the steps and reads the signed-in member again when the session is someone else's", async () => {
    const t = setup({
      failWith: new ApiError(409, "These steps were counted for another member", {
        code: "STEPS_OF_ANOTHER_MEMBER",
      }),
    });
    t.tracker.addSteps(3);
    await t.tracker.sync();
    expect(t.events.memberChanged).toHaveBeenCalledOnce();
    expect(t.events.refused).not.toHaveBeenCalled();
    expect(t.tracker.getState().stepsSinceLastSync).toBe(3);
  });

  it("tells the member when the server refuses steps, and drops them", async () => {
    const t = setup({
      failWith: new ApiError(422, "These steps could not be counted", { code: "IMPLAUSIBLE_STEPS" }),
    });
    t.tracker.addSteps(3);
    await t.tracker.sync();
    expect(t.events.refused).toHaveBeenCalledWith("These steps could not be counted");
    expect(t.tracker.getState().stepsSinceLastSync).toBe(0);
  });
});

describe("requestMotionPermission", () => {
  const probe = async () => false;

  it("asks iOS explicitly and explains a denial", async () => {
    const denied = await requestMotionPermission({
      DeviceMotionEvent: { requestPermission: async () => "denied" },
      isIos: true,
      probe,
    });
    expect(denied).toEqual({
      granted: false,
      message: `${IOS_PERMISSION_FAILED_PREFIX}: ${MOTION_DENIED_MESSAGE}`,
    });
    const granted = await requestMotionPermission({
      DeviceMotionEvent: { requestPermission: async () => "granted" },
      isIos: true,
      probe: async () => true,
    });
    expect(granted).toEqual({ granted: true, sensorsResponded: true });
  });

  it("assumes motion elsewhere and proceeds when the 1 s probe hears nothing", async () => {
    const ask = vi.fn();
    const result = await requestMotionPermission({
      DeviceMotionEvent: { requestPermission: ask },
      isIos: false,
      probe,
    });
    expect(result).toEqual({ granted: true, sensorsResponded: false });
    expect(ask).not.toHaveBeenCalled();
  });

  it("says so when the browser has no motion sensors", async () => {
    expect(await requestMotionPermission({ DeviceMotionEvent: undefined, isIos: false, probe })).toEqual({
      granted: false,
      message: MOTION_NOT_SUPPORTED_MESSAGE,
    });
  });
});
