/** A second-order IIR section (transposed direct form II), RBJ cookbook Butterworth designs. */
export interface Biquad {
  /** Filters one sample. */
  step(x: number): number;
  /** Puts the filter in the steady state it would reach after a long constant input x. */
  settle(x: number): void;
}

function makeBiquad(b0: number, b1: number, b2: number, a1: number, a2: number): Biquad {
  let z1 = 0;
  let z2 = 0;
  const dcGain = (b0 + b1 + b2) / (1 + a1 + a2);
  return {
    step(x) {
      const y = b0 * x + z1;
      z1 = b1 * x - a1 * y + z2;
      z2 = b2 * x - a2 * y;
      return y;
    },
    settle(x) {
      const y = dcGain * x;
      // Fixed point of the state updates; then b0 x + z1 = y holds because dcGain solves it.
      z2 = b2 * x - a2 * y;
      z1 = b1 * x - a1 * y + z2;
    },
  };
}

function design(kind: "low" | "high", cutoffHz: number, sampleHz: number): Biquad {
  const w0 = (2 * Math.PI * cutoffHz) / sampleHz;
  const cos = Math.cos(w0);
  const alpha = Math.sin(w0) / (2 * Math.SQRT1_2);
  const a0 = 1 + alpha;
  const k = kind === "low" ? (1 - cos) / 2 : (1 + cos) / 2;
  const b1 = kind === "low" ? 1 - cos : -(1 + cos);
  return makeBiquad(k / a0, b1 / a0, k / a0, (-2 * cos) / a0, (1 - alpha) / a0);
}

export function lowPass(cutoffHz: number, sampleHz: number): Biquad {
  return design("low", cutoffHz, sampleHz);
}

export function highPass(cutoffHz: number, sampleHz: number): Biquad {
  return design("high", cutoffHz, sampleHz);
}
