import { expect, test } from "./support/test";

test("the app is installable: manifest with icons, service worker at /sw.js, offline app shell", async ({
  page,
  context,
  request,
}) => {
  const manifest = await (await request.get("/manifest.webmanifest")).json();
  expect(manifest.name).toBe("StepRace");
  expect(manifest.display).toBe("standalone");
  const sizes = manifest.icons.map(
    (i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? "any"}`,
  );
  expect(sizes).toEqual(expect.arrayContaining(["192x192:any", "512x512:any", "512x512:maskable"]));
  for (const icon of manifest.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toContain("image/png");
  }

  // Registration is skipped on localhost unless opted in (spec 1 section 4: not on localhost).
  await page.goto("/?sw=1");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", /manifest\.webmanifest/);
  const scope = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return { scope: reg.scope, script: reg.active?.scriptURL };
  });
  expect(scope.script).toMatch(/\/sw\.js$/);

  // Once the worker controls the page, the app shell opens without a network.
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.goto("/login");
  await expect(page.getByLabel("Username")).toBeVisible();
  await expect(page.getByText("You're offline - showing cached data")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText("Connection restored")).toBeVisible();
});
