import { formatCount } from "../../../core/numbers";
import type { StepTrackerState } from "./tracker/step-tracker";

export type TrackingTone = "active" | "idle" | "warning";

export interface TrackingStatus {
  /** The badge beside the card's title. */
  badge: string;
  tone: TrackingTone;
  /** The line under the title: what is happening, and what on the screen to use next. */
  help: string;
}

export const NO_SENSOR_TEXT = "No motion sensor found on this device.";

/**
 * What the step tracking card says (issue 24 item 6). "Active" only while tracking is on, permitted
 * and a sensor answers; with no reading in a few seconds (a laptop) the card says there is no
 * sensor. The help points at what is really on the screen: the motion permission card above it on
 * the phone dashboard, the Enable Tracking banner above it on the desktop one.
 */
export function trackingStatus(
  state: Pick<
    StepTrackerState,
    "isActive" | "hasPermission" | "trackingElsewhere" | "stepCount" | "error" | "noSensor"
  >,
  variant: "mobile" | "desktop",
): TrackingStatus {
  const on = state.isActive && state.hasPermission;
  if (state.noSensor) {
    return {
      badge: "No sensor",
      tone: "warning",
      help: `${NO_SENSOR_TEXT} Steps are counted by a phone's motion sensors: open StepRace on your phone to count your walk.${on ? " Stop Tracking turns the listening off here." : ""}`,
    };
  }
  if (on) {
    return {
      badge: "Active",
      tone: "active",
      help: `Counting your steps. ${formatCount(state.stepCount)} this session.`,
    };
  }
  const idle = (help: string): TrackingStatus => ({ badge: "Inactive", tone: "idle", help });
  if (state.trackingElsewhere) {
    return idle("StepRace is already counting steps in another tab or window; stop it there first.");
  }
  if (state.hasPermission) return idle("Tap Start Tracking and keep StepRace open while you walk.");
  if (state.error) {
    return idle(
      variant === "desktop"
        ? "Motion access did not work: the banner above says why."
        : "Motion access did not work: the Permission Error card above says why.",
    );
  }
  return idle(
    variant === "desktop"
      ? "Use Enable Tracking in the banner above to allow motion access, then start tracking."
      : "Tap Grant Permission in the card above, then start tracking.",
  );
}
