import { z } from "zod";
import {
  CONVERSION_MIN_CENTS,
  DEPOSIT_MAX_CENTS,
  DEPOSIT_MIN_CENTS,
  FITCOIN_PURCHASE_MAX_CENTS,
  FITCOIN_PURCHASE_MIN_CENTS,
} from "../constants";
import { formatMinor, parseMinor } from "../money";
import { dbIdSchema } from "./common";

/*
 * Wallet, payments, reconciliation and banking shapes (specification 3, sections 3, 5 and 9;
 * DESIGN.md 1 and 2.3). Requests carry dollars as numbers with at most two decimals; answers
 * carry dollars as strings ("12.50") and FitCoins as numbers (8.5). Amounts are compared in
 * cents, never as floating-point dollars.
 */

export const ROUTING_NUMBER_LENGTH = 9;

export const AMOUNT_REQUIRED_MESSAGE = "Amount is required";
export const AMOUNT_DECIMALS_MESSAGE = "Amount can have at most 2 decimal places";
export const DEPOSIT_RANGE_MESSAGE = "Amount must be between $5 and $500";
export const FITCOIN_PURCHASE_RANGE_MESSAGE = "Amount must be between $5 and $50";
export const CONVERSION_MIN_MESSAGE = "Amount must be at least $1";

/** 'Amount cannot exceed your balance of $X.XX' (specification 3, section 5). */
export function conversionMaxMessage(balanceCents: number): string {
  return `Amount cannot exceed your balance of $${formatMinor(balanceCents)}`;
}

/** Whole cents of a dollar amount, or null when it has more than two decimals or is not finite. */
export function dollarsToCents(dollars: number): number | null {
  if (!Number.isFinite(dollars)) return null;
  const abs = parseMinor(Math.abs(dollars));
  if (abs === null) return null;
  return dollars < 0 ? -abs : abs;
}

/** A dollar amount (number) within [min, max] cents; max null means no upper limit here. */
export function dollarAmountSchema(minCents: number, maxCents: number | null, rangeMessage: string) {
  return z.number({ error: AMOUNT_REQUIRED_MESSAGE }).superRefine((dollars, ctx) => {
    const value = dollarsToCents(dollars);
    if (value === null) {
      ctx.addIssue({ code: "custom", message: AMOUNT_DECIMALS_MESSAGE });
    } else if (value < minCents || (maxCents !== null && value > maxCents)) {
      ctx.addIssue({ code: "custom", message: rangeMessage });
    }
  });
}

export const depositAmountSchema = dollarAmountSchema(
  DEPOSIT_MIN_CENTS,
  DEPOSIT_MAX_CENTS,
  DEPOSIT_RANGE_MESSAGE,
);
export const fitcoinPurchaseAmountSchema = dollarAmountSchema(
  FITCOIN_PURCHASE_MIN_CENTS,
  FITCOIN_PURCHASE_MAX_CENTS,
  FITCOIN_PURCHASE_RANGE_MESSAGE,
);
/** The upper limit (the wallet balance) is the server's to check: 422 INSUFFICIENT_FUNDS. */
export const conversionAmountSchema = dollarAmountSchema(CONVERSION_MIN_CENTS, null, CONVERSION_MIN_MESSAGE);

// ---------------------------------------------------------------- requests

export const paymentPurposeSchema = z.enum(["deposit", "fitcoins"]);
export type PaymentPurpose = z.infer<typeof paymentPurposeSchema>;

/** POST /api/create-payment-intent: deposits $5 to $500, FitCoin purchases by card $5 to $50. */
export const createPaymentIntentBodySchema = z
  .object({
    amount: z.number({ error: AMOUNT_REQUIRED_MESSAGE }),
    purpose: paymentPurposeSchema.optional(),
  })
  .superRefine(({ amount, purpose }, ctx) => {
    const schema = purpose === "fitcoins" ? fitcoinPurchaseAmountSchema : depositAmountSchema;
    const result = schema.safeParse(amount);
    if (!result.success) {
      for (const issue of result.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: ["amount"] });
      }
    }
  });
