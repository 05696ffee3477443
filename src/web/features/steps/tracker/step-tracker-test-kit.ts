import { vi } from "vitest";
import type { MotionSample, StepDetector } from "../../../../core/steps";
import { createMemoryStepQueue, type PendingBatch } from "./step-queue";
import { createStepTracker, type TrackerEnv } from "./step-tracker";

// The step tracker tests' kit: a detector the tests drive, and a tracker with its environment faked.

/** A detector that counts one step per reading whose x is 1, so tests decide when steps happen. */
export function countingDetector(): StepDetector {
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

export function setup(
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

export const settle = () => new Promise((r) => setTimeout(r, 10));
