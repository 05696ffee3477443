import { ApiError } from "../../lib/api-client";

/**
 * Idempotency keys of money submissions (POST /api/fitcoin/purchase takes an Idempotency-Key:
 * the same key replayed answers the same result without converting twice).
 *
 * One key per submission: a retry of the same submission (same amount, after a network error or
 * a lost answer) sends the key again, so the server converts at most once; a new conversion gets
 * a new key.
 */

/** A random UUID v4; crypto.randomUUID where the page has it (secure contexts only). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === "function") return c.randomUUID();
  const bytes = c.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether a failed request may still have been applied, or may succeed if sent again unchanged:
 * no answer at all (network error, aborted), an unreadable 2xx answer, a server error, a time-out
 * or a rate limit. Anything else is the server's definitive answer (insufficient funds, validation,
 * session; 409: the key was used for another movement): that submission is over.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  const { status } = error;
  return status < 400 || status >= 500 || status === 408 || status === 429;
}

export interface SubmissionKeys {
  /** The key to send for a submission of `what`: the open one when it is the same, else a new one. */
  keyFor(what: string): string;
  /** After the answer: a success or a definitive refusal closes the submission; an unknown outcome keeps it open. */
  settle(error?: unknown): void;
  /** The member starts over (the dialog was closed): the next submission is a new one. */
  reset(): void;
}

export function createSubmissionKeys(newKey: () => string = newIdempotencyKey): SubmissionKeys {
  let open: { what: string; key: string } | null = null;
  return {
    keyFor(what) {
      if (open?.what !== what) open = { what, key: newKey() };
      return open.key;
    },
    settle(error) {
      if (error === undefined || !outcomeUnknown(error)) open = null;
    },
    reset() {
      open = null;
    },
  };
}

/** Sends a submission of `what` with its key and settles the key by the answer. */
export async function submitWithKey<T>(
  keys: SubmissionKeys,
  what: string,
  send: (idempotencyKey: string) => Promise<T>,
): Promise<T> {
  const key = keys.keyFor(what);
  try {
    const result = await send(key);
    keys.settle();
    return result;
  } catch (error) {
    keys.settle(error);
    throw error;
  }
}
