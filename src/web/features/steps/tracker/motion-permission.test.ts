import { describe, expect, it, vi } from "vitest";
import {
  IOS_PERMISSION_FAILED_PREFIX,
  MOTION_DENIED_MESSAGE,
  MOTION_NOT_SUPPORTED_MESSAGE,
  requestMotionPermission,
} from "./motion-permission";

describe("requestMotionPermission", () => {
  const probe = async () => false;

  it("asks iOS explicitly and explains a denial", async () => {
    const denied = await requestMotionPermission({
      DeviceMotionEvent: { requestPermission: async () => "denied" },
      isIos: true,
      probe,
    });
    expect(denied).toEqual({
      granted: false,
      message: `${IOS_PERMISSION_FAILED_PREFIX}: ${MOTION_DENIED_MESSAGE}`,
    });
    const granted = await requestMotionPermission({
      DeviceMotionEvent: { requestPermission: async () => "granted" },
      isIos: true,
      probe: async () => true,
    });
    expect(granted).toEqual({ granted: true, sensorsResponded: true });
  });

  it("assumes motion elsewhere and proceeds when the 1 s probe hears nothing", async () => {
    const ask = vi.fn();
    const result = await requestMotionPermission({
      DeviceMotionEvent: { requestPermission: ask },
      isIos: false,
      probe,
    });
    expect(result).toEqual({ granted: true, sensorsResponded: false });
    expect(ask).not.toHaveBeenCalled();
  });

  it("says so when the browser has no motion sensors", async () => {
    expect(await requestMotionPermission({ DeviceMotionEvent: undefined, isIos: false, probe })).toEqual({
      granted: false,
      message: MOTION_NOT_SUPPORTED_MESSAGE,
    });
  });
});
