import { deviceTimeZone, knownTimeZone } from "../../lib/local-datetime";
import { useUser } from "./api";

/**
 * The zone every date is entered and shown in: the member's profile time zone (DESIGN 1, days
 * and time zones), the device's only while no member is signed in.
 */
export function useTimeZone(): string {
  const user = useUser();
  return user ? knownTimeZone(user.timeZone) : deviceTimeZone();
}
