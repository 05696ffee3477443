import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";

/** http_ece (a dependency of web-push, without types): RFC 8188 content decryption. */
type Ece = {
  decrypt(
    buffer: Buffer,
    params: { version: "aes128gcm"; privateKey: ReturnType<typeof createECDH>; authSecret: string },
  ): Buffer;
};
const ece = createRequire(import.meta.url)("http_ece") as Ece;

/** A push's body decrypted as the browser holding `privateKey` and `authSecret` would (aes128gcm). */
export function decryptPush(
  body: Buffer,
  privateKey: ReturnType<typeof createECDH>,
  authSecret: string,
): string {
  return ece.decrypt(body, { version: "aes128gcm", privateKey, authSecret }).toString("utf8");
}

export type ReceivedPush = {
  /** Which subscription (the path's last part). */
  device: string;
  title: string;
  body: string;
  link: string;
  tag: string;
  authorization: string;
};

/**
 * A local push service for tests: each `device()` is a browser's subscription (an ECDH key pair
 * and auth secret the test holds), its pushes are decrypted (aes128gcm, RFC 8291) as a browser
 * would. `answer` lets a test make the service refuse (404, 410, 500).
 */
export async function startPushEndpoint() {
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const listeners = new Set<(push: ReceivedPush) => void>();
  let failures = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", () => {
      const device = decodeURIComponent(request.url?.split("/").pop() ?? "");
      const status = answers.get(device) ?? 201;
      const key = keys.get(device);
      if (status === 201 && key) {
        try {
          const message = JSON.parse(decryptPush(Buffer.concat(chunks), key.ecdh, key.auth)) as Omit<
            ReceivedPush,
            "device" | "authorization"
          >;
          const push = { device, authorization: String(request.headers.authorization), ...message };
          received.push(push);
          for (const listener of listeners) listener(push);
        } catch {
          failures++;
        }
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/push`;

  return {
    received,
    /** Pushes that arrived but could not be decrypted. */
    failures: () => failures,
    /** A new browser subscription on this service, as PushSubscription.toJSON() gives it. */
    device(name = randomBytes(6).toString("hex")) {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      keys.set(name, { ecdh, auth });
      return {
        name,
        subscription: {
          endpoint: `${base}/${name}`,
          expirationTime: null,
          keys: { p256dh: ecdh.getPublicKey().toString("base64url"), auth },
        },
      };
    },
    answer(device: string, status: number) {
      answers.set(device, status);
    },
    for: (device: string) => received.filter((r) => r.device === device),
    /** Calls `listener` with each push as it arrives, before it is answered. */
    onPush(listener: (push: ReceivedPush) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;
