import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../lib/api-client";
import { isIos } from "../../lib/device";
import { getDeviceFingerprint } from "../../lib/device-fingerprint";

export interface StepSyncResponse {
  stepData?: { totalSteps?: number };
}

let sessionId: string | null = null;

function motionSessionId(): string {
  sessionId ??=
    typeof crypto.randomUUID === "function" ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
  return sessionId;
}

/** POST /api/steps with the payload of specification 1, section 3. */
export function syncSteps(steps: number): Promise<StepSyncResponse> {
  const now = new Date().toISOString();
  return apiRequest<StepSyncResponse>("/api/steps", {
    method: "POST",
    body: {
      steps,
      timestamp: now,
      deviceSignature: getDeviceFingerprint(),
      motionData: {
        accelerometer: "DeviceMotionEvent" in window,
        gyroscope: "DeviceOrientationEvent" in window,
        timestamp: now,
        sessionId: motionSessionId(),
        deviceType: isIos() ? "ios" : "android",
      },
    },
  });
}

export function useSyncStepsMutation() {
  // A failed step sync is counted locally instead of being repeated.
  return useMutation({ mutationFn: syncSteps, retry: false });
}
