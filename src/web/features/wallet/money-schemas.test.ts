import { describe, expect, it } from "vitest";
import {
  addCoinsBodySchema,
  bankingSetupSchema,
  conversionFormSchema,
  createPaymentIntentBodySchema,
  depositFormSchema,
  fitcoinConversionBodySchema,
  fitcoinPurchaseFormSchema,
} from "../../../core/schemas/money";

/** The first message of a failed parse, or null when it passes. */
function messageOf(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? "");
}

describe("Buy FitCoins amount ($5 to $50, step 0.01)", () => {
  it.each(["5", "5.00", "12.34", "50", "50.00"])("accepts %s", (amount) => {
    expect(fitcoinPurchaseFormSchema.safeParse({ amount }).success).toBe(true);
  });

  it("requires an amount", () => {
    expect(messageOf(fitcoinPurchaseFormSchema.safeParse({ amount: "" }))).toBe("Amount is required");
    expect(messageOf(fitcoinPurchaseFormSchema.safeParse({ amount: "  " }))).toBe("Amount is required");
  });

  it.each(["4.99", "50.01", "0", "-5", "100"])("refuses %s", (amount) => {
    expect(messageOf(fitcoinPurchaseFormSchema.safeParse({ amount }))).toBe(
      "Amount must be between $5 and $50",
    );
  });

  it("refuses fractions of a cent", () => {
    expect(messageOf(fitcoinPurchaseFormSchema.safeParse({ amount: "10.005" }))).toBe(
      "Amount can have at most 2 decimal places",
    );
  });
});

describe("deposit amount ($5 to $500)", () => {
  it.each(["5", "20", "500"])("accepts %s", (amount) => {
    expect(depositFormSchema.parse({ amount }).amount).toBe(Number(amount));
  });

  it.each(["4.99", "500.01"])("refuses %s", (amount) => {
    expect(messageOf(depositFormSchema.safeParse({ amount }))).toBe("Amount must be between $5 and $500");
  });

  it("applies each purpose's limits to the payment-intent request", () => {
    expect(createPaymentIntentBodySchema.safeParse({ amount: 500 }).success).toBe(true);
    expect(createPaymentIntentBodySchema.safeParse({ amount: 500, purpose: "deposit" }).success).toBe(true);
    expect(messageOf(createPaymentIntentBodySchema.safeParse({ amount: 100, purpose: "fitcoins" }))).toBe(
      "Amount must be between $5 and $50",
    );
    expect(messageOf(createPaymentIntentBodySchema.safeParse({ amount: 4 }))).toBe(
      "Amount must be between $5 and $500",
    );
    expect(messageOf(createPaymentIntentBodySchema.safeParse({}))).toBe("Amount is required");
  });
});

describe("Convert to FitCoins (at least $1, at most the balance)", () => {
  const schema = conversionFormSchema(1250);

  it("accepts $1 up to the whole balance", () => {
    expect(schema.safeParse({ amount: "1" }).success).toBe(true);
    expect(schema.safeParse({ amount: "12.50" }).success).toBe(true);
  });

  it("refuses under $1", () => {
    expect(messageOf(schema.safeParse({ amount: "0.99" }))).toBe("Amount must be at least $1");
  });

  it("refuses more than the balance, naming it", () => {
    expect(messageOf(schema.safeParse({ amount: "12.51" }))).toBe(
      "Amount cannot exceed your balance of $12.50",
    );
  });

  it("leaves the upper limit to the server when the balance is unknown", () => {
    expect(conversionFormSchema(null).safeParse({ amount: "1000" }).success).toBe(true);
    expect(fitcoinConversionBodySchema.safeParse({ amount: 1000 }).success).toBe(true);
    expect(messageOf(fitcoinConversionBodySchema.safeParse({ amount: 0.5 }))).toBe(
      "Amount must be at least $1",
    );
  });
});

describe("banking form", () => {
  const valid = {
    bankName: "First Bank",
    accountType: "checking",
    routingNumber: "021000021",
    accountNumber: "123456789",
    confirmAccountNumber: "123456789",
  };

  it("accepts a complete form", () => {
    expect(bankingSetupSchema.safeParse(valid).success).toBe(true);
    expect(bankingSetupSchema.safeParse({ ...valid, accountType: "savings" }).success).toBe(true);
  });

  it("needs exactly 9 routing digits", () => {
    for (const routingNumber of ["02100002", "0210000211", "02100002a"]) {
      expect(messageOf(bankingSetupSchema.safeParse({ ...valid, routingNumber }))).toBe(
        "Routing number must be exactly 9 digits",
      );
    }
  });

  it("needs matching account numbers", () => {
    expect(messageOf(bankingSetupSchema.safeParse({ ...valid, confirmAccountNumber: "123" }))).toBe(
      "Account Numbers Don't Match",
    );
  });

  it("needs every field", () => {
    expect(messageOf(bankingSetupSchema.safeParse({ ...valid, bankName: " " }))).toBe(
      "Bank name is required",
    );
    expect(messageOf(bankingSetupSchema.safeParse({ ...valid, accountType: "" }))).toBe(
      "Account type is required",
    );
  });
});

describe("admin add FitCoins", () => {
  it("needs a user, an amount above 0 and a reason", () => {
    expect(addCoinsBodySchema.safeParse({ userId: 3, amount: 10, reason: "Prize" }).success).toBe(true);
    expect(messageOf(addCoinsBodySchema.safeParse({ userId: 3, amount: 0, reason: "Prize" }))).toBe(
      "Please select a user and enter a valid amount",
    );
    expect(messageOf(addCoinsBodySchema.safeParse({ amount: 5, reason: "Prize" }))).toBe(
      "Please select a user and enter a valid amount",
    );
    expect(messageOf(addCoinsBodySchema.safeParse({ userId: 3, amount: 10, reason: "  " }))).toBe(
      "A reason is required",
    );
  });
});
