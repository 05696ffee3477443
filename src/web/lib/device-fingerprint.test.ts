import { describe, expect, it } from "vitest";
import { type DeviceRecord, fingerprintFromRecord } from "./device-fingerprint";

const record: DeviceRecord = {
  userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)",
  screenResolution: "390x844x24",
  timezone: "Europe/Paris",
  language: "fr-FR",
  platform: "iPhone",
  deviceMemory: null,
  hardwareConcurrency: 6,
  colorDepth: 24,
  pixelRatio: 3,
  touchSupport: true,
  cookieEnabled: true,
};

describe("fingerprintFromRecord", () => {
  it("is 32 base64 characters without +, / or =", () => {
    const fp = fingerprintFromRecord(record);
    expect(fp).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it("is stable for the same record and differs between devices", () => {
    expect(fingerprintFromRecord({ ...record })).toBe(fingerprintFromRecord(record));
    expect(fingerprintFromRecord({ ...record, userAgent: `${record.userAgent} Other` })).not.toBe(
      fingerprintFromRecord(record),
    );
    expect(fingerprintFromRecord({ ...record, timezone: "America/New_York" })).not.toBe(
      fingerprintFromRecord(record),
    );
  });
});
