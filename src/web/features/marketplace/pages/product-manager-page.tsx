import { Package, Plus, RefreshCw } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { Product } from "../../../../core/schemas/store";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";
import { errorMessage } from "../../../lib/utils";
import { AdminGuard } from "../../admin/components/admin-guard";
import { useDeleteProduct, useProducts } from "../api";
import { ProductAdminRow } from "../components/product-admin-row";
import { ProductForm } from "../components/product-form";

type FormState = { mode: "closed" } | { mode: "add" } | { mode: "edit"; product: Product };

function ProductManager() {
  const products = useProducts();
  const remove = useDeleteProduct();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [deleting, setDeleting] = useState<Product | null>(null);
  const list = products.data ?? [];
  const close = () => setForm({ mode: "closed" });

  const onDelete = () => {
    if (!deleting) return;
    const target = deleting;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast({
          title: "Product Deleted",
          description: `${target.name} has been deleted.`,
          variant: "success",
        });
        if (form.mode === "edit" && form.product.id === target.id) close();
        setDeleting(null);
      },
      onError: (error) => {
        toast({
          title: "Delete Failed",
          description: errorMessage(error, "Failed to delete the product"),
          variant: "destructive",
        });
        setDeleting(null);
      },
    });
  };

  let body: ReactNode;
  if (products.isPending) {
    body = <ListLoading label="Loading products" />;
  } else if (products.isError) {
    body = <ListError message="Could not load the products." onRetry={() => void products.refetch()} />;
  } else if (list.length === 0) {
    body =
      form.mode === "add" ? null : (
        <EmptyState
          icon={Package}
          title="No products yet"
          action={
            <Button onClick={() => setForm({ mode: "add" })}>
              <Plus aria-hidden="true" /> Add First Product
            </Button>
          }
        >
          Products you add are listed here and in the Fitness Gear Store.
        </EmptyState>
      );
  } else {
    const inactive = list.filter((p) => !p.active).length;
    body = (
      <section aria-labelledby="all-products" className="grid gap-3">
        <h2 id="all-products" className="text-lg font-bold text-slate-900">
          All Products{" "}
          <span className="text-sm font-medium text-slate-600">
            ({list.length}
            {inactive > 0 ? `, ${inactive} inactive` : ""})
          </span>
        </h2>
        <div className="grid grid-cols-1 items-start gap-3 lg:grid-cols-2">
          {list.map((p) => (
            <ProductAdminRow
              key={p.id}
              product={p}
              editing={form.mode === "edit" && form.product.id === p.id}
              onEdit={() => setForm({ mode: "edit", product: p })}
              onDelete={() => setDeleting(p)}
            />
          ))}
        </div>
      </section>
    );
  }

  const showAdd = list.length > 0 && form.mode !== "add";
  return (
    <>
      <PageHeader
        title="Product Manager"
        description="Products of the Fitness Gear Store."
        backHref="/marketplace"
        backLabel="Gear Store"
        actions={
          <>
            <Button
              variant="outline"
              onClick={() => void products.refetch()}
              disabled={products.isFetching}
              aria-busy={products.isFetching}
            >
              <RefreshCw aria-hidden="true" className={products.isFetching ? "animate-spin" : undefined} />
              Refresh Data
            </Button>
            {showAdd ? (
              <Button onClick={() => setForm({ mode: "add" })}>
                <Plus aria-hidden="true" /> Add Product
              </Button>
            ) : null}
          </>
        }
      />
      <div className="grid gap-6">
        {form.mode === "add" ? <ProductForm key="add" onClose={close} /> : null}
        {form.mode === "edit" ? (
          <ProductForm key={`edit-${form.product.id}`} product={form.product} onClose={close} />
        ) : null}
        {body}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete Product"
        description={deleting ? `Delete "${deleting.name}"? This cannot be undone.` : ""}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        destructive
        onConfirm={onDelete}
      />
    </>
  );
}

/** /marketplace/admin (specification 3 section 2): every product, add, edit, delete. */
export function ProductManagerPage() {
  return (
    <AdminGuard>
      <ProductManager />
    </AdminGuard>
  );
}
