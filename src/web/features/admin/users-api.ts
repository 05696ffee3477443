// The admin panel's user tools: users lists, test accounts, Add FitCoins, delete, mark as test.
import {
  keepPreviousData,
  type QueryClient,
  useMutation,
  useMutationState,
  useQuery,
  useQueryClient,
} from "@tanstack/react-query";
import type { AdminUser, DeleteTestAccountsResult, TestAccount } from "../../../core/schemas/members";
import type { AddCoinsBody } from "../../../core/schemas/money";
import { apiRequest, getQueryFn } from "../../lib/api-client";
import { IDEMPOTENCY_KEY_HEADER } from "../wallet/api";

export const adminUsersKeyPrefix = "/api/admin/users";
export const testAccountsKey = ["/api/admin/test-accounts"] as const;

/** Every users list (searches, pages) and the test accounts: after any change to a member. */
function invalidateUsers(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (q) => {
      const key = q.queryKey[0];
      return typeof key === "string" && (key.startsWith(adminUsersKeyPrefix) || key === testAccountsKey[0]);
    },
  });
}

/** One page of GET /api/admin/users (newest first); off while `enabled` is false (a blank search). */
export function useAdminUsers(url: string, enabled = true) {
  return useQuery({
    queryKey: [url],
    queryFn: getQueryFn<AdminUser[]>({ on401: "throw" }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useTestAccounts() {
  return useQuery({ queryKey: testAccountsKey, queryFn: getQueryFn<TestAccount[]>({ on401: "throw" }) });
}

export interface AddCoinsRequest extends AddCoinsBody {
  /** The same key for a retry of the same grant, so the server credits at most once. */
  idempotencyKey: string;
}

/** Not retried: the admin's own retry resends the same key instead. */
export function useAddCoins() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["admin-add-coins"],
    mutationFn: ({ idempotencyKey, ...body }: AddCoinsRequest) =>
      apiRequest<{ message: string }>("/api/admin/add-coins", {
        method: "POST",
        body,
        headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      }),
    retry: 0,
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** Mutation keys of the two ways a member is deleted, so a screen can forget a deleted member. */
const DELETE_ONE = ["admin", "delete-user"] as const;
const DELETE_TESTS = ["admin", "delete-test-accounts"] as const;

/** The ids of the members deleted from this page so far, one by one or by Delete All Test Accounts. */
export function useUserDeletions(): number[] {
  const one = useMutationState({
    filters: { mutationKey: DELETE_ONE, status: "success" },
    select: (m) => m.state.variables as number,
  });
  const bulk = useMutationState({
    filters: { mutationKey: DELETE_TESTS, status: "success" },
    select: (m) => (m.state.data as DeleteTestAccountsResult | undefined)?.deletedIds ?? [],
  });
  return [...one, ...bulk.flat()];
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELETE_ONE,
    mutationFn: (id: number) =>
      apiRequest<{ message: string }>(`/api/admin/users/${id}`, { method: "DELETE" }),
    retry: 0,
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/** Mark as Test (`test: true`) and its undo (`test: false`). */
export function useSetTestAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, test }: { id: number; test: boolean }) =>
      apiRequest<{ message: string }>(`/api/admin/users/${id}/${test ? "mark-test" : "unmark-test"}`, {
        method: "PATCH",
      }),
    retry: 0,
    onSuccess: () => invalidateUsers(queryClient),
  });
}

/**
 * Delete All Test Accounts: those with nothing at stake, and the ones with a subscription or a
 * balance in `includeIds` (the server keeps any others and says so); none but the `shownIds` the
 * confirmation listed.
 */
export function useDeleteTestAccounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: DELETE_TESTS,
    mutationFn: ({ includeIds, shownIds }: { includeIds: number[]; shownIds: number[] }) =>
      apiRequest<DeleteTestAccountsResult>("/api/admin/test-accounts", {
        method: "DELETE",
        body: { includeIds, shownIds },
      }),
    retry: 0,
    onSuccess: () => invalidateUsers(queryClient),
  });
}
