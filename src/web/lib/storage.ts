/**
 * Every browser-storage key the client uses (specification 1, section 3 "Local browser storage").
 * Access goes through these helpers because storage throws in some private-browsing modes.
 */
export const storageKeys = {
  user: "user",
  pendingInviteCode: "pendingInviteCode",
  pendingInviteType: "pendingInviteType",
  localStepCount: "localStepCount",
  trackingEnabled: "stepTrackingEnabled",
  motionPermission: "motionPermission",
  motionPermissionGrantedAt: "motionPermissionTimestamp",
  installBannerDismissed: "installBannerDismissed",
  deviceFingerprint: "deviceFingerprint",
  serviceWorkerOptIn: "serviceWorkerOptIn",
  /** Where a sign-in that goes through the subscription and the rules leads at the end. */
  returnPath: "returnPath",
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: the app keeps working without persistence.
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above.
  }
}

export function readJsonStorage<T>(key: StorageKey): T | null {
  const text = readStorage(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export function writeJsonStorage(key: StorageKey, value: unknown): void {
  writeStorage(key, JSON.stringify(value));
}
