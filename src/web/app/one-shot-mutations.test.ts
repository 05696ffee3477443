import { MutationObserver } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { globalReconcileMutationOptions } from "../features/admin/api";
import {
  forgotPasswordMutationOptions,
  loginMutationOptions,
  registerMutationOptions,
  resetPasswordMutationOptions,
} from "../features/auth/mutations";
import { acceptRulesMutationOptions } from "../features/community-rules/api";
import {
  createMutationOptions,
  joinMutationOptions,
  leaveMutationOptions,
} from "../features/competitions/api";
import {
  contributeMutationOptions,
  createGroupMutationOptions,
  deleteGroupMutationOptions,
  joinGroupMutationOptions,
  leaveGroupMutationOptions,
} from "../features/groups/api";
import { createCheckoutMutationOptions } from "../features/subscription/api";
import {
  confirmSandboxPaymentMutationOptions,
  convertMutationOptions,
  createPaymentIntentMutationOptions,
  processDepositMutationOptions,
  reconcileDepositsMutationOptions,
  setupBankingMutationOptions,
} from "../features/wallet/api";
import { createQueryClient, RETRY_DELAY_MS } from "../lib/query-client";

const FP = "Abcdefghijklmnopqrstuvwxyz012345";

/**
 * The client's default is one mutation retry (specification 1, section 9). These mutations must
 * not repeat: when the first attempt reached the server but its answer was lost, a second attempt
 * registers twice ("Username already taken"), opens a second checkout, sends a second email...
 */
const oneShot: [string, object, unknown][] = [
  ["register", registerMutationOptions, { username: "casey", password: "x" }],
  ["login", loginMutationOptions, { username: "casey", password: "x" }],
  ["create-checkout", createCheckoutMutationOptions, undefined],
  ["accept-rules", acceptRulesMutationOptions, undefined],
  ["forgot-password", forgotPasswordMutationOptions, { email: "casey@example.test" }],
  ["reset-password", resetPasswordMutationOptions, { token: "t", password: "fresh-start-22" }],
  // Money: a repeat could convert twice, open a second payment or charge a card again.
  ["fitcoin-convert", convertMutationOptions, { amount: 10 }],
  ["create-payment-intent", createPaymentIntentMutationOptions, { amount: 20, purpose: "deposit" }],
  [
    "sandbox-confirm",
    confirmSandboxPaymentMutationOptions,
    { clientSecret: "pi_1_secret", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123" },
  ],
  // Competitions: a repeated join or create after a lost answer is refused ("already joined") or
  // makes a second competition; a repeated leave is refused after the refund.
  ["competition-join", joinMutationOptions, 7],
  ["competition-leave", leaveMutationOptions, 7],
  [
    "competition-create",
    createMutationOptions,
    {
      name: "Autumn Sprint",
      description: "A week",
      entryFee: 10,
      maxParticipants: null,
      startDate: "2026-11-24T09:00:00Z",
      endDate: "2026-11-30T09:00:00Z",
      entryDeadlineHours: null,
    },
  ],
  // Groups: a repeated join, create or contribution pays twice or is refused; leave and delete
  // are refused after the refund.
  ["group-join", joinGroupMutationOptions, "AB12CD34"],
  ["group-contribute", contributeMutationOptions, { id: 3, amount: 5, description: "" }],
  ["group-leave", leaveGroupMutationOptions, 3],
  ["group-delete", deleteGroupMutationOptions, 3],
  [
    "group-create",
    createGroupMutationOptions,
    {
      name: "Walkers",
      description: "",
      isPrivate: false,
      hasScheduledCompetition: false,
      competitionStartDate: null,
      competitionStartTime: null,
      entryDeadlineHours: null,
      competitionDuration: null,
      poolEntryPrice: 15,
    },
  ],
  ["process-deposit", processDepositMutationOptions, { paymentIntentId: "pi_1", amount: 20 }],
  ["reconcile-deposits", reconcileDepositsMutationOptions, undefined],
  ["global-reconcile", globalReconcileMutationOptions, undefined],
  [
    "setup-banking",
    setupBankingMutationOptions,
    {
      bankName: "First Bank",
      accountType: "checking",
      routingNumber: "021000021",
      accountNumber: "1234",
      confirmAccountNumber: "1234",
    },
  ],
];

beforeEach(() => {
  const data = new Map([["deviceFingerprint", FP]]);
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
      removeItem: (k: string) => void data.delete(k),
    },
    location: { pathname: "/", assign: vi.fn() },
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("mutations that must not repeat", () => {
  it.each(oneShot)("%s is sent once even when its answer is lost", async (_name, options, variables) => {
    vi.useFakeTimers();
    // The first attempt's answer is lost (network error); a second attempt would succeed.
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);

    const observer = new MutationObserver(createQueryClient(), options as never);
    const settled = observer.mutate(variables as never).then(
      () => "succeeded",
      () => "failed",
    );
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3);
    await expect(settled).resolves.toBe("failed");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("other mutations keep the default single retry", async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue(new Response('{"ok":true}', { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    const observer = new MutationObserver(createQueryClient(), {
      mutationFn: () => fetch("/api/anything").then((r) => r.json()),
    });
    const settled = observer.mutate();
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3);
    await expect(settled).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
