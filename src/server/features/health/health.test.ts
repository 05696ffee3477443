import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app";

describe("platform", () => {
  const t = useTestApp();

  it("answers health once migrated", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("describes every API route in OpenAPI", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    for (const path of [
      "/api/auth/login",
      "/api/auth/register",
      "/api/subscription/create-checkout",
      "/api/health",
    ]) {
      expect(Object.keys(doc.paths)).toContain(path);
    }
  });

  it("answers unknown API routes with the error shape", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
