import { createDefaultDetector, type DefaultDetectorOptions } from "./default-detector";
import { createSpecDetector } from "./spec-detector";
import type { StepDetector } from "./types";

export type DetectorKind = "spec" | "default";

export function createDetector(kind: DetectorKind, options?: Partial<DefaultDetectorOptions>): StepDetector {
  return kind === "spec" ? createSpecDetector() : createDefaultDetector(options);
}

export {
  createDefaultDetector,
  DEFAULT_DETECTOR_OPTIONS,
  type DefaultDetectorOptions,
} from "./default-detector";
export { parseRecording, type Recording } from "./recording";
export { resample } from "./resample";
export { createSpecDetector, SPEC_STEP_CONSTANTS } from "./spec-detector";
export type { MotionSample, StepDetector } from "./types";
