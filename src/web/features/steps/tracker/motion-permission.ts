import { SENSOR_PROBE_MS } from "../../../../core/constants";

export const MOTION_NOT_SUPPORTED_MESSAGE = "Motion sensors not supported on this device.";
export const MOTION_DENIED_MESSAGE =
  "Motion permission denied. Please go to Settings > Safari > Motion & Orientation Access and enable it for this website.";
export const IOS_PERMISSION_FAILED_PREFIX = "iOS permission failed";

export type PermissionResult =
  | { granted: true; sensorsResponded: boolean }
  | { granted: false; message: string };

type PermissionState = "granted" | "denied" | "default";

export interface MotionPermissionEnv {
  /** The browser's DeviceMotionEvent constructor, if it has one. */
  DeviceMotionEvent: { requestPermission?: () => Promise<PermissionState> } | undefined;
  isIos: boolean;
  /** Resolves true when a motion reading arrives within the given time. */
  probe(ms: number): Promise<boolean>;
}

/**
 * Specification 1, section 4: iOS shows its explicit motion prompt (it must run inside the tap
 * that asked for it); elsewhere motion is assumed available. A 1 s probe then checks that the
 * sensors answer; when they do not, tracking proceeds anyway (some browsers only deliver
 * readings once the phone moves).
 */
export async function requestMotionPermission(env: MotionPermissionEnv): Promise<PermissionResult> {
  const Motion = env.DeviceMotionEvent;
  if (!Motion) return { granted: false, message: MOTION_NOT_SUPPORTED_MESSAGE };
  if (env.isIos && typeof Motion.requestPermission === "function") {
    try {
      const state = await Motion.requestPermission();
      if (state !== "granted") {
        return { granted: false, message: `${IOS_PERMISSION_FAILED_PREFIX}: ${MOTION_DENIED_MESSAGE}` };
      }
    } catch (error) {
      const reason = error instanceof Error && error.message ? error.message : MOTION_DENIED_MESSAGE;
      return { granted: false, message: `${IOS_PERMISSION_FAILED_PREFIX}: ${reason}` };
    }
  }
  const sensorsResponded = await env.probe(SENSOR_PROBE_MS);
  return { granted: true, sensorsResponded };
}

/** Listens for one devicemotion reading for `ms` milliseconds. */
export function probeDeviceMotion(target: Window, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onMotion = () => finish(true);
    const timer = setTimeout(() => finish(false), ms);
    function finish(responded: boolean) {
      clearTimeout(timer);
      target.removeEventListener("devicemotion", onMotion);
      resolve(responded);
    }
    target.addEventListener("devicemotion", onMotion);
  });
}
