import pg from "pg";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test/test-app";
import { replicaFailure } from "./replica";

describe("the stale-ok database without a replica", () => {
  const t = useTestApp();

  it("is the primary itself (PGlite, or PostgreSQL without DATABASE_REPLICA_URL)", () => {
    expect(t().app.ctx.staleOkDb).toBe(t().app.ctx.db);
    expect(t().app.ctx.replica).toBeUndefined();
  });

  it("asks the primary again only when the replica, not the query, failed", () => {
    const serverError = (code: string) =>
      Object.assign(new pg.DatabaseError("refused", 0, "error"), { code });
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5433"), { code: "ECONNREFUSED" });
    expect(replicaFailure(refused)).toBe("down");
    expect(replicaFailure(new Error("Connection terminated unexpectedly"))).toBe("down");
    for (const code of ["57P01", "57P03", "08006", "53300", "3D000"])
      expect(replicaFailure(serverError(code))).toBe("down");
    // Canceled by a conflict with recovery, or a write sent to the read-only replica.
    for (const code of ["40001", "25006"]) expect(replicaFailure(serverError(code))).toBe("refused");
    // The query's own errors would fail on the primary too: they are the caller's.
    for (const code of ["42601", "22P02", "23505", "57014"])
      expect(replicaFailure(serverError(code))).toBeNull();
  });
});
