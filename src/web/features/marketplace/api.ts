import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Product, ProductBodyInput } from "../../../core/schemas/store";
import { apiRequest, getQueryFn } from "../../lib/api-client";

export type { Product, ProductBodyInput };

export const marketplaceKeys = {
  items: ["/api/marketplace/items"] as const,
};

/** The list as the viewer may see it: members get the active products, admins every product. */
export const productsQueryOptions = queryOptions({
  queryKey: marketplaceKeys.items,
  queryFn: getQueryFn<Product[]>({ on401: "throw" }),
  // Specification 3 section 7: always refetched, never served from a cache.
  staleTime: 0,
  refetchOnMount: "always",
});

export function useProducts() {
  return useQuery(productsQueryOptions);
}

function invalidateProducts(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: marketplaceKeys.items });
}

// ---------------------------------------------------------------- fetchers

export function createProduct(body: ProductBodyInput): Promise<Product> {
  return apiRequest<Product>("/api/admin/marketplace/items", { method: "POST", body });
}

/** The whole product is sent, as on creation. */
export function updateProduct({ id, body }: { id: number; body: ProductBodyInput }): Promise<Product> {
  return apiRequest<Product>(`/api/admin/marketplace/items/${id}`, { method: "PUT", body });
}

export function deleteProduct(id: number): Promise<{ message: string }> {
  return apiRequest(`/api/admin/marketplace/items/${id}`, { method: "DELETE" });
}

// ---------------------------------------------------------------- mutations

/* Not retried: a create whose answer was lost would add the product twice. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["product-create"],
    mutationFn: createProduct,
    retry: 0,
    onSuccess: () => invalidateProducts(queryClient),
  });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["product-update"],
    mutationFn: updateProduct,
    retry: 0,
    onSuccess: () => invalidateProducts(queryClient),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ["product-delete"],
    mutationFn: deleteProduct,
    retry: 0,
    // Reloaded either way: a product another admin already deleted answers 404.
    onSettled: () => invalidateProducts(queryClient),
  });
}
