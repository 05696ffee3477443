import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bankingDetails } from "../../db/schema";

export type BankingRow = typeof bankingDetails.$inferSelect;

export async function findBanking(db: Db, userId: number): Promise<BankingRow | undefined> {
  const [row] = await db.select().from(bankingDetails).where(eq(bankingDetails.userId, userId)).limit(1);
  return row;
}

/** One row per member; a new setup replaces the old one. Takes only the last four digits. */
export async function saveBanking(
  db: Db,
  values: {
    userId: number;
    bankName: string;
    accountType: string;
    routingNumber: string;
    accountLast4: string;
  },
  at: Date,
): Promise<BankingRow> {
  const [row] = await db
    .insert(bankingDetails)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: bankingDetails.userId,
      set: {
        bankName: values.bankName,
        accountType: values.accountType,
        routingNumber: values.routingNumber,
        accountLast4: values.accountLast4,
        updatedAt: at,
      },
    })
    .returning();
  return row;
}
