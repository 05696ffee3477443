import { describe, expect, it } from "vitest";
import { AD_MESSAGES } from "../../../core/schemas/ads";
import { buildUser, DEVICE, loginAs, type Session } from "../../test/factories";
import { useTestApp } from "../../test/test-app";

describe("advertising", () => {
  const t = useTestApp();
  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, s?: Session, payload?: object) =>
    t().app.inject({ method, url, headers: s?.headers ?? DEVICE, payload });
  const signIn = async (isAdmin: boolean) => loginAs(t().app, await buildUser(t().app, { isAdmin }));
  const now = () => t().app.ctx.clock.now().getTime();
  const iso = (fromNowMs: number) => new Date(now() + fromNowMs).toISOString();

  let seq = 0;
  const adBody = (over: Record<string, unknown> = {}) => ({
    title: `Walk More Shoes ${++seq}`,
    content: "Cushioned shoes for every step.",
    placement: "dashboard",
    priority: 5,
    imageUrl: "https://cdn.example.com/ad.png",
    linkUrl: "https://shop.example.com/walk",
    startDate: null,
    endDate: null,
    ...over,
  });
  async function createAd(admin: Session, over: Record<string, unknown> = {}) {
    const res = await call("POST", "/api/ads", admin, adBody(over));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; title: string; viewCount: number; clickCount: number };
  }
  const activeIds = async (s: Session, placement = "dashboard") =>
    ((await call("GET", `/api/ads/active/${placement}`, s)).json() as { id: number }[]).map((a) => a.id);

  it("creates, edits and deletes an ad; pasted HTML tags give their src and href; a bare link gets https", async () => {
    const admin = await signIn(true);
    const created = await call(
      "POST",
      "/api/ads",
      admin,
      adBody({
        title: "  Spring Sale  ",
        imageUrl: '<img src="https://cdn.example.com/spring.png" alt="Spring">',
        linkUrl: '<a href="shop.example.com/spring?a=1&amp;b=2">Shop</a>',
        priority: undefined,
        placement: undefined,
        startDate: iso(-60_000),
        endDate: iso(86_400_000),
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const ad = created.json();
    expect(ad).toMatchObject({
      title: "Spring Sale",
      imageUrl: "https://cdn.example.com/spring.png",
      linkUrl: "https://shop.example.com/spring?a=1&b=2",
      placement: "dashboard",
      priority: 1,
      isActive: true,
      viewCount: 0,
      clickCount: 0,
      startDate: iso(-60_000),
    });

    const edited = await call(
      "PUT",
      `/api/ads/${ad.id}`,
      admin,
      adBody({ title: "Summer Sale", placement: "footer", priority: 0, imageUrl: "", linkUrl: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      id: ad.id,
      title: "Summer Sale",
      placement: "footer",
      priority: 0,
      imageUrl: null,
      linkUrl: null,
      startDate: null,
      isActive: true,
    });
    const paused = await call("PUT", `/api/ads/${ad.id}`, admin, adBody({ isActive: false }));
    expect(paused.json().isActive).toBe(false);

    const list = (await call("GET", "/api/ads", admin)).json() as { id: number }[];
    expect(list.map((a) => a.id)).toContain(ad.id);
    expect((await call("DELETE", `/api/ads/${ad.id}`, admin)).json()).toEqual({
      message: "Advertisement deleted successfully",
    });
    expect((await call("DELETE", `/api/ads/${ad.id}`, admin)).statusCode).toBe(404);
    expect((await call("PUT", `/api/ads/${ad.id}`, admin, adBody())).statusCode).toBe(404);
  });

  it("refuses each invalid field with its message and stores nothing", async () => {
    const admin = await signIn(true);
    const count = async () => ((await call("GET", "/api/ads", admin)).json() as unknown[]).length;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "   " }, AD_MESSAGES.title],
      [{ title: undefined }, AD_MESSAGES.title],
      [{ content: "" }, AD_MESSAGES.content],
      [{ placement: "popup" }, AD_MESSAGES.placement],
      [{ priority: -1 }, AD_MESSAGES.priority],
      [{ priority: 1.5 }, AD_MESSAGES.priority],
      [{ priority: 1001 }, AD_MESSAGES.priority],
      [{ imageUrl: "not an image" }, AD_MESSAGES.imageUrl],
      [{ imageUrl: '<img alt="no source">' }, AD_MESSAGES.imageUrl],
      [{ linkUrl: "javascript:alert(1)" }, AD_MESSAGES.linkUrl],
      [{ linkUrl: "<a href='javascript:alert(1)'>x</a>" }, AD_MESSAGES.linkUrl],
      [{ startDate: "tomorrow" }, AD_MESSAGES.date],
      [{ startDate: iso(60_000), endDate: iso(0) }, AD_MESSAGES.window],
    ];
    for (const [over, message] of cases) {
      const res = await call("POST", "/api/ads", admin, adBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toBe(message);
      expect(res.json().details?.[0]?.message).toBe(message);
    }
    expect(await count()).toBe(before);
  });

  it("keeps the ad manager to admins and the slots to signed-in members", async () => {
    const admin = await signIn(true);
    const member = await signIn(false);
    const ad = await createAd(admin);
    const adminCalls = [
      ["GET", "/api/ads"],
      ["GET", "/api/ads/analytics"],
      ["POST", "/api/ads"],
      ["PUT", `/api/ads/${ad.id}`],
      ["DELETE", `/api/ads/${ad.id}`],
      ["POST", "/api/ads/bulk-delete"],
      ["POST", "/api/ads/bulk-toggle"],
    ] as const;
    const payloadFor = (url: string) =>
      url.endsWith("bulk-delete")
        ? { ids: [ad.id] }
        : url.endsWith("bulk-toggle")
          ? { ids: [ad.id], isActive: false }
          : adBody({ title: "Hijacked" });
    for (const [method, url] of adminCalls) {
      const payload = method === "GET" || method === "DELETE" ? undefined : payloadFor(url);
      expect((await call(method, url, member, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(method, url, undefined, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    const list = (await call("GET", "/api/ads", admin)).json() as {
      id: number;
      title: string;
      isActive: boolean;
    }[];
    expect(list.find((a) => a.id === ad.id)).toMatchObject({ title: ad.title, isActive: true });

    expect((await call("GET", "/api/ads/active/dashboard")).statusCode).toBe(401);
    expect(
      (await call("POST", `/api/ads/${ad.id}/view`, undefined, { placement: "dashboard" })).statusCode,
    ).toBe(401);
    expect((await call("GET", "/api/ads/active/popup", member)).statusCode).toBe(400);
  });

  it("serves a placement's live ads, highest priority first, cacheable for 5 minutes", async () => {
    const admin = await signIn(true);
    const member = await signIn(false);
    const low = await createAd(admin, { priority: 900 });
    const high = await createAd(admin, { priority: 1000 });
    const later = await createAd(admin, { priority: 950, startDate: iso(3_600_000) });
    const over = await createAd(admin, {
      priority: 950,
      startDate: iso(-7_200_000),
      endDate: iso(-3_600_000),
    });
    const off = await createAd(admin, { priority: 950, isActive: false });
    const footer = await createAd(admin, { priority: 950, placement: "footer" });

    const res = await call("GET", "/api/ads/active/dashboard", member);
    expect(res.headers["cache-control"]).toBe("private, max-age=300");
    const body = res.json() as { id: number }[];
    expect(Object.keys(body[0]).sort()).toEqual(["content", "id", "imageUrl", "linkUrl", "title"]);
    const ids = body.map((a) => a.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
    for (const hidden of [later, over, off, footer]) expect(ids).not.toContain(hidden.id);
    expect(await activeIds(member, "footer")).toContain(footer.id);

    // The window opens when its start comes.
    t().clock.advance(3_600_000 + 1000);
    expect(await activeIds(member)).toContain(later.id);
  });

  it("counts views and clicks of live ads; an unknown or inactive ad is a 404", async () => {
    const admin = await signIn(true);
    const member = await signIn(false);
    const ad = await createAd(admin);
    const off = await createAd(admin, { isActive: false });
    expect(
      (await call("POST", `/api/ads/${ad.id}/view`, member, { placement: "dashboard" })).statusCode,
    ).toBe(204);
    expect((await call("POST", `/api/ads/${ad.id}/click`, member, {})).statusCode).toBe(204);
    expect((await call("POST", `/api/ads/${off.id}/click`, member, {})).statusCode).toBe(404);
    expect(
      (await call("POST", `/api/ads/${off.id}/view`, member, { placement: "dashboard" })).statusCode,
    ).toBe(404);
    const unknown = await call("POST", "/api/ads/99999999/click", member, {});
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Advertisement not found");
    expect((await call("POST", "/api/ads/abc/view", member, {})).statusCode).toBe(400);
    expect((await call("POST", `/api/ads/${ad.id}/view`, member, { placement: "popup" })).statusCode).toBe(
      400,
    );
    const list = (await call("GET", "/api/ads", admin)).json() as {
      id: number;
      viewCount: number;
      clickCount: number;
    }[];
    expect(list.find((a) => a.id === ad.id)).toMatchObject({ viewCount: 1, clickCount: 1 });
    expect(list.find((a) => a.id === off.id)).toMatchObject({ viewCount: 0, clickCount: 0 });
  });

  it("counts exactly under 100 concurrent views and clicks, and sums them in the analytics", async () => {
    const admin = await signIn(true);
    const members = await Promise.all(Array.from({ length: 4 }, () => signIn(false)));
    const before = (await call("GET", "/api/ads/analytics", admin)).json();
    const ad = await createAd(admin);
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        call(
          "POST",
          `/api/ads/${ad.id}/${i % 4 === 0 ? "click" : "view"}`,
          members[i % 4],
          i % 4 === 0 ? {} : { placement: "dashboard" },
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(100).fill(204));
    const row = (
      (await call("GET", "/api/ads", admin)).json() as { id: number; viewCount: number; clickCount: number }[]
    ).find((a) => a.id === ad.id);
    expect(row).toMatchObject({ viewCount: 75, clickCount: 25 });

    const after = (await call("GET", "/api/ads/analytics", admin)).json();
    expect(after.totalViews - before.totalViews).toBe(75);
    expect(after.totalClicks - before.totalClicks).toBe(25);
    expect(after.clickThroughRate).toMatch(/^\d+\.\d%$/);
  });

  it("gives the click-through rate of all ads to one decimal", async () => {
    const admin = await signIn(true);
    // A file of its own: the analytics sum every ad, so start from what the earlier tests left.
    const { totalViews, totalClicks } = (await call("GET", "/api/ads/analytics", admin)).json();
    const member = await signIn(false);
    const ad = await createAd(admin);
    const views = 40 - (totalViews % 40) || 40;
    for (let i = 0; i < views; i++)
      await call("POST", `/api/ads/${ad.id}/view`, member, { placement: "dashboard" });
    const res = (await call("GET", "/api/ads/analytics", admin)).json();
    expect(res.totalViews).toBe(totalViews + views);
    expect(res.totalClicks).toBe(totalClicks);
    const expected = (Math.round((totalClicks * 1000) / res.totalViews) / 10).toFixed(1);
    expect(res.clickThroughRate).toBe(`${expected}%`);
  });

  it("bulk toggles and deletes a mix of existing and unknown ids", async () => {
    const admin = await signIn(true);
    const member = await signIn(false);
    const a = await createAd(admin);
    const b = await createAd(admin);
    const off = await call("POST", "/api/ads/bulk-toggle", admin, {
      ids: [a.id, b.id, 99999998],
      isActive: false,
    });
    expect(off.json()).toEqual({
      message: "2 advertisements deactivated successfully",
      count: 2,
      missingIds: [99999998],
    });
    expect(await activeIds(member)).not.toContain(a.id);
    const on = await call("POST", "/api/ads/bulk-toggle", admin, { ids: [a.id], isActive: true });
    expect(on.json()).toEqual({
      message: "1 advertisement activated successfully",
      count: 1,
      missingIds: [],
    });
    expect(await activeIds(member)).toContain(a.id);

    const gone = await call("POST", "/api/ads/bulk-delete", admin, { ids: [a.id, b.id, 99999997, a.id] });
    expect(gone.json()).toEqual({
      message: "2 advertisements deleted successfully",
      count: 2,
      missingIds: [99999997],
    });
    const left = (await call("GET", "/api/ads", admin)).json() as { id: number }[];
    expect(left.map((x) => x.id)).not.toEqual(expect.arrayContaining([a.id]));
    expect(left.map((x) => x.id)).not.toContain(b.id);

    for (const payload of [{ ids: [] }, { ids: ["x"] }, {}, { ids: [3_000_000_000] }]) {
      const res = await call("POST", "/api/ads/bulk-delete", admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await call("POST", "/api/ads/bulk-delete", admin, { ids: [] })).json().message).toBe(
      AD_MESSAGES.ids,
    );
    expect((await call("POST", "/api/ads/bulk-toggle", admin, { ids: [1] })).statusCode).toBe(400);
  });
});

describe("advertising: counting limits", () => {
  const t = useTestApp({ AD_EVENT_RATE_LIMIT: "3" });

  it("counts at most AD_EVENT_RATE_LIMIT views and clicks a minute per member, whatever their address", async () => {
    const app = () => t().app;
    const admin = await loginAs(app(), await buildUser(app(), { isAdmin: true }));
    const first = await loginAs(app(), await buildUser(app()));
    const second = await loginAs(app(), await buildUser(app()));
    const created = await app().inject({
      method: "POST",
      url: "/api/ads",
      headers: admin.headers,
      payload: { title: "Limited", content: "Counted fairly" },
    });
    const id = created.json().id as number;
    const view = (s: Session) =>
      app().inject({
        method: "POST",
        url: `/api/ads/${id}/view`,
        headers: s.headers,
        payload: { placement: "dashboard" },
      });
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await view(first)).statusCode);
    expect(codes).toEqual([204, 204, 204, 429]);
    // Another member on the same address has a count of their own.
    expect((await view(second)).statusCode).toBe(204);
    const list = (await app().inject({ url: "/api/ads", headers: admin.headers })).json() as {
      id: number;
      viewCount: number;
    }[];
    expect(list.find((a) => a.id === id)?.viewCount).toBe(4);
  });
});
