import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { buildUser, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

const FORM = {
  bankName: "First Steps Bank",
  accountType: "checking",
  routingNumber: "021000021",
  accountNumber: "918273645506",
  confirmAccountNumber: "918273645506",
};

describe("banking setup", () => {
  const t = useTestApp();

  async function member() {
    const user = await buildUser(t().app);
    return { id: user.id, session: await loginAs(t().app, user) };
  }

  const setup = (session: Session | undefined, payload: Record<string, unknown>) =>
    t().app.inject({ method: "POST", url: "/api/auth/setup-banking", headers: session?.headers, payload });
  const read = (session: Session | undefined) =>
    t().app.inject({ url: "/api/auth/banking", headers: session?.headers });

  it("saves the bank with only the last four digits of the account number", async () => {
    const { session } = await member();
    expect((await read(session)).json()).toEqual({ banking: null });
    const res = await setup(session, FORM);
    expect(res.statusCode).toBe(200);
    const banking = {
      bankName: "First Steps Bank",
      accountType: "checking",
      routingNumber: "021000021",
      accountLast4: "5506",
      updatedAt: expect.any(String),
    };
    expect(res.json()).toEqual({ message: "Banking information saved", banking });
    expect((await read(session)).json()).toEqual({ banking });
  });

  it("never writes the full account number anywhere in the database", async () => {
    const { session } = await member();
    const accountNumber = "55501234567890";
    expect(
      (await setup(session, { ...FORM, accountNumber, confirmAccountNumber: accountNumber })).statusCode,
    ).toBe(200);
    const tables = await queryRows<{ table_name: string }>(
      t().app.ctx.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(5);
    for (const { table_name } of tables) {
      const rows = await queryRows<{ row: string }>(
        t().app.ctx.db,
        sql`select t::text as row from ${sql.identifier(table_name)} t`,
      );
      for (const { row } of rows) expect(row, `table ${table_name}`).not.toContain(accountNumber);
    }
  });

  it("replaces the saved bank on a new setup", async () => {
    const { session } = await member();
    await setup(session, FORM);
    const res = await setup(session, {
      ...FORM,
      bankName: "Savings & Co",
      accountType: "savings",
      accountNumber: "4321",
      confirmAccountNumber: "4321",
    });
    expect(res.json().banking).toMatchObject({
      bankName: "Savings & Co",
      accountType: "savings",
      accountLast4: "4321",
    });
    expect((await read(session)).json().banking.accountLast4).toBe("4321");
  });

  it('answers 400 "Account Numbers Don\'t Match" when the confirmation differs', async () => {
    const { session } = await member();
    const res = await setup(session, { ...FORM, confirmAccountNumber: "918273645507" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: "VALIDATION_ERROR",
      message: "Account Numbers Don't Match",
      details: [{ path: "confirmAccountNumber", message: "Account Numbers Don't Match" }],
    });
    expect((await read(session)).json()).toEqual({ banking: null });
  });

  it("answers 400 with a detail for each missing field", async () => {
    const { session } = await member();
    const res = await setup(session, {});
    expect(res.statusCode).toBe(400);
    const paths = (res.json().details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual([
      "accountNumber",
      "accountType",
      "bankName",
      "confirmAccountNumber",
      "routingNumber",
    ]);
    const blank = await setup(session, { ...FORM, bankName: "  " });
    expect(blank.json().details).toEqual([{ path: "bankName", message: "Bank name is required" }]);
  });

  it.each([
    [{ routingNumber: "02100002" }, "routingNumber", "Routing number must be exactly 9 digits"],
    [{ routingNumber: "0210000211" }, "routingNumber", "Routing number must be exactly 9 digits"],
    [{ routingNumber: "02100002a" }, "routingNumber", "Routing number must be exactly 9 digits"],
    [
      { accountNumber: "123", confirmAccountNumber: "123" },
      "accountNumber",
      "Account number must be 4 to 17 digits",
    ],
    [{ accountType: "brokerage" }, "accountType", "Account type is required"],
  ])("answers 400 for %j", async (change, path, message) => {
    const { session } = await member();
    const res = await setup(session, { ...FORM, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ path, message }]);
  });

  it("answers 401 without a session", async () => {
    expect((await setup(undefined, FORM)).statusCode).toBe(401);
    expect((await read(undefined)).statusCode).toBe(401);
  });
});
