// `npm run bench:steps -- [folder] [--hz N] [--detector spec|default]`: replays every .csv or .csv.gz
// recording of the step data set format (test/fixtures/steps/README.md) in a folder (the project's
// own fixtures by default) through a detector, resampled to N Hz when given, and prints the
// scores and the detector's throughput (samples per second of CPU, parsing and resampling left
// out); the last line is one JSON object.
import { performance } from "node:perf_hooks";
import { createDetector, type DetectorKind, parseRecording, resample } from "../src/core/steps";
import {
  listRecordings,
  placementOf,
  readRecordingText,
  STEP_FIXTURES,
} from "../test/fixtures/steps/recordings";

function parseArgs(argv: string[]): { folder: string; hz: number | null; detector: DetectorKind } {
  let folder: string | undefined;
  let hz: number | null = null;
  let detector: DetectorKind = "default";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--hz") {
      hz = Number(argv[++i]);
      if (!(hz > 0)) throw new Error("--hz needs a positive number");
    } else if (arg === "--detector") {
      const value = argv[++i];
      if (value !== "spec" && value !== "default") throw new Error("--detector is spec or default");
      detector = value;
    } else if (folder === undefined) {
      folder = arg;
    } else {
      throw new Error(`Unexpected argument ${arg}`);
    }
  }
  return { folder: folder ?? STEP_FIXTURES, hz, detector };
}

const round = (v: number): number => Math.round(v * 100) / 100;

const { folder, hz, detector } = parseArgs(process.argv.slice(2));
const files = listRecordings(folder);
const perRecording: { file: string; truth: number; counted: number }[] = [];
let samplesPushed = 0;
let detectorMs = 0;
for (const file of files) {
  const recording = parseRecording(readRecordingText(file, folder));
  const samples = hz === null ? recording.samples : resample(recording.samples, hz);
  const d = createDetector(detector);
  const started = performance.now();
  for (const s of samples) d.push(s);
  detectorMs += performance.now() - started;
  samplesPushed += samples.length;
  perRecording.push({ file, truth: recording.truth, counted: d.total() });
  console.log(`${file}: truth ${recording.truth}, counted ${d.total()}`);
}
const groundTruthSteps = perRecording.reduce((a, r) => a + r.truth, 0);
const countedSteps = perRecording.reduce((a, r) => a + r.counted, 0);
const errors = perRecording.map((r) => (r.truth > 0 ? Math.abs(r.counted - r.truth) / r.truth : 0));
// Each placement weighs the same however many recordings it has: its mean absolute error.
const byPlacement = new Map<string, number[]>();
perRecording.forEach((r, i) => {
  const placement = placementOf(r.file);
  byPlacement.set(placement, [...(byPlacement.get(placement) ?? []), errors[i]]);
});
const placementErrorPct = Object.fromEntries(
  [...byPlacement].map(([p, e]) => [p, round((100 * e.reduce((a, x) => a + x, 0)) / e.length)]),
);
const placementMeans = Object.values(placementErrorPct);
console.log(
  JSON.stringify({
    detector,
    hz: hz ?? "native",
    recordings: perRecording.length,
    groundTruthSteps,
    countedSteps,
    meanAbsErrorPct: round((100 * errors.reduce((a, e) => a + e, 0)) / Math.max(1, errors.length)),
    meanPlacementErrorPct: round(
      placementMeans.reduce((a, x) => a + x, 0) / Math.max(1, placementMeans.length),
    ),
    placementErrorPct,
    totalErrorPct: round((100 * Math.abs(countedSteps - groundTruthSteps)) / Math.max(1, groundTruthSteps)),
    samples: samplesPushed,
    detectorMs: round(detectorMs),
    samplesPerSecond: Math.round(samplesPushed / Math.max(1e-3, detectorMs / 1000)),
    perRecording,
  }),
);
