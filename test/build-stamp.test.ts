import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module of the build scripts, without types
import { builtHash, STAMP_FILE, sourceHash } from "../scripts/build-stamp.mjs";

/** `npm start` rebuilds exactly when what goes into dist/ changed since the stamped build. */
describe("the build stamp", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const project = () => {
    root = mkdtempSync(join(tmpdir(), "stamp-"));
    mkdirSync(join(root, "src/server"), { recursive: true });
    writeFileSync(join(root, "src/server/main.ts"), "console.log(1);\n");
    writeFileSync(join(root, "package-lock.json"), "{}\n");
    return root;
  };
  const stamp = (hash: string) => {
    mkdirSync(join(root, "dist"), { recursive: true });
    writeFileSync(join(root, STAMP_FILE), JSON.stringify({ sourceHash: hash }));
  };

  it("matches the stamp while the sources are unchanged", () => {
    project();
    expect(builtHash(root)).toBeNull();
    stamp(sourceHash(root));
    expect(builtHash(root)).toBe(sourceHash(root));
  });

  it("differs once a source, a new file or the lockfile changes, and not for files outside the build", () => {
    project();
    const built = sourceHash(root);
    stamp(built);
    writeFileSync(join(root, "notes.md"), "not an input\n");
    mkdirSync(join(root, "data"), { recursive: true });
    writeFileSync(join(root, "data/db"), "x");
    expect(sourceHash(root)).toBe(built);
    writeFileSync(join(root, "src/server/main.ts"), "console.log(2);\n");
    expect(sourceHash(root)).not.toBe(built);
    writeFileSync(join(root, "src/server/main.ts"), "console.log(1);\n");
    expect(sourceHash(root)).toBe(built);
    writeFileSync(join(root, "src/server/new.ts"), "");
    expect(sourceHash(root)).not.toBe(built);
    rmSync(join(root, "src/server/new.ts"));
    writeFileSync(join(root, "package-lock.json"), '{"a":1}\n');
    expect(sourceHash(root)).not.toBe(built);
  });
});
