import type { Db } from "../db/client";
import { users } from "../db/schema";
import { hashPassword } from "../features/auth/password";
import { recordSubscriptionPayment } from "../features/subscription/subscription.repo";
import { addMonth } from "../payments/provider";

export interface SeededMember {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  isAdmin?: boolean;
}

/**
 * A fully active member written straight into a database no server has opened yet (or one that
 * has no HTTP way to do it, such as making an admin): rules accepted and a month's subscription
 * paid through the sandbox's books, as the checkout would record it.
 */
export async function insertActiveMember(db: Db, member: SeededMember): Promise<number> {
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      username: member.username,
      email: `${member.username}@example.test`,
      passwordHash: await hashPassword(member.password),
      firstName: member.firstName,
      lastName: member.lastName,
      isAdmin: member.isAdmin ?? false,
      timeZone: "UTC",
      rulesAcceptedAt: now,
    })
    .returning({ id: users.id });
  await db.transaction((tx) =>
    recordSubscriptionPayment(tx, "sandbox", {
      userId: row.id,
      providerPaymentId: `pi_seed_${member.username}`,
      amountCents: 699,
      periodStart: now,
      periodEnd: addMonth(now),
    }),
  );
  return row.id;
}
