import { describe, expect, it, vi } from "vitest";
import type { PaymentIntentInfo } from "../../../core/schemas/money";
import { ApiError } from "../../lib/api-client";
import { bookReturnedPayment, initialNotice, paymentReturnAction } from "./payment-return";

const SECRET = "pi_3Abc_secret_Xyz";

function action(query: string) {
  return paymentReturnAction(new URLSearchParams(query));
}

function stripeReturn(status: string, secret: string | null = SECRET) {
  const params = new URLSearchParams({ payment: "success", payment_intent: "pi_3Abc" });
  if (secret !== null) params.set("payment_intent_client_secret", secret);
  params.set("redirect_status", status);
  return params.toString();
}

describe("paymentReturnAction", () => {
  it("does nothing on a plain /wallet", () => {
    expect(action("")).toEqual({ kind: "none" });
    expect(action("payment=cancelled")).toEqual({ kind: "none" });
  });

  it("shows success for the in-app checkout's return, which booked the payment already", () => {
    expect(action("payment=success")).toEqual({ kind: "success" });
  });

  it("books a payment Stripe's redirect reports as succeeded, by its client secret", () => {
    expect(action(stripeReturn("succeeded"))).toEqual({ kind: "book", clientSecret: SECRET });
    // Stripe's parameters alone are enough.
    expect(action(`payment_intent_client_secret=${SECRET}&redirect_status=succeeded`)).toEqual({
      kind: "book",
      clientSecret: SECRET,
    });
  });

  it("waits for a succeeded redirect without a client secret (nothing to look up: the webhook books it)", () => {
    expect(action(stripeReturn("succeeded", null))).toEqual({ kind: "processing" });
    expect(action(stripeReturn("succeeded", "  "))).toEqual({ kind: "processing" });
  });

  it("shows processing, and failed for anything else Stripe reports", () => {
    expect(action(stripeReturn("processing"))).toEqual({ kind: "processing" });
    expect(action(stripeReturn("failed"))).toEqual({ kind: "failed" });
    expect(action(stripeReturn("requires_payment_method"))).toEqual({ kind: "failed" });
    expect(action(stripeReturn(""))).toEqual({ kind: "failed" });
  });

  it("starts with the matching notice", () => {
    expect(initialNotice({ kind: "none" })).toBeNull();
    expect(initialNotice({ kind: "success" })).toBe("success");
    expect(initialNotice({ kind: "book", clientSecret: SECRET })).toBe("checking");
    expect(initialNotice({ kind: "processing" })).toBe("processing");
    expect(initialNotice({ kind: "failed" })).toBe("failed");
  });
});

function intent(overrides: Partial<PaymentIntentInfo> = {}): PaymentIntentInfo {
  return {
    paymentIntentId: "pi_3Abc",
    amount: "20.00",
    purpose: "deposit",
    status: "succeeded",
    provider: "stripe",
    publishableKey: "pk_test_x",
    ...overrides,
  };
}

describe("bookReturnedPayment", () => {
  it("looks the intent up by its secret and books it with its id and amount in dollars", async () => {
    const lookUp = vi.fn(async () => intent({ amount: "12.34" }));
    const book = vi.fn(async () => ({ message: "ok", balance: "12.34", fitcoins: 0 }));
    await expect(bookReturnedPayment(SECRET, { lookUp, book })).resolves.toBe("success");
    expect(lookUp).toHaveBeenCalledWith(SECRET);
    expect(book).toHaveBeenCalledExactlyOnceWith({ paymentIntentId: "pi_3Abc", amount: 12.34 });
  });

  it("shows processing when the server says the payment has not succeeded (409)", async () => {
    const book = vi.fn(async () => {
      throw new ApiError(409, "This payment has not succeeded");
    });
    const outcome = await bookReturnedPayment(SECRET, {
      lookUp: async () => intent({ status: "requires_payment_method" }),
      book,
    });
    expect(outcome).toBe("processing");
    expect(book).toHaveBeenCalledOnce();
  });

  it("shows failed, without booking, for an intent the provider reports failed", async () => {
    const book = vi.fn();
    await expect(
      bookReturnedPayment(SECRET, { lookUp: async () => intent({ status: "failed" }), book }),
    ).resolves.toBe("failed");
    expect(book).not.toHaveBeenCalled();
  });

  it("says the money appears shortly when booking fails otherwise (spec 3, section 8)", async () => {
    const lookUp = async () => intent();
    await expect(
      bookReturnedPayment(SECRET, {
        lookUp,
        book: async () => {
          throw new ApiError(500, "Internal error");
        },
      }),
    ).resolves.toBe("delayed");
    await expect(
      bookReturnedPayment(SECRET, {
        lookUp,
        book: async () => {
          throw new TypeError("Failed to fetch");
        },
      }),
    ).resolves.toBe("delayed");
    await expect(
      bookReturnedPayment(SECRET, {
        lookUp: async () => {
          throw new TypeError("Failed to fetch");
        },
        book: vi.fn(),
      }),
    ).resolves.toBe("delayed");
  });

  it("says not found for a secret that is not one of the member's payments", async () => {
    const book = vi.fn();
    await expect(
      bookReturnedPayment(SECRET, {
        lookUp: async () => {
          throw new ApiError(404, "Payment not found");
        },
        book,
      }),
    ).resolves.toBe("notFound");
    expect(book).not.toHaveBeenCalled();
  });
});
