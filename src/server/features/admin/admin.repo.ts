import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { ledgerTransfers, users } from "../../db/schema";

export async function findLiveUser(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The fee transfers into the fees account's shards: how many, and the newest `limit`. */
export async function platformFeeTransfers(db: Db, feesAccountIds: number[], limit: number) {
  if (feesAccountIds.length === 0) return { count: 0, recent: [] };
  const where = and(
    inArray(ledgerTransfers.creditAccountId, feesAccountIds),
    eq(ledgerTransfers.kind, "platform_fee"),
  );
  const [{ n }] = await db.select({ n: count() }).from(ledgerTransfers).where(where);
  const recent = await db
    .select({
      id: ledgerTransfers.id,
      amount: ledgerTransfers.amount,
      createdAt: ledgerTransfers.createdAt,
      username: users.username,
    })
    .from(ledgerTransfers)
    .leftJoin(users, eq(users.id, ledgerTransfers.userId))
    .where(where)
    .orderBy(desc(ledgerTransfers.id))
    .limit(limit);
  return { count: n, recent };
}

/** The description (for a grant: its reason) of a transfer. */
export async function transferDescription(db: Db, id: number): Promise<string | undefined> {
  const [row] = await db
    .select({ description: ledgerTransfers.description })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, id))
    .limit(1);
  return row?.description;
}