export type CreatePaymentIntentBody = z.infer<typeof createPaymentIntentBodySchema>;

/** POST /api/fitcoin/purchase: converts wallet dollars to FitCoins. */
export const fitcoinConversionBodySchema = z.object({ amount: conversionAmountSchema });
export type FitcoinConversionBody = z.infer<typeof fitcoinConversionBodySchema>;

/** POST /api/sandbox/payment-intents/confirm: the sandbox checkout's card. */
export const sandboxConfirmBodySchema = z.object({
  clientSecret: z.string().min(1, "Client secret is required").max(300),
  cardNumber: z.string().max(30),
  expiry: z.string().max(10),
  cvc: z.string().max(10),
});
export type SandboxConfirmBody = z.infer<typeof sandboxConfirmBodySchema>;

/** POST /api/process-deposit (amount in dollars). */
export const processDepositBodySchema = z.object({
  paymentIntentId: z.string().min(1, "Payment intent id is required").max(300),
  amount: z.number({ error: AMOUNT_REQUIRED_MESSAGE }),
});
export type ProcessDepositBody = z.infer<typeof processDepositBodySchema>;

export const MONEY_REASON_REQUIRED = "A reason is required";
export const MONEY_REASON_MAX = 200;

/**
 * The reason of an admin money move (a grant, its reversal): required, trimmed. It is the line the
 * member reads in their history and the reason in the admin audit log.
 */
export const moneyReasonSchema = z
  .string({ error: MONEY_REASON_REQUIRED })
  .trim()
  .min(1, MONEY_REASON_REQUIRED)
  .max(MONEY_REASON_MAX, `Reason must be at most ${MONEY_REASON_MAX} characters`);

/** POST /api/admin/add-coins (specification 3, section 5; issue 23: the reason is required). */
export const ADD_COINS_INVALID_MESSAGE = "Please select a user and enter a valid amount";
/** Whole FitCoins (the form's step is 1). */
export const addCoinsBodySchema = z.object({
  userId: dbIdSchema(ADD_COINS_INVALID_MESSAGE),
  amount: z
    .number({ error: ADD_COINS_INVALID_MESSAGE })
    .int(ADD_COINS_INVALID_MESSAGE)
    .positive(ADD_COINS_INVALID_MESSAGE)
    .max(1_000_000, "Amount must be at most 1,000,000 FitCoins"),
  reason: moneyReasonSchema,
});
export type AddCoinsBody = z.infer<typeof addCoinsBodySchema>;

// ---------------------------------------------------------------- forms (text inputs)

/** A form's amount field: the text of the input, then the request's dollar schema. */
function amountText<T extends z.ZodType<number, number>>(schema: T) {
  return z
    .string()
    .trim()
    .min(1, AMOUNT_REQUIRED_MESSAGE)
    .transform((text) => Number(text))
    .pipe(schema);
}

export const depositFormSchema = z.object({ amount: amountText(depositAmountSchema) });
export const fitcoinPurchaseFormSchema = z.object({ amount: amountText(fitcoinPurchaseAmountSchema) });

/** Convert to FitCoins: at least $1, at most the balance (when known). */
export function conversionFormSchema(balanceCents: number | null) {
  return z.object({
    amount: amountText(conversionAmountSchema).refine(
      (dollars) => {
        const value = dollarsToCents(dollars);
        return balanceCents === null || value === null || value <= balanceCents;
      },
      conversionMaxMessage(balanceCents ?? 0),
    ),
  });
}
export type AmountFormInput = { amount: string };

export const accountTypeSchema = z.enum(["checking", "savings"], { error: "Account type is required" });
export type AccountType = z.infer<typeof accountTypeSchema>;

export const ACCOUNT_NUMBERS_MISMATCH_MESSAGE = "Account Numbers Don't Match";

