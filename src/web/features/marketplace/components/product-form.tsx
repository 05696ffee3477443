import { type FormEvent, useEffect, useRef, useState } from "react";
import { PRODUCT_CATEGORIES, PRODUCT_RATING_MAX, PRODUCT_RATING_MIN } from "../../../../core/constants";
import type { Product } from "../../../../core/schemas/store";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { FormField, fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { NativeSelect } from "../../../components/ui/native-select";
import { Textarea } from "../../../components/ui/textarea";
import { toast } from "../../../components/ui/use-toast";
import { useCreateProduct, useUpdateProduct } from "../api";
import {
  checkProductForm,
  emptyProductForm,
  type ProductField,
  type ProductFieldErrors,
  type ProductFormValues,
  productFormFrom,
  serverFieldErrors,
} from "../product-form-model";
import { categoryLabel } from "../store-view";

type TextField = Exclude<ProductField, "featured" | "active" | "category">;

/** Fields in the order they are shown: the first one in error takes the focus. */
const FIELD_ORDER: ProductField[] = [
  "name",
  "brand",
  "description",
  "price",
  "category",
  "imageUrl",
  "affiliateLink",
  "rating",
  "reviewCount",
];

/**
 * Add Product and Edit Product (specification 3 section 5), in the page rather than a dialog so
 * the long form scrolls with it on a phone. Checked with the route's schema before sending; a
 * refusal from the server is shown beside its fields and in a toast.
 */
export function ProductForm({ product, onClose }: { product?: Product; onClose: () => void }) {
  const editing = product !== undefined;
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const pending = create.isPending || update.isPending;
  const [values, setValues] = useState<ProductFormValues>(() =>
    editing ? productFormFrom(product) : emptyProductForm(),
  );
  const [errors, setErrors] = useState<ProductFieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const prefix = editing ? `product-${product.id}` : "new-product";
  const id = (field: ProductField) => `${prefix}-${field}`;

  // Opening the form brings it into view with the cursor in its first field.
  useEffect(() => {
    formRef.current?.scrollIntoView({ block: "start", behavior: "smooth" });
    formRef.current?.querySelector<HTMLInputElement>("input")?.focus({ preventScroll: true });
  }, []);

  const set = <F extends ProductField>(field: F, value: ProductFormValues[F]) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const showErrors = (next: ProductFieldErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((f) => next[f]);
    if (first) document.getElementById(id(first))?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = checkProductForm(values);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    const onError = (error: Error) => {
      const refused = serverFieldErrors(error);
      showErrors(refused.fields);
      toast({
        title: editing ? "Update Failed" : "Creation Failed",
        description:
          refused.message ?? (editing ? "Failed to update the product" : "Failed to add the product"),
        variant: "destructive",
      });
    };
    if (editing) {
      update.mutate(
        { id: product.id, body: checked.body },
        {
          onSuccess: (saved) => {
            toast({
              title: "Product Updated",
              description: `${saved.name} has been saved.`,
              variant: "success",
            });
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(checked.body, {
        onSuccess: (saved) => {
          toast({ title: "Product Added", description: `${saved.name} has been added.`, variant: "success" });
          onClose();
        },
        onError,
      });
    }
  };

  const text = (field: TextField, label: string, extra: Record<string, unknown> = {}) => (
    <FormField id={id(field)} label={label} error={errors[field]}>
      <Input
        {...fieldA11y(id(field), errors[field])}
        {...extra}
        value={values[field]}
        onChange={(event) => set(field, event.target.value)}
      />
    </FormField>
  );

  const flag = (field: "featured" | "active", label: string, hint: string) => (
    <div className="flex items-start gap-3 rounded-xl border border-slate-200 p-3">
      <Checkbox
        id={id(field)}
        checked={values[field]}
        onCheckedChange={(v) => set(field, v === true)}
        aria-describedby={`${id(field)}-hint`}
        className="mt-0.5"
      />
      <div className="grid gap-1">
        <Label htmlFor={id(field)}>{label}</Label>
        <p id={`${id(field)}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );

  return (
    <Card className="scroll-mt-20">
      <CardHeader>
        <CardTitle id={`${prefix}-title`}>{editing ? "Edit Product" : "Add Product"}</CardTitle>
        <CardDescription>
          {editing
            ? `Changes to ${product.name} show in the store at once.`
            : "Fields marked * are required."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          aria-labelledby={`${prefix}-title`}
          className="grid gap-4"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {text("name", "Name *", { maxLength: 120, autoComplete: "off" })}
            {text("brand", "Brand *", { maxLength: 80, autoComplete: "off" })}
          </div>
          <FormField id={id("description")} label="Description *" error={errors.description}>
            <Textarea
              {...fieldA11y(id("description"), errors.description)}
              value={values.description}
              onChange={(event) => set("description", event.target.value)}
              maxLength={2000}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            {text("price", "Price (USD) *", {
              type: "number",
              inputMode: "decimal",
              step: "0.01",
              min: "0.01",
              placeholder: "129.99",
            })}
            <FormField id={id("category")} label="Category">
              <NativeSelect
                id={id("category")}
                value={values.category}
                onChange={(event) => set("category", event.target.value)}
              >
                {PRODUCT_CATEGORIES.some((c) => c.value === values.category) ? null : (
                  <option value={values.category}>{categoryLabel(values.category)}</option>
                )}
                {PRODUCT_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
          {text("imageUrl", "Image URL *", { type: "url", inputMode: "url", placeholder: "https://" })}
          {text("affiliateLink", "Affiliate Link *", {
            type: "url",
            inputMode: "url",
            placeholder: "https://",
          })}
          <div className="grid grid-cols-2 gap-4">
            {text("rating", "Rating (1-5)", {
              type: "number",
              inputMode: "decimal",
              step: "0.1",
              min: String(PRODUCT_RATING_MIN),
              max: String(PRODUCT_RATING_MAX),
              placeholder: "Optional",
            })}
            {text("reviewCount", "Review Count", {
              type: "number",
              inputMode: "numeric",
              step: "1",
              min: "0",
              placeholder: "Optional",
            })}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            {flag("featured", "Featured", "Shown in Featured Products (at most 3 are shown).")}
            {flag("active", "Active", "Shown to members in the store.")}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {pending ? "Saving..." : editing ? "Save Changes" : "Add Product"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
