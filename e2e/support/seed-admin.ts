// Used by scripts/e2e-server.ts only (never by a journey): it opens the database itself.
import { openDatabase } from "../../src/server/db/client";
import { migrate } from "../../src/server/db/migrate";
import { users } from "../../src/server/db/schema";
import { hashPassword } from "../../src/server/features/auth/password";
import { recordSubscriptionPayment } from "../../src/server/features/subscription/subscription.repo";
import { addMonth } from "../../src/server/payments/provider";
import { E2E_ADMIN } from "./admin";

/**
 * Creates the journeys' site admin in a new embedded database before the server opens it: the
 * app has no way to make an admin over HTTP (DESIGN.md: `npm run admin`), and the server's
 * database is embedded, so this is done once, first.
 */
export async function seedE2eAdmin(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrate(database);
    const now = new Date();
    const [row] = await database.db
      .insert(users)
      .values({
        username: E2E_ADMIN.username,
        email: `${E2E_ADMIN.username}@example.test`,
        passwordHash: await hashPassword(E2E_ADMIN.password),
        firstName: E2E_ADMIN.firstName,
        lastName: E2E_ADMIN.lastName,
        isAdmin: true,
        timeZone: "UTC",
        rulesAcceptedAt: now,
      })
      .returning({ id: users.id });
    await database.db.transaction((tx) =>
      recordSubscriptionPayment(tx, "sandbox", {
        userId: row.id,
        providerPaymentId: "pi_e2e_admin",
        amountCents: 699,
        periodStart: now,
        periodEnd: addMonth(now),
      }),
    );
  } finally {
    await database.close();
  }
}
