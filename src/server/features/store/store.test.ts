import { describe, expect, it } from "vitest";
import { PRODUCT_MESSAGES } from "../../../core/schemas/store";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("gear store", () => {
  const t = useTestApp();
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, s?: Session, payload?: object) =>
    t().app.inject({ method, url, headers: s?.headers ?? DEVICE, payload });
  const signIn = async (isAdmin: boolean) => loginAs(t().app, await buildUser(t().app, { isAdmin }));

  const product = (over: Record<string, unknown> = {}) => ({
    name: "Trail Runner 3",
    brand: "Stride",
    description: "Light trail shoe with a grippy sole.",
    price: 129.99,
    imageUrl: "https://images.example.com/trail-runner.jpg",
    category: "shoes",
    affiliateLink: "https://shop.example.com/trail-runner?ref=steprace",
    featured: true,
    rating: 4.5,
    reviewCount: 212,
    ...over,
  });

  it("lets an admin add, edit and delete a product, priced in cents and answered as a decimal string", async () => {
    const admin = await signIn(true);
    const created = await call("POST", "/api/admin/marketplace/items", admin, product());
    expect(created.statusCode, created.body).toBe(201);
    const item = created.json();
    expect(item).toMatchObject({
      name: "Trail Runner 3",
      price: "129.99",
      rating: 4.5,
      reviewCount: 212,
      featured: true,
      active: true,
      category: "shoes",
    });
    expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);

    // The form's defaults: category equipment, no rating, 0 reviews; a price as a string is fine too.
    const plain = await call(
      "POST",
      "/api/admin/marketplace/items",
      admin,
      product({
        category: undefined,
        rating: null,
        reviewCount: undefined,
        featured: undefined,
        price: "19.5",
      }),
    );
    expect(plain.json()).toMatchObject({
      category: "equipment",
      rating: null,
      reviewCount: 0,
      featured: false,
      price: "19.50",
    });

    const edited = await call(
      "PUT",
      `/api/admin/marketplace/items/${item.id}`,
      admin,
      product({ name: "Trail Runner 4", price: 139, active: false }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: item.id,
      name: "Trail Runner 4",
      price: "139.00",
      active: false,
    });

    const removed = await call("DELETE", `/api/admin/marketplace/items/${item.id}`, admin);
    expect(removed.json()).toEqual({ message: "Product deleted" });
    const again = await call("DELETE", `/api/admin/marketplace/items/${item.id}`, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("Product not found");
    expect((await call("PUT", `/api/admin/marketplace/items/${item.id}`, admin, product())).statusCode).toBe(
      404,
    );
    expect((await call("DELETE", "/api/admin/marketplace/items/abc", admin)).statusCode).toBe(400);
  });

  it("shows members the active products only, admins every product, never cached", async () => {
    const admin = await signIn(true);
    const member = await signIn(false);
    const on = (
      await call("POST", "/api/admin/marketplace/items", admin, product({ name: "On shelf" }))
    ).json();
    const off = (
      await call("POST", "/api/admin/marketplace/items", admin, product({ name: "Off shelf", active: false }))
    ).json();

    const seen = await call("GET", "/api/marketplace/items", member);
    expect(seen.statusCode).toBe(200);
    expect(seen.headers["cache-control"]).toBe("no-store");
    const memberIds = (seen.json() as { id: number }[]).map((p) => p.id);
    expect(memberIds).toContain(on.id);
    expect(memberIds).not.toContain(off.id);

    const all = (await call("GET", "/api/marketplace/items", admin)).json() as { id: number }[];
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([on.id, off.id]));
    expect((await call("GET", "/api/marketplace/items")).statusCode).toBe(401);
  });

  it("keeps product changes to admins: 401 signed out, 403 for members, nothing changed", async () => {
    const admin = await signIn(true);
    const member = await signIn(false);
    const item = (await call("POST", "/api/admin/marketplace/items", admin, product())).json();
    expect((await call("POST", "/api/admin/marketplace/items", undefined, product())).statusCode).toBe(401);
    for (const [method, url] of [
      ["POST", "/api/admin/marketplace/items"],
      ["PUT", `/api/admin/marketplace/items/${item.id}`],
      ["DELETE", `/api/admin/marketplace/items/${item.id}`],
    ] as const) {
      const res = await call(
        method,
        url,
        member,
        method === "DELETE" ? undefined : product({ name: "Hijacked" }),
      );
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const list = (await call("GET", "/api/marketplace/items", admin)).json() as {
      id: number;
      name: string;
    }[];
    expect(list.find((p) => p.id === item.id)?.name).toBe("Trail Runner 3");
    expect(list.some((p) => p.name === "Hijacked")).toBe(false);
  });

  it("refuses each invalid field with its message", async () => {
    const admin = await signIn(true);
    const count = async () =>
      ((await call("GET", "/api/marketplace/items", admin)).json() as unknown[]).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "  " }, PRODUCT_MESSAGES.name],
      [{ brand: undefined }, PRODUCT_MESSAGES.brand],
      [{ description: "" }, PRODUCT_MESSAGES.description],
      [{ price: 0 }, PRODUCT_MESSAGES.price],
      [{ price: 12.345 }, PRODUCT_MESSAGES.price],
      [{ price: "abc" }, PRODUCT_MESSAGES.price],
      [{ price: -5 }, PRODUCT_MESSAGES.price],
      [{ imageUrl: "not a url" }, PRODUCT_MESSAGES.imageUrl],
      [{ imageUrl: "javascript:alert(1)" }, PRODUCT_MESSAGES.imageUrl],
      [{ imageUrl: "//evil.example/x.png" }, PRODUCT_MESSAGES.imageUrl],
      [{ imageUrl: "/\\evil.example/x.png" }, PRODUCT_MESSAGES.imageUrl],
      [{ affiliateLink: "shop.example.com" }, PRODUCT_MESSAGES.affiliateLink],
      [{ affiliateLink: "/relative/path" }, PRODUCT_MESSAGES.affiliateLink],
      [{ rating: 0.5 }, PRODUCT_MESSAGES.rating],
      [{ rating: 5.5 }, PRODUCT_MESSAGES.rating],
      [{ rating: 4.25 }, PRODUCT_MESSAGES.rating],
      [{ reviewCount: -1 }, PRODUCT_MESSAGES.reviewCount],
      [{ reviewCount: 2.5 }, PRODUCT_MESSAGES.reviewCount],
      [{ category: "toys" }, "Category must be one of shoes, clothing, equipment, supplements, accessories"],
    ];
    for (const [over, message] of cases) {
      const res = await call("POST", "/api/admin/marketplace/items", admin, product(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
    }
    expect(await count()).toBe(before);
    // An image the app serves itself is a path from the site's root.
    const local = await call(
      "POST",
      "/api/admin/marketplace/items",
      admin,
      product({ imageUrl: "/store/shoe.svg" }),
    );
    expect(local.statusCode).toBe(201);
    expect(await count()).toBe(before + 1);
  });
});
