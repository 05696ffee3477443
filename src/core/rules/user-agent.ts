/**
 * What a person calls the device and browser of a sign-in, read from its user agent ("iPhone",
 * "Chrome"): enough to recognise one's own phone in a list of sessions, never a fingerprint.
 */
export type DeviceName = { device: string; browser: string };

const DEVICES: [RegExp, string][] = [
  [/iPhone|iPod/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android.*Mobile/, "Android phone"],
  [/Android/, "Android tablet"],
  [/CrOS/, "Chromebook"],
  [/Macintosh|Mac OS X/, "Mac"],
  [/Windows/, "Windows PC"],
  [/Linux/, "Linux computer"],
];

// Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceName {
  const ua = userAgent ?? "";
  const device = DEVICES.find(([re]) => re.test(ua))?.[1] ?? "Unknown device";
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1] ?? "Unknown browser";
  return { device, browser };
}

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|Tablet/i;

/** A phone or tablet by its user agent (specification 1, 2.1 rule 8; the screen's width decides too). */
export function isMobileUserAgent(userAgent: string | null | undefined): boolean {
  return MOBILE_USER_AGENT.test(userAgent ?? "");
}
