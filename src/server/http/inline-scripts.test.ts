import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./inline-scripts";

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text as written, as a CSP source", () => {
    const html = `<head><script>try{new Worker("/warm-intl.js")}catch(e){}</script>
      <script type="module" async crossorigin src="/assets/index-1.js"></script>
      <script>
 console.log(1)
</script><script></script></head>`;
    expect(inlineScriptHashes(html)).toEqual([
      // Chromium's own figure for the first (from its refusal message), then the second's.
      "'sha256-omSekGD+vBy6019yjcJXIZLoLLhndZiucg26acAuAjk='",
      "'sha256-WirdrQdmpZ/gXUGWys3h8B1wNP5Z+7KhKAtWT14Ku/0='",
    ]);
  });

  it("gives nothing for a page without inline scripts", () => {
    expect(inlineScriptHashes('<script src="/a.js"></script><p>no scripts</p>')).toEqual([]);
  });
});
