/** Time is injected so that tests and jobs can drive it without sleeping. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** A clock tests can move by hand. */
export function manualClock(start: Date | string = "2026-01-15T12:00:00Z") {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    set: (at: Date | string) => {
      current = new Date(at).getTime();
    },
    advance: (ms: number) => {
      current += ms;
    },
  };
}
