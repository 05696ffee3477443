import { describe, expect, it } from "vitest";
import { entryScriptOf, newReleaseServed } from "./stale-chunks";

const page = (entry: string) =>
  `<!doctype html><html><head><script>try{new Worker("/warm-intl.js")}catch(e){}</script>
    <script type="module" async crossorigin src="${entry}"></script></head><body></body></html>`;

const answering =
  (body: string, status = 200): typeof fetch =>
  async () =>
    new Response(body, { status });

describe("a failed code file: a new release or the connection", () => {
  it("reads the entry script a page's HTML names", () => {
    expect(entryScriptOf(page("/assets/index-B4aXcPya.js"))).toBe("/assets/index-B4aXcPya.js");
    expect(entryScriptOf("<html><body>Maintenance</body></html>")).toBeNull();
  });

  it("is a new release only when the server names another entry script", async () => {
    const current = "/assets/index-old.js";
    expect(await newReleaseServed(current, answering(page("/assets/index-new.js")))).toBe(true);
    expect(await newReleaseServed(current, answering(page(current)))).toBe(false);
    // The connection, not a release: no reload, the page and what was typed in it stay.
    const offline: typeof fetch = async () => {
      throw new TypeError("Failed to fetch");
    };
    expect(await newReleaseServed(current, offline)).toBe(false);
    expect(await newReleaseServed(current, answering("Bad gateway", 502))).toBe(false);
    expect(await newReleaseServed(current, answering("<html>Maintenance</html>"))).toBe(false);
    expect(await newReleaseServed(null, answering(page("/assets/index-new.js")))).toBe(false);
  });

  it("asks past the service worker's stored copy of the page, without the HTTP cache", async () => {
    const asked: Array<[string, RequestInit | undefined]> = [];
    const recording: typeof fetch = async (url, init) => {
      asked.push([String(url), init]);
      return new Response(page("/assets/index-old.js"));
    };
    await newReleaseServed("/assets/index-old.js", recording);
    expect(asked).toHaveLength(1);
    expect(asked[0][0]).toMatch(/^\/\?release-check=\d+$/);
    expect(asked[0][1]).toMatchObject({ cache: "no-store" });
  });
});
