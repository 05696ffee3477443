import { currentZoneName } from "../../../core/time-zone-names";
import { deviceTimeZone } from "../../lib/local-datetime";
import { useUser } from "./api";

/**
 * The zone every date is entered and shown in: the member's profile time zone by its current name
 * (DESIGN 1, days and time zones), the device's only while no member is signed in.
 */
export function useTimeZone(): string {
  const user = useUser();
  return user ? currentZoneName(user.timeZone) : deviceTimeZone();
}