/** POST /api/auth/setup-banking and the banking form (specification 3, section 5). */
export const bankingSetupSchema = z
  .object({
    bankName: z
      .string({ error: "Bank name is required" })
      .trim()
      .min(1, "Bank name is required")
      .max(100, "Bank name must be at most 100 characters"),
    accountType: accountTypeSchema,
    routingNumber: z
      .string({ error: "Routing number is required" })
      .trim()
      .min(1, "Routing number is required")
      .regex(/^\d{9}$/, `Routing number must be exactly ${ROUTING_NUMBER_LENGTH} digits`),
    accountNumber: z
      .string({ error: "Account number is required" })
      .trim()
      .min(1, "Account number is required")
      .regex(/^\d{4,17}$/, "Account number must be 4 to 17 digits"),
    confirmAccountNumber: z.string({ error: ACCOUNT_NUMBERS_MISMATCH_MESSAGE }).trim(),
  })
  .refine((v) => v.accountNumber === v.confirmAccountNumber, {
    message: ACCOUNT_NUMBERS_MISMATCH_MESSAGE,
    path: ["confirmAccountNumber"],
  });
export type BankingSetupInput = z.input<typeof bankingSetupSchema>;
export type BankingSetupBody = z.output<typeof bankingSetupSchema>;

// ---------------------------------------------------------------- answers

/** Dollars as a decimal string with two decimals: "12.50", "-8.50", "+20.00" (history). */
export const moneyStringSchema = z.string().regex(/^[+-]?\d+\.\d{2}$/, "Invalid money amount");

export const TRANSACTION_TYPES = [
  "deposit",
  "fitcoin_purchase",
  "platform_fee",
  "entry_fee",
  "refund",
  "prize",
  "winnings",
  "pool_contribution",
  "admin_grant",
  "admin_reversal",
  "redemption",
  "subscription",
  "chargeback",
] as const;
export const transactionTypeSchema = z.enum(TRANSACTION_TYPES);
export type TransactionType = z.infer<typeof transactionTypeSchema>;

export const currencySchema = z.enum(["USD", "FC"]);
export type Currency = z.infer<typeof currencySchema>;

/** GET /api/transactions (newest first): amount signed, "+20.00" in, "-8.50" out. */
export const transactionSchema = z.object({
  id: z.number().int(),
  type: transactionTypeSchema,
  amount: moneyStringSchema,
  currency: currencySchema,
  description: z.string(),
  createdAt: z.string(),
  /** "card": paid by card directly (the membership, FitCoins bought by card); the wallet never moved. */
  source: z.enum(["wallet", "card"]),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** GET /api/transactions/recent: the 3 newest, with timestamp (= createdAt). */
export const recentTransactionSchema = transactionSchema.extend({ timestamp: z.string() });
export type RecentTransaction = z.infer<typeof recentTransactionSchema>;

/**
 * GET /api/transactions/:id/receipt: a wallet line's receipt. A line of a card payment (a deposit,
 * FitCoins bought by card, the membership) says what that payment's receipt email says, under the
 * provider's payment id as `reference`, the one the email asks members to quote; any other line
 * has its transaction number (`TX-<id>`) as its reference.
 */
export const transactionReceiptSchema = z.object({
  /** "payment": a card payment's receipt (as emailed); "transaction": a movement inside the app. */
  kind: z.enum(["payment", "transaction"]),
  /** The amount the receipt is for: "$25.00", or "8.50 FitCoins". */
  amount: z.string(),
  /** What it paid for or what moved: "Wallet deposit", "Entry fee for ...". */
  what: z.string(),
  /** When, in the member's profile zone: "26 Nov 2026, 11:55 (Europe/Berlin)". */
  date: z.string(),
  reference: z.string(),
  line: transactionSchema,
});
export type TransactionReceipt = z.infer<typeof transactionReceiptSchema>;

export const walletBalanceSchema = z.object({ balance: moneyStringSchema });
export type WalletBalance = z.infer<typeof walletBalanceSchema>;

/** A Gift Card of the Month redemption: `amount` is the card's value in dollars (50 or 100). */
export const fitcoinRedemptionSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  brand: z.string(),
  fitcoinsSpent: z.number(),
  status: z.enum(["pending", "delivered", "fulfilled", "failed"]),
  giftCardCode: z.string().nullable(),
  /** The card's page at the provider (Tremendous), once delivered. */
  giftCardLink: z.string().nullable(),
  /** Issued by the built-in sandbox provider: its code buys nothing (the screens say so). */
  sandbox: z.boolean(),
  createdAt: z.string(),
});
export const fitcoinBalanceSchema = z.object({
  balance: z.number(),
  redemptions: z.array(fitcoinRedemptionSchema),
});
export type FitcoinBalance = z.infer<typeof fitcoinBalanceSchema>;

