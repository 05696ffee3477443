import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app";
import { queryRows } from "./client";
import { migrate } from "./migrate";
import { committed } from "./migrate-test-kit";

describe("migrations", () => {
  const t = useTestApp();

  it("change nothing on a database already migrated", async () => {
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t().app.ctx.db,
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        )
      )[0].n;
    expect(await count()).toBe(committed.length);
    await migrate(t().database);
    expect(await count()).toBe(committed.length);
  });
});
