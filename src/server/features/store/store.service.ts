import { formatMinor } from "../../../core/money";
import type { Product, ProductBody } from "../../../core/schemas/store";
import type { AppContext } from "../../context";
import { notFound } from "../../errors";
import { requireAdmin, requireUser, type Viewer } from "../../http/viewer";
import { changedFields, recordAdminAction } from "../audit/audit.service";
import * as repo from "./store.repo";

/** The gear store (specification 3 sections 2-5; DESIGN 1, store). */

function toProduct(row: repo.ItemRow): Product {
  return {
    id: row.id,
    name: row.name,
    brand: row.brand,
    description: row.description,
    price: formatMinor(row.priceCents),
    imageUrl: row.imageUrl,
    category: row.category,
    affiliateLink: row.affiliateLink,
    featured: row.featured,
    rating: row.ratingTenths === null ? null : row.ratingTenths / 10,
    reviewCount: row.reviewCount,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function valuesOf(body: ProductBody) {
  return {
    name: body.name,
    brand: body.brand,
    description: body.description,
    priceCents: body.price,
    imageUrl: body.imageUrl,
    category: body.category,
    affiliateLink: body.affiliateLink,
    featured: body.featured,
    ratingTenths: body.rating,
    reviewCount: body.reviewCount,
    active: body.active,
  };
}

const noSuchProduct = () => notFound("Product not found");

/** Members see the active products; admins (the product manager) see every product. */
export async function items(ctx: AppContext, viewer: Viewer): Promise<Product[]> {
  const user = requireUser(viewer);
  const rows = await repo.listItems(ctx.db, !user.isAdmin);
  return rows.map(toProduct);
}

export async function create(ctx: AppContext, viewer: Viewer, body: ProductBody): Promise<Product> {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertItem(tx, { ...valuesOf(body), createdAt: now, updatedAt: now });
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "product.create",
      targetType: "product",
      targetId: created.id,
      details: { name: created.name, priceUsd: formatMinor(created.priceCents), active: created.active },
      at: now,
    });
    return created;
  });
  ctx.log.info({ productId: row.id, adminId: admin.id }, "product created");
  return toProduct(row);
}

export async function update(
  ctx: AppContext,
  viewer: Viewer,
  id: number,
  body: ProductBody,
): Promise<Product> {
  const admin = requireAdmin(viewer);
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const before = await repo.lockItem(tx, id);
    if (!before) throw noSuchProduct();
    const values = valuesOf(body);
    const updated = await repo.updateItem(tx, id, { ...values, updatedAt: now });
    if (!updated) throw noSuchProduct();
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "product.edit",
      targetType: "product",
      targetId: id,
      details: { name: updated.name, changes: changedFields(before, values) },
      at: now,
    });
    return updated;
  });
  return toProduct(row);
}

export async function remove(ctx: AppContext, viewer: Viewer, id: number) {
  const admin = requireAdmin(viewer);
  await ctx.db.transaction(async (tx) => {
    const name = await repo.deleteItem(tx, id);
    if (name === null) throw noSuchProduct();
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: "product.delete",
      targetType: "product",
      targetId: id,
      details: { name },
      at: ctx.clock.now(),
    });
  });
  ctx.log.info({ productId: id, adminId: admin.id }, "product deleted");
  return { message: "Product deleted" };
}
