import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { marketplaceItems } from "../../db/schema";

export type ItemRow = typeof marketplaceItems.$inferSelect;
export type ItemValues = Omit<typeof marketplaceItems.$inferInsert, "id">;

/** Featured first, then the newest; members see only active items. */
export function listItems(db: Db, onlyActive: boolean): Promise<ItemRow[]> {
  return db
    .select()
    .from(marketplaceItems)
    .where(onlyActive ? eq(marketplaceItems.active, true) : undefined)
    .orderBy(desc(marketplaceItems.featured), desc(marketplaceItems.id));
}

export async function insertItem(db: Db, values: ItemValues): Promise<ItemRow> {
  const [row] = await db.insert(marketplaceItems).values(values).returning();
  return row;
}

/** One item, locked for the rest of the transaction (an edit reads what it changes). */
export async function lockItem(db: Db, id: number): Promise<ItemRow | null> {
  const [row] = await db.select().from(marketplaceItems).where(eq(marketplaceItems.id, id)).for("update");
  return row ?? null;
}

export async function updateItem(
  db: Db,
  id: number,
  values: Omit<ItemValues, "createdAt">,
): Promise<ItemRow | null> {
  const [row] = await db.update(marketplaceItems).set(values).where(eq(marketplaceItems.id, id)).returning();
  return row ?? null;
}

/** The deleted item's name; null when there was none. */
export async function deleteItem(db: Db, id: number): Promise<string | null> {
  const [row] = await db
    .delete(marketplaceItems)
    .where(eq(marketplaceItems.id, id))
    .returning({ name: marketplaceItems.name });
  return row?.name ?? null;
}