export const fitcoinConversionResultSchema = z.object({
  message: z.string(),
  fitcoins: z.number(),
  fee: moneyStringSchema,
  balance: moneyStringSchema,
  fitcoinBalance: z.number(),
});
export type FitcoinConversionResult = z.infer<typeof fitcoinConversionResultSchema>;

export const paymentIntentCreatedSchema = z.object({
  clientSecret: z.string(),
  paymentIntentId: z.string(),
  amount: z.number(),
});
export type PaymentIntentCreated = z.infer<typeof paymentIntentCreatedSchema>;

export const paymentStatusSchema = z.enum(["requires_payment_method", "succeeded", "failed"]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

/** GET /api/payments/intent?client_secret=...: what the checkout page shows and how it pays. */
export const paymentIntentInfoSchema = z.object({
  paymentIntentId: z.string(),
  amount: moneyStringSchema,
  purpose: paymentPurposeSchema,
  status: paymentStatusSchema,
  provider: z.enum(["sandbox", "stripe"]),
  publishableKey: z.string().nullable(),
});
export type PaymentIntentInfo = z.infer<typeof paymentIntentInfoSchema>;

export const paymentIntentQuerySchema = z.object({ client_secret: z.string().min(1).max(300) });

export const sandboxConfirmResultSchema = z.object({
  status: z.literal("succeeded"),
  paymentIntentId: z.string(),
});

export const processDepositResultSchema = z.object({
  message: z.string(),
  balance: moneyStringSchema,
  fitcoins: z.number(),
});
export type ProcessDepositResult = z.infer<typeof processDepositResultSchema>;

export const reconciliationResultSchema = z.object({
  missingDepositsFound: z.number().int(),
  depositsRecovered: z.number().int(),
  message: z.string(),
  recoveredDeposits: z.array(
    z.object({ amount: moneyStringSchema, paymentIntentId: z.string(), transactionId: z.number().int() }),
  ),
});
export type ReconciliationResult = z.infer<typeof reconciliationResultSchema>;

export const globalReconciliationResultSchema = z.object({
  usersScanned: z.number().int(),
  totalMissingDeposits: z.number().int(),
  totalRecoveredDeposits: z.number().int(),
  message: z.string(),
  recoveryReport: z.array(
    z.object({
      userId: z.number().int(),
      username: z.string(),
      missingCount: z.number().int(),
      recoveredCount: z.number().int(),
      totalAmount: moneyStringSchema,
    }),
  ),
});
export type GlobalReconciliationResult = z.infer<typeof globalReconciliationResultSchema>;

export const platformFeesSchema = z.object({
  totalBalance: moneyStringSchema,
  count: z.number().int(),
  recentTransactions: z.array(
    z.object({
      id: z.number().int(),
      amount: moneyStringSchema,
      username: z.string(),
      createdAt: z.string(),
      status: z.string(),
    }),
  ),
});
export type PlatformFees = z.infer<typeof platformFeesSchema>;

export const bankingDetailsSchema = z.object({
  bankName: z.string(),
  accountType: accountTypeSchema,
  routingNumber: z.string(),
  accountLast4: z.string(),
  updatedAt: z.string(),
});
export type BankingDetails = z.infer<typeof bankingDetailsSchema>;

export const bankingAnswerSchema = z.object({ banking: bankingDetailsSchema.nullable() });
export const bankingSetupResultSchema = z.object({ message: z.string(), banking: bankingDetailsSchema });
export type BankingSetupResult = z.infer<typeof bankingSetupResultSchema>;
