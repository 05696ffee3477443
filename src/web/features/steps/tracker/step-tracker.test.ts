import { describe, expect, it, vi } from "vitest";
import { settle, setup } from "./step-tracker-test-kit";

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

  it("tells its screens only of changes: reading the same pending count again re-renders nothing", async () => {
    const t = setup();
    const heard = vi.fn();
    t.tracker.subscribe(heard);
    const before = t.tracker.getState();
    t.tracker.init();
    await t.tracker.refreshPending();
    // The 30 s sync with nothing to send.
    expect(t.intervals.map((i) => i.ms)).toEqual([30_000]);
    t.intervals[0]?.fn();
    await settle();
    expect(t.sent).toHaveLength(0);
    expect(heard).not.toHaveBeenCalled();
    expect(t.tracker.getState()).toBe(before);
    await t.tracker.start();
    await t.step(2);
    await settle();
    expect(heard).toHaveBeenCalled();
    expect(t.tracker.getState()).toMatchObject({ stepCount: 2, stepsSinceLastSync: 2 });
    // With steps to send, the sync says so while it runs.
    const syncing: boolean[] = [];
    t.tracker.subscribe(() => syncing.push(t.tracker.getState().isSyncing));
    await t.tracker.sync();
    expect(t.sent.map((b) => b.steps)).toEqual([2]);
    expect(syncing[0]).toBe(true);
    expect(t.tracker.getState()).toMatchObject({ isSyncing: false, stepsSinceLastSync: 0 });
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
