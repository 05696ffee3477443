import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import webpush from "web-push";
import {
  checkEndpointUrl,
  type EndpointPolicy,
  EndpointRefused,
  guardedLookup,
  isPublicAddress,
} from "./endpoint-guard";
import type { VapidKeys } from "./vapid";

export type PushTarget = { endpoint: string; p256dh: string; auth: string };
export type PushMessage = { title: string; body: string; link: string; tag: string };

/**
 * What became of one push: delivered; gone (404 or 410: the browser unsubscribed, the
 * subscription is dropped); retry (the push service is busy or unreachable); failed (refused for
 * good: a malformed request, a private address).
 */
export type PushOutcome =
  | { result: "delivered" }
  | { result: "gone"; status: number }
  | { result: "retry"; error: string }
  | { result: "failed"; error: string };

const TIMEOUT_MS = 10_000;
/** A VAPID token is valid 12 hours and reused for one: signing one costs four times the encryption. */
const VAPID_VALID_S = 12 * 3600;
const VAPID_REUSE_MS = 3600_000;
const vapidTokens = new Map<string, { authorization: string; until: number }>();

/** The VAPID Authorization header for a push service (its origin), signed once an hour. */
function vapidAuthorization(audience: string, vapid: VapidKeys): string {
  const key = `${audience} ${vapid.publicKey}`;
  const now = Date.now();
  const cached = vapidTokens.get(key);
  if (cached && cached.until > now) return cached.authorization;
  // Real time, not the app's clock: the push service checks the token's expiry against its own.
  const headers = webpush.getVapidHeaders(
    audience,
    vapid.subject,
    vapid.publicKey,
    vapid.privateKey,
    "aes128gcm",
    Math.floor(now / 1000) + VAPID_VALID_S,
  );
  if (vapidTokens.size > 1000) vapidTokens.clear();
  vapidTokens.set(key, { authorization: headers.Authorization, until: now + VAPID_REUSE_MS });
  return headers.Authorization;
}
/** A day: a reminder an hour before a start is worthless later than that. */
const TTL_SECONDS = 24 * 3600;

/**
 * Encrypts the message for the subscription (aes128gcm, RFC 8291) and signs the VAPID header
 * (RFC 8292) with web-push, then posts it over a connection whose addresses are checked (endpoint-guard), not
 * with web-push's own request, which cannot refuse where a host resolves.
 */
export async function sendPush(
  target: PushTarget,
  message: PushMessage,
  vapid: VapidKeys,
  policy: EndpointPolicy,
): Promise<PushOutcome> {
  let url: URL;
  try {
    url = checkEndpointUrl(target.endpoint, policy);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    // A literal address is never looked up, so the connection's lookup cannot check it.
    if (isIP(host) && !policy.allowPrivate && !isPublicAddress(host)) {
      throw new EndpointRefused("The push endpoint must be on a public address");
    }
  } catch (err) {
    return { result: "failed", error: (err as Error).message };
  }
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(message),
    { TTL: TTL_SECONDS, contentEncoding: "aes128gcm" },
  );
  const headers: http.OutgoingHttpHeaders = {
    ...(details.headers as http.OutgoingHttpHeaders),
    Authorization: vapidAuthorization(url.origin, vapid),
  };
  const client = url.protocol === "https:" ? https : http;
  return new Promise<PushOutcome>((resolve) => {
    const request = client.request(
      url,
      {
        method: details.method,
        headers,
        lookup: guardedLookup(policy) as unknown as http.RequestOptions["lookup"],
        timeout: TIMEOUT_MS,
        // One push, one short request: no pooled sockets kept open to every push service.
        agent: false,
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve({ result: "delivered" });
        else if (status === 404 || status === 410) resolve({ result: "gone", status });
        else if (status === 429 || status >= 500)
          resolve({ result: "retry", error: `push service answered ${status}` });
        else resolve({ result: "failed", error: `push service answered ${status}` });
      },
    );
    request.on("timeout", () => request.destroy(new Error("push service timed out")));
    request.on("error", (err: NodeJS.ErrnoException) => {
      if (err instanceof EndpointRefused || err.code === "EPUSHREFUSED") {
        resolve({ result: "failed", error: err.message });
      } else resolve({ result: "retry", error: err.message });
    });
    request.end(details.body ?? undefined);
  });
}
