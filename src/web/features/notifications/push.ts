import { deleteSubscription, fetchPublicKey, saveSubscription } from "./api";

/*
 * Web Push in the browser: the service worker's PushManager, the permission prompt, and the
 * server's copy of the subscription. Every step can be missing (an iPhone outside the installed
 * app, a browser without push, the service worker turned off on localhost): each says so.
 */

export type PushState =
  | { status: "unsupported"; reason: string }
  | { status: "denied" }
  | { status: "off" }
  | { status: "on"; endpoint: string };

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!("serviceWorker" in navigator)) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? null;
}

export async function pushState(): Promise<PushState> {
  if (typeof window === "undefined" || !("PushManager" in window) || !("Notification" in window)) {
    return {
      status: "unsupported",
      reason:
        "This browser cannot receive push notifications. On an iPhone, add StepRace to the Home Screen first.",
    };
  }
  const reg = await registration();
  if (!reg)
    return {
      status: "unsupported",
      reason: "Push needs the app's service worker, which is not running here.",
    };
  if (Notification.permission === "denied") return { status: "denied" };
  const sub = await reg.pushManager.getSubscription();
  return sub ? { status: "on", endpoint: sub.endpoint } : { status: "off" };
}

/** The VAPID key as PushManager wants it: the bytes of its base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Asks for permission, subscribes this browser and tells the server. */
export async function enablePush(): Promise<PushState> {
  const reg = await registration();
  if (!reg) return pushState();
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? { status: "denied" } : { status: "off" };
  const { publicKey } = await fetchPublicKey();
  const existing = await reg.pushManager.getSubscription();
  const sub =
    existing ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  await saveSubscription(sub.toJSON());
  return { status: "on", endpoint: sub.endpoint };
}

export async function disablePush(): Promise<PushState> {
  const reg = await registration();
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    // The server's copy first: a browser unsubscribed but still listed would be pushed to in vain.
    await deleteSubscription(sub.endpoint).catch(() => undefined);
    await sub.unsubscribe();
  }
  return pushState();
}
