/** One accelerometer reading: time in milliseconds, acceleration in m/s² with gravity included. */
export interface MotionSample {
  t: number;
  x: number;
  y: number;
  z: number;
}

/** A streaming step detector: feed samples in time order, read steps out. */
export interface StepDetector {
  /** Returns how many steps this sample completed (a gate may credit several buffered steps at once). */
  push(sample: MotionSample): number;
  total(): number;
}
