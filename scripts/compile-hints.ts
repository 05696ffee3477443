import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

/** V8's explicit compile hint (Chrome 136+): the file's functions are compiled with it, off the main thread. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad";

/**
 * The entry and the app chunk (React's DOM renderer, the providers, the gate) begin with V8's
 * compile hint: nearly every function in them runs while the first screen loads, so V8 compiles
 * them all on the background thread that parses the downloaded file, instead of each on the main
 * thread at its first call, inside the start-up tasks. The hint must be the file's first line.
 * Not on the screens' and the shell's chunks, where much of the code waits for a tap.
 */
export function compileHints(chunkNames: string[]): Plugin {
  return {
    name: "steprace:compile-hints",
    apply: "build",
    // On the written files: the minifier drops comments, and the build adds its preload helper's
    // line at the top of a chunk after the plugins' generateBundle.
    writeBundle(options, bundle) {
      for (const item of Object.values(bundle)) {
        if (item.type !== "chunk" || !(item.isEntry || chunkNames.includes(item.name))) continue;
        if (!options.dir) throw new Error("compile-hints: the build writes no output directory");
        const file = join(options.dir, item.fileName);
        writeFileSync(file, `${COMPILE_HINT}\n${readFileSync(file, "utf8")}`);
      }
    },
  };
}
