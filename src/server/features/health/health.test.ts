import { describe, expect, it } from "vitest";
import { useTestApp } from "../../test/test-app";

describe("platform", () => {
  const t = useTestApp();

  it("answers health once migrated", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok" });
  });

  it("describes every API route in OpenAPI, each with a summary", async () => {
    const doc = (await t().app.inject({ method: "GET", url: "/api/docs/json" })).json() as {
      paths: Record<string, Record<string, { summary?: string }>>;
    };
    const apiRoutes = t().app.routes.filter(
      (r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/docs") && r.method !== "HEAD",
    );
    expect(apiRoutes.length).toBeGreaterThan(12);
    for (const route of apiRoutes) {
      const path = route.url.replace(/:(\w+)/g, "{$1}");
      const op = doc.paths[path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${path} is missing from /api/docs/json`).toBeDefined();
      expect(op?.summary, `${route.method} ${path} has no summary`).toBeTruthy();
    }
  });

  it("answers unknown API routes with the error shape", async () => {
    const res = await t().app.inject({ method: "GET", url: "/api/nope" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});
