import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { isIos } from "../../lib/device";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";
import type { PendingBatch } from "./tracker/step-queue";

export const stepKeys = {
  today: ["/api/steps/today"] as const,
  dashboardStats: ["/api/dashboard/stats"] as const,
};

export interface TodaySteps {
  steps: number;
}

export interface StepSyncResponse {
  stepData: { totalSteps: number };
}

let sessionId: string | null = null;

/** One id per page load, so the server can tell the tracker's sessions apart. */
function motionSessionId(): string {
  sessionId ??= newBatchId();
  return sessionId;
}

/** A v4 UUID; `crypto.randomUUID` exists only in secure contexts, `getRandomValues` everywhere. */
export function newBatchId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function deviceType(): "ios" | "android" | undefined {
  if (isIos()) return "ios";
  return /Android/i.test(navigator.userAgent) ? "android" : undefined;
}

/**
 * POST /api/steps with the payload of specification 1, section 3, plus the batch's id (a retried
 * batch counts once), the window it was walked in (its first step) and the member it was counted
 * for (the server stores it only under their session). `keepalive` lets the sync sent as the page
 * is hidden or closed finish.
 */
export async function sendStepBatch(batch: PendingBatch): Promise<{ totalSteps: number }> {
  const response = await apiRequest<StepSyncResponse>("/api/steps", {
    method: "POST",
    keepalive: true,
    body: {
      steps: batch.steps,
      timestamp: batch.timestamp,
      batchId: batch.batchId,
      startedAt: batch.startedAt,
      userId: batch.owner ?? undefined,
      deviceSignature: getDeviceFingerprint(),
      motionData: {
        accelerometer: typeof DeviceMotionEvent !== "undefined",
        gyroscope: typeof DeviceOrientationEvent !== "undefined",
        timestamp: new Date().toISOString(),
        sessionId: motionSessionId(),
        deviceType: deviceType(),
      },
    },
  });
  return { totalSteps: response.stepData.totalSteps };
}

export interface PracticeTapResponse {
  practice: true;
  steps: number;
  syncedAt: string;
}

/**
 * A Step Test tap: POST /api/steps/practice, which answers like a sync and stores nothing, so the
 * tap counts for no total, competition, points, streak, badge or leaderboard (DESIGN 1, Step Test).
 * Open to visitors too.
 */
export function sendPracticeTap(): Promise<PracticeTapResponse> {
  return apiRequest<PracticeTapResponse>("/api/steps/practice", {
    method: "POST",
    body: { steps: 1, timestamp: new Date().toISOString() },
  });
}

export const todayStepsQueryOptions = queryOptions({
  queryKey: stepKeys.today,
  queryFn: getQueryFn<TodaySteps>({ on401: "returnNull" }),
});

/** The server's count of today's steps (the member's own day), or null when signed out. */
export function useTodaySteps() {
  return useQuery(todayStepsQueryOptions);
}
