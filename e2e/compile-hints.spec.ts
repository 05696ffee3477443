import { COMPILE_HINT } from "../scripts/compile-hints";
import { expect, test } from "./support/test";

// The built page's start-up files carry V8's compile hint on their first line (scripts/compile-hints.ts,
// used by vite.config.ts): the entry and the app chunk, whose functions nearly all run while the first screen
// loads, are compiled off the main thread. A screen's chunk is not: most of it waits for a tap.
test("the entry and the app chunk begin with V8's compile hint, a screen's chunk does not", async ({
  page,
}) => {
  const html = await (await page.request.get("/login")).text();
  const entry = html.match(/<script type="module"[^>]*src="(\/assets\/index-[^"]+\.js)"/)?.[1];
  const app = html.match(/<link rel="modulepreload"[^>]*href="(\/assets\/app-[^"]+\.js)"/)?.[1];
  expect(entry, "the entry script in the page").toBeTruthy();
  expect(app, "the app chunk preloaded by the page").toBeTruthy();
  for (const file of [entry, app]) {
    const text = await (await page.request.get(file as string)).text();
    expect(text.split("\n")[0], file).toBe(COMPILE_HINT);
  }
  const screen = html.match(/<link rel="modulepreload"[^>]*href="(\/assets\/(?!app-)[^"]+\.js)"/)?.[1];
  expect(screen, "another chunk the page preloads").toBeTruthy();
  const other = await (await page.request.get(screen as string)).text();
  expect(other.startsWith(COMPILE_HINT)).toBe(false);
});
