import { FINGERPRINT_LENGTH } from "../../core/constants";
import { readStorage, storageKeys, writeStorage } from "./storage";

/** The device record of specification 1, section 3. */
export interface DeviceRecord {
  userAgent: string;
  screenResolution: string;
  timezone: string;
  language: string;
  platform: string;
  deviceMemory: number | null;
  hardwareConcurrency: number | null;
  colorDepth: number;
  pixelRatio: number;
  touchSupport: boolean;
  cookieEnabled: boolean;
}

type NavigatorWithMemory = Navigator & { deviceMemory?: number };

export function collectDeviceRecord(): DeviceRecord {
  const nav = navigator as NavigatorWithMemory;
  // Sorted so that rotating the phone (width and height swap) gives the same record.
  const [short, long] = [window.screen.width, window.screen.height].sort((a, b) => a - b);
  let timezone = "";
  try {
    timezone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    timezone = "";
  }
  return {
    userAgent: nav.userAgent,
    screenResolution: `${short}x${long}x${window.screen.colorDepth}`,
    timezone,
    language: nav.language,
    platform: nav.platform,
    deviceMemory: nav.deviceMemory ?? null,
    hardwareConcurrency: nav.hardwareConcurrency ?? null,
    colorDepth: window.screen.colorDepth,
    pixelRatio: window.devicePixelRatio,
    touchSupport: "ontouchstart" in window || nav.maxTouchPoints > 0,
    cookieEnabled: nav.cookieEnabled,
  };
}

/** 32-bit string hash (cyrb-style mixing); several seeds give as many bytes as needed. */
function hash32(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 ^ h2) >>> 0;
}

function digestBytes(text: string, words: number, seedOffset: number): number[] {
  const bytes: number[] = [];
  for (let w = 0; w < words; w++) {
    const h = hash32(text, w + seedOffset);
    bytes.push(h >>> 24, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff);
  }
  return bytes;
}

/**
 * The first 32 characters of a base64 text with +, / and = removed (specification 1, section 3).
 * The base64 is taken of a digest of the record rather than of the record itself: the record's
 * JSON starts with the same user-agent prefix on every browser, so its first 32 base64
 * characters would be identical for nearly all devices.
 */
export function fingerprintFromRecord(record: DeviceRecord): string {
  const text = JSON.stringify(record);
  let out = "";
  for (let round = 0; out.length < FINGERPRINT_LENGTH; round++) {
    out += btoa(String.fromCharCode(...digestBytes(text, 8, round * 8))).replace(/[+/=]/g, "");
  }
  return out.slice(0, FINGERPRINT_LENGTH);
}

const FINGERPRINT_PATTERN = new RegExp(`^[A-Za-z0-9]{${FINGERPRINT_LENGTH}}$`);
let cached: string | null = null;

/** Computed once per browser, stored, and reused so the session stays bound to this device. */
export function getDeviceFingerprint(): string {
  if (cached) return cached;
  const stored = readStorage(storageKeys.deviceFingerprint);
  if (stored && FINGERPRINT_PATTERN.test(stored)) {
    cached = stored;
    return stored;
  }
  const fresh = fingerprintFromRecord(collectDeviceRecord());
  writeStorage(storageKeys.deviceFingerprint, fresh);
  cached = fresh;
  return fresh;
}
