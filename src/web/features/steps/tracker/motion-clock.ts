/**
 * Times motion readings for the step detector. A busy page delivers devicemotion events late and
 * then in bursts, all stamped within a millisecond or two; read as they are, a burst looks like
 * a sudden jolt and a late gap like a pause in the walk. The sensor, though, sampled at a steady
 * `interval`: each reading is placed at least one interval after the previous one, and never
 * before its own timestamp, so bursts spread back out and a real pause (no readings) stays one.
 */
export function createMotionClock() {
  let last = Number.NEGATIVE_INFINITY;
  return (timeStamp: number, interval: number | null | undefined): number => {
    // Older iOS reports the interval in seconds, the specification in milliseconds.
    const ms = interval && interval > 0 ? (interval < 1 ? interval * 1000 : interval) : 0;
    last = Math.max(timeStamp, last + ms);
    return last;
  };
}
