import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/*
 * One clock (issue 32 item 5): every time a member sees is written by src/web/lib/format.ts, in the
 * profile's zone. A screen that formats a time itself (toLocaleTimeString, Intl.DateTimeFormat, a
 * date's toLocaleString, the device's own clock) shows the device's zone instead: this fails then.
 */

const WEB = join(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** What may appear where; everything else is a screen formatting a time on its own. */
const RULES: { name: string; pattern: RegExp; allowedIn: string[] }[] = [
  // Only to read the device's zone (the last rule says where), never to write a time.
  {
    name: "Intl.DateTimeFormat",
    pattern: /Intl\.DateTimeFormat\b(?!\(\)\.resolvedOptions\(\))/,
    allowedIn: [],
  },
  {
    name: "a device-zone date string",
    pattern: /\.to(Locale)?(Date|Time)String\(/,
    // The step queue seals a batch at the device's midnight: a key, never shown.
    allowedIn: ["features/steps/tracker/step-queue.ts"],
  },
  {
    // Numbers in en-US ("12,345") are fine; a bare toLocaleString() or one with date options is not.
    name: "toLocaleString other than a number's en-US",
    pattern: /\.toLocaleString\((?!"en-US"\)|"en-US", \{ (minimum|maximum)FractionDigits)/,
    allowedIn: [],
  },
  {
    name: "the device's wall clock",
    pattern: /\.get(Hours|Minutes|Seconds|Date|Day|Month|FullYear|TimezoneOffset)\(\)/,
    allowedIn: ["lib/local-datetime.ts"],
  },
  {
    name: "the device's time zone",
    pattern: /resolvedOptions\(\)\.timeZone|deviceTimeZone\(/,
    // The formatter's fallback while signed out, sign-up's zone, the picker's "Use this device's
    // zone", and the device fingerprint (specification 1, section 4).
    allowedIn: [
      "lib/local-datetime.ts",
      "lib/format.ts",
      "lib/device-fingerprint.ts",
      "features/auth/mutations.ts",
      "features/auth/use-time-zone.ts",
      "components/time-zone-picker.tsx",
    ],
  },
  {
    name: "core/dates outside the formatter",
    pattern: /core\/dates"/,
    allowedIn: ["lib/format.ts", "lib/local-datetime.ts"],
  },
];

describe("one clock: times are formatted only by lib/format.ts", () => {
  const files = sources(WEB);

  it("finds the screens to check", () => {
    expect(files.length).toBeGreaterThan(100);
  });

  for (const rule of RULES) {
    it(`no screen uses ${rule.name}`, () => {
      const found: string[] = [];
      for (const file of files) {
        const name = relative(WEB, file).replaceAll("\\", "/");
        if (rule.allowedIn.includes(name)) continue;
        readFileSync(file, "utf8")
          .split("\n")
          .forEach((line, i) => {
            if (rule.pattern.test(line)) found.push(`${name}:${i + 1}: ${line.trim()}`);
          });
      }
      expect(found).toEqual([]);
    });
  }
});
