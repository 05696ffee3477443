import {
  infiniteQueryOptions,
  mutationOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import { WALLET_REFRESH_MS } from "../../../core/constants";
import type {
  BankingDetails,
  BankingSetupBody,
  BankingSetupResult,
  CreatePaymentIntentBody,
  FitcoinConversionResult,
  PaymentIntentCreated,
  PaymentIntentInfo,
  ProcessDepositBody,
  ProcessDepositResult,
  RecentTransaction,
  ReconciliationResult,
  SandboxConfirmBody,
  Transaction,
  TransactionReceipt,
} from "../../../core/schemas/money";
import type { StatementQuery, TransactionPage } from "../../../core/schemas/statements";
import { apiDownload, apiRequest, getQueryFn } from "../../lib/api-client";
import { useStartupAnswer } from "../../lib/startup-answer";
import { authKeys, currentUserQueryOptions } from "../auth/api";

export const walletKeys = {
  balance: ["/api/wallet/balance"] as const,
  fitcoins: ["/api/fitcoin/balance"] as const,
  transactions: ["/api/transactions"] as const,
  recent: ["/api/transactions/recent"] as const,
  banking: ["/api/auth/banking"] as const,
  receipt: (id: number) => [`/api/transactions/${id}/receipt`] as const,
  paymentIntent: (clientSecret: string) =>
    [`/api/payments/intent?client_secret=${encodeURIComponent(clientSecret)}`] as const,
};

/** Every query whose answer a money movement changes. */
const moneyKeys = [
  authKeys.user,
  walletKeys.balance,
  walletKeys.fitcoins,
  walletKeys.transactions,
  walletKeys.recent,
];

function useInvalidateMoney(): () => Promise<void> {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all(moneyKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

// ---------------------------------------------------------------- queries

export const transactionsQueryOptions = queryOptions({
  queryKey: walletKeys.transactions,
  queryFn: getQueryFn<Transaction[]>({ on401: "throw" }),
  refetchInterval: WALLET_REFRESH_MS,
});

/** The wallet's history, refreshed every 5 s (specification 3, section 4). */
export function useTransactions() {
  return useQuery(transactionsQueryOptions);
}

/** The current user refreshed every 5 s while the wallet is open (balances live on the user). */
export function useLiveUser() {
  return useQuery({ ...currentUserQueryOptions, refetchInterval: WALLET_REFRESH_MS });
}

/** Under the history's key, so whatever invalidates the history invalidates its pages too. */
export const transactionPagesKey = [...walletKeys.transactions, "pages"] as const;

/** Pages refreshed every 5 s while the member reads the newest; older pages loaded stay as they are. */
const LIVE_PAGES = 2;

/**
 * The wallet's history a page at a time, newest first (GET /api/transactions/page): "Load more"
 * fetches the lines older than the last one shown.
 */
export const transactionPagesQueryOptions = infiniteQueryOptions({
  queryKey: transactionPagesKey,
  initialPageParam: null as number | null,
  queryFn: ({ pageParam, signal }) =>
    apiRequest<TransactionPage>(`/api/transactions/page${pageParam === null ? "" : `?cursor=${pageParam}`}`, {
      signal,
    }),
  getNextPageParam: (last) => last.nextCursor,
  refetchInterval: (query) =>
    (query.state.data?.pages.length ?? 0) <= LIVE_PAGES ? WALLET_REFRESH_MS : false,
});

/** The history; the first page asked for at start-up (opened on /wallet) is shown without asking again. */
export function useTransactionPages() {
  const fromStartup = useStartupAnswer(transactionPagesKey);
  return useInfiniteQuery({ ...transactionPagesQueryOptions, refetchOnMount: !fromStartup });
}

/** The statement's download address for the chosen days and currency (both days included). */
export function statementUrl(q: StatementQuery): string {
  const params = new URLSearchParams();
  if (q.from) params.set("from", q.from);
  if (q.to) params.set("to", q.to);
  if (q.currency) params.set("currency", q.currency);
  const text = params.toString();
  return `/api/transactions.csv${text ? `?${text}` : ""}`;
}

/** Downloads the member's statement as a CSV file (the browser saves it). */
export async function downloadStatement(q: StatementQuery): Promise<void> {
  const { blob, filename } = await apiDownload(statementUrl(q));
  const href = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = href;
  link.download = filename ?? "steprace-statement.csv";
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has handed the file to the browser.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const recentTransactionsQueryOptions = queryOptions({
  queryKey: walletKeys.recent,
  queryFn: getQueryFn<RecentTransaction[]>({ on401: "throw" }),
});

export function useRecentTransactions() {
  return useQuery(recentTransactionsQueryOptions);
}

/** One line's receipt (GET /api/transactions/:id/receipt): what its receipt email says, if it had one. */
export function transactionReceiptQueryOptions(id: number) {
  return queryOptions({
    queryKey: walletKeys.receipt(id),
    queryFn: getQueryFn<TransactionReceipt>({ on401: "throw" }),
    // A receipt never changes.
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

export function useTransactionReceipt(id: number) {
  return useQuery(transactionReceiptQueryOptions(id));
}

export const bankingQueryOptions = queryOptions({
  queryKey: walletKeys.banking,
  queryFn: getQueryFn<{ banking: BankingDetails | null }>({ on401: "throw" }),
});

export function useBanking() {
  return useQuery(bankingQueryOptions);
}

export function paymentIntentQueryOptions(clientSecret: string) {
  return queryOptions({
    queryKey: walletKeys.paymentIntent(clientSecret),
    queryFn: getQueryFn<PaymentIntentInfo>({ on401: "throw" }),
    // The checkout decides from one answer; a refetch on focus must not reset a paid form.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}

export function usePaymentIntent(clientSecret: string) {
  return useQuery(paymentIntentQueryOptions(clientSecret));
}

// ---------------------------------------------------------------- fetchers

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";

export interface ConversionRequest {
  amount: number;
  /** The same key for a retry of the same submission, so the server converts at most once. */
  idempotencyKey: string;
}

export function convertToFitcoins({
  amount,
  idempotencyKey,
}: ConversionRequest): Promise<FitcoinConversionResult> {
  return apiRequest("/api/fitcoin/purchase", {
    method: "POST",
    body: { amount },
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/** The member's payment behind a client secret (GET /api/payments/intent), fetched once. */
export function fetchPaymentIntent(clientSecret: string): Promise<PaymentIntentInfo> {
  const [url] = walletKeys.paymentIntent(clientSecret);
  return apiRequest(url);
}

export function createPaymentIntent(body: CreatePaymentIntentBody): Promise<PaymentIntentCreated> {
  return apiRequest("/api/create-payment-intent", { method: "POST", body });
}

export function confirmSandboxPayment(
  body: SandboxConfirmBody,
): Promise<{ status: "succeeded"; paymentIntentId: string }> {
  return apiRequest("/api/sandbox/payment-intents/confirm", { method: "POST", body });
}

export function processDeposit(body: ProcessDepositBody): Promise<ProcessDepositResult> {
  return apiRequest("/api/process-deposit", { method: "POST", body });
}

export function reconcileDeposits(): Promise<ReconciliationResult> {
  return apiRequest("/api/reconcile-deposits", { method: "POST" });
}

export function setupBanking(body: BankingSetupBody): Promise<BankingSetupResult> {
  return apiRequest("/api/auth/setup-banking", { method: "POST", body });
}

// ---------------------------------------------------------------- mutations

/*
 * retry: 0 on every money mutation: repeating one whose answer was lost could open a second
 * payment or charge a card again. A conversion carries an Idempotency-Key, and the member's own
 * retry of the same submission sends the same key (see submission-key.ts); it is not retried
 * silently either, so the member sees what happened. process-deposit is idempotent on the
 * server, but its failure has its own message (the money appears shortly).
 */

export const convertMutationOptions = mutationOptions({
  mutationKey: ["fitcoin-convert"],
  mutationFn: convertToFitcoins,
  retry: 0,
});

export function useConvertMutation() {
  const invalidate = useInvalidateMoney();
  return useMutation({ ...convertMutationOptions, onSettled: invalidate });
}

export const createPaymentIntentMutationOptions = mutationOptions({
  mutationKey: ["create-payment-intent"],
  mutationFn: createPaymentIntent,
  retry: 0,
});

export function useCreatePaymentIntentMutation() {
  return useMutation(createPaymentIntentMutationOptions);
}

export const confirmSandboxPaymentMutationOptions = mutationOptions({
  mutationKey: ["sandbox-confirm"],
  mutationFn: confirmSandboxPayment,
  retry: 0,
});

export function useConfirmSandboxPaymentMutation() {
  return useMutation(confirmSandboxPaymentMutationOptions);
}

export const processDepositMutationOptions = mutationOptions({
  mutationKey: ["process-deposit"],
  mutationFn: processDeposit,
  retry: 0,
});

export function useProcessDepositMutation() {
  const invalidate = useInvalidateMoney();
  return useMutation({ ...processDepositMutationOptions, onSettled: invalidate });
}

export const reconcileDepositsMutationOptions = mutationOptions({
  mutationKey: ["reconcile-deposits"],
  mutationFn: reconcileDeposits,
  retry: 0,
});

export function useReconcileDepositsMutation() {
  const invalidate = useInvalidateMoney();
  return useMutation({ ...reconcileDepositsMutationOptions, onSettled: invalidate });
}

export const setupBankingMutationOptions = mutationOptions({
  mutationKey: ["setup-banking"],
  mutationFn: setupBanking,
  retry: 0,
});

export function useSetupBankingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...setupBankingMutationOptions,
    onSuccess: (result) => queryClient.setQueryData(walletKeys.banking, { banking: result.banking }),
  });
}
