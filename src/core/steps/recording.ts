import type { MotionSample } from "./types";

export interface Recording {
  samples: MotionSample[];
  /** Ground-truth step total (column 6 on the last row). */
  truth: number;
  /** The recording authors' on-phone algorithm total (column 5 on the last row). */
  authorsCount: number;
  /** Android's hardware step counter total (column 7 on the last row; 0 when not recorded). */
  hardwareCount: number;
}

/**
 * Parses one recording of the step data set: CSV without header, columns
 * `ns timestamp, x, y, z, authors' total, truth total, hardware total`.
 * Rows whose three axes are all zero are skipped: the files start with such a placeholder row.
 */
export function parseRecording(text: string): Recording {
  const samples: MotionSample[] = [];
  let truth = 0;
  let authorsCount = 0;
  let hardwareCount = 0;
  for (const rawLine of text.split("\n")) {
    const line = rawLine.trim();
    if (line === "") continue;
    const cols = line.split(",");
    if (cols.length < 4) throw new Error(`Bad step recording row: ${line}`);
    const ns = Number(cols[0]);
    const x = Number(cols[1]);
    const y = Number(cols[2]);
    const z = Number(cols[3]);
    if (![ns, x, y, z].every(Number.isFinite)) throw new Error(`Bad step recording row: ${line}`);
    if (cols.length >= 7) {
      authorsCount = Number(cols[4]);
      truth = Number(cols[5]);
      hardwareCount = Number(cols[6]);
    }
    if (x === 0 && y === 0 && z === 0) continue;
    samples.push({ t: ns / 1e6, x, y, z });
  }
  return { samples, truth, authorsCount, hardwareCount };
}
