import { expect, type Page } from "@playwright/test";
import { type MotionSample, parseRecording, resample } from "../../src/core/steps";
import { readRecordingText } from "../../test/fixtures/steps/recordings";
import { ageAccount } from "./account-age";

export interface WalkSegment {
  /** Samples at 60 Hz, times from 0 ms. */
  samples: MotionSample[];
  /** Ground-truth steps inside the segment (the heel sensors' running total, column 6). */
  truth: number;
}

/**
 * A stretch of a real recording, resampled to the 60 Hz a browser delivers, with the true steps
 * taken in it (the difference of the running ground-truth total across the stretch).
 */
export function walkSegment(file: string, fromS: number, toS: number): WalkSegment {
  const text = readRecordingText(file);
  const { samples } = parseRecording(text);
  const rows = text
    .trim()
    .split("\n")
    .map((line) => line.split(",").map(Number))
    .filter((c) => !(c[1] === 0 && c[2] === 0 && c[3] === 0));
  const t0 = samples[0]?.t ?? 0;
  const truthAt = (ms: number) => {
    let total = 0;
    for (const c of rows) {
      if ((c[0] ?? 0) / 1e6 - t0 > ms) break;
      total = c[5] ?? 0;
    }
    return total;
  };
  const inside = samples
    .filter((s) => s.t - t0 >= fromS * 1000 && s.t - t0 < toS * 1000)
    .map((s) => ({ ...s, t: s.t - t0 - fromS * 1000 }));
  return { samples: resample(inside, 60), truth: truthAt(toS * 1000) - truthAt(fromS * 1000) };
}

/**
 * Plays samples into the page as devicemotion events, in real time: the event's own timestamp
 * is what the tracker reads, so the readings must arrive at the pace they were recorded.
 */
export async function playWalk(page: Page, samples: MotionSample[]): Promise<number> {
  return page.evaluate(async (readings) => {
    const start = performance.now();
    let i = 0;
    await new Promise<void>((done) => {
      const tick = () => {
        const elapsed = performance.now() - start;
        while (i < readings.length && (readings[i]?.t ?? 0) <= elapsed) {
          const r = readings[i] as { x: number; y: number; z: number };
          window.dispatchEvent(
            new DeviceMotionEvent("devicemotion", {
              accelerationIncludingGravity: { x: r.x, y: r.y, z: r.z },
              interval: 1000 / 60,
            }),
          );
          i++;
        }
        if (i >= readings.length) done();
        else setTimeout(tick, 4);
      };
      tick();
    });
    return i;
  }, samples);
}

/** The server's count of today's steps, asked with the page's own session and device header. */
export async function serverStepsToday(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const fingerprint = localStorage.getItem("deviceFingerprint") ?? "";
    const response = await fetch("/api/steps/today", {
      credentials: "include",
      headers: { "Content-Type": "application/json", "X-Device-Fingerprint": fingerprint },
    });
    return ((await response.json()) as { steps: number }).steps;
  });
}

/**
 * POST /api/steps from the member's browser, as the tracker sends a batch: their session cookie,
 * the device fingerprint the session was created with (the app keeps it in localStorage), a fresh
 * batch id, counted now. The account is aged a day first, so that many steps are plausible.
 */
export async function syncStepsNow(page: Page, steps: number): Promise<void> {
  await ageAccount(page);
  const status = await page.evaluate(async (count) => {
    const response = await fetch("/api/steps", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "X-Device-Fingerprint": localStorage.getItem("deviceFingerprint") ?? "",
      },
      body: JSON.stringify({
        steps: count,
        timestamp: new Date().toISOString(),
        batchId: crypto.randomUUID(),
      }),
    });
    return response.status;
  }, steps);
  expect(status).toBe(200);
}
