import { describe, expect, it } from "vitest";
import { DB_ID_MAX } from "../../core/schemas/common";
import { buildUser, loginAs, type Session } from "../test/factories";
import { useTestApp } from "../test/test-app";

/*
 * Issue 21 item 10: every id a route accepts (path, query string, body) goes through the one
 * database-id schema, so a number past the int4 range answers 400 VALIDATION_ERROR instead of
 * reaching PostgreSQL and failing there as a 500. The routes are read from the OpenAPI document,
 * so a route added later is checked too.
 */

type Parameter = { name: string; in: "path" | "query" | "header" | "cookie"; schema?: { type?: string } };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
type Route = { method: string; path: string; operation: Operation };

const TOO_BIG = DB_ID_MAX + 1;
const isIdName = (name: string) => name === "id" || /Id$/.test(name);

describe("ids past the int4 range are a 400, never a 500", () => {
  const t = useTestApp();
  let admin: Session | undefined;
  const call = async (method: string, url: string, payload?: object) => {
    admin ??= await loginAs(t().app, await buildUser(t().app, { isAdmin: true }));
    return t().app.inject({
      method: method as "GET",
      url,
      headers: { ...admin.headers, "content-type": "application/json" },
      payload: JSON.stringify(payload ?? {}),
    });
  };
  const routes = (): Route[] => {
    const doc = t().app.swagger() as { paths: Record<string, Record<string, Operation>> };
    return Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        operation,
      })),
    );
  };
  /** A concrete URL: the id under test too big, every other id 1, other text parameters a placeholder. */
  const urlOf = (route: Route, tooBig?: string) =>
    route.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === tooBig
        ? String(TOO_BIG)
        : isIdName(name)
          ? "1"
          : name === "file"
            ? "0123456789abcdef0123.webp"
            : "x",
    );
  const expectIdRefused = async (res: Awaited<ReturnType<typeof call>>, field: string, what: string) => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
    const body = res.json();
    expect(body.code, what).toBe("VALIDATION_ERROR");
    expect(
      body.details.map((d: { path: string }) => d.path),
      what,
    ).toContain(field);
  };

  it("POST /api/fitcoin/redeem with giftCardOfferId 2147483648", async () => {
    const res = await call("POST", "/api/fitcoin/redeem", { giftCardOfferId: TOO_BIG, amount: 50 });
    await expectIdRefused(res, "giftCardOfferId", "redeem");
  });

  it("DELETE /api/users/block/2147483648", async () => {
    await expectIdRefused(await call("DELETE", `/api/users/block/${TOO_BIG}`), "blockedId", "unblock");
  });

  it("every id in a path", async () => {
    const checked: string[] = [];
    for (const route of routes()) {
      for (const p of route.operation.parameters ?? []) {
        // Text keys (an achievement's id) are not database ids.
        if (p.in !== "path" || !isIdName(p.name) || p.schema?.type === "string") continue;
        const what = `${route.method} ${route.path} (${p.name})`;
        await expectIdRefused(await call(route.method, urlOf(route, p.name)), p.name, what);
        checked.push(what);
      }
    }
    // The walk found the routes (a broken document would check nothing).
    expect(checked.length).toBeGreaterThan(40);
    expect(checked).toContain("DELETE /api/users/block/{blockedId} (blockedId)");
    expect(checked).toContain("GET /api/user/profile-image/{userId}/{file} (userId)");
  });

  it("every id in a query string or a request body", async () => {
    const checked: string[] = [];
    for (const route of routes()) {
      for (const p of route.operation.parameters ?? []) {
        if (p.in !== "query" || !isIdName(p.name) || p.schema?.type === "string") continue;
        const what = `${route.method} ${route.path}?${p.name}`;
        await expectIdRefused(await call(route.method, `${urlOf(route)}?${p.name}=${TOO_BIG}`), p.name, what);
        checked.push(what);
      }
      const properties = route.operation.requestBody?.content?.["application/json"]?.schema?.properties ?? {};
      for (const [name, schema] of Object.entries(properties)) {
        // Ids that are numbers; `blockedId` and `reportedId` carry a typed username (DESIGN 1).
        if (!isIdName(name) || (schema as { type?: string }).type !== "integer") continue;
        const what = `${route.method} ${route.path} body ${name}`;
        await expectIdRefused(await call(route.method, urlOf(route), { [name]: TOO_BIG }), name, what);
        checked.push(what);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        "POST /api/fitcoin/redeem body giftCardOfferId",
        "POST /api/rewards/redeem body giftCardId",
        "POST /api/admin/add-coins body userId",
      ]),
    );
  });
});
