/**
 * Tailwind class merging for `cn`: of two utilities that set the same thing (`size-9` and a
 * caller's `size-8`; `px-3` and a later `p-2`), the later one wins and the earlier one is
 * dropped, so a component's defaults yield to its caller's classes. A small, app-sized
 * replacement for tailwind-merge (about 8 kB compressed, loaded by every screen): it knows the
 * utilities this app uses, and merge-classes.test.ts checks that it gives tailwind-merge's answer
 * for every pair of classes written in src/web, so a new kind of utility fails that test until
 * it is added here. A class it does not know is kept as it is.
 */

const COLOR =
  /^(?:inherit|current|transparent|black|white|(?:slate|gray|zinc|neutral|stone|red|orange|amber|yellow|lime|green|emerald|teal|cyan|sky|blue|indigo|violet|purple|fuchsia|pink|rose)-\d+)(?:\/\d+)?$/;
const SIZE_WORD = /^(?:\d?xs|sm|md|lg|\d?xl|base|none|full|inner)$/;
const NUMBER = /^\d+(?:\.\d+)?$/;
const ARBITRARY = /^\[.+\]$/;

/** Utilities that are a single word. */
const KEYWORDS: Record<string, string> = {};
function keywords(group: string, words: string): void {
  for (const word of words.split(" ")) KEYWORDS[word] = group;
}
keywords(
  "display",
  "block inline inline-block inline-flex inline-grid flex grid hidden contents table flow-root",
);
keywords("position", "static fixed absolute relative sticky");
keywords("visibility", "visible invisible collapse");
keywords("sr", "sr-only not-sr-only");
keywords("text-transform", "uppercase lowercase capitalize normal-case");
keywords("text-decoration", "underline overline line-through no-underline");
keywords("text-overflow", "truncate text-ellipsis text-clip");
keywords("fvn-spacing", "tabular-nums proportional-nums");
keywords("grayscale", "grayscale");
keywords("container-type", "@container");
keywords("isolation", "isolate isolation-auto");
keywords("overflow-wrap", "wrap-anywhere wrap-break-word wrap-normal");

/** Utilities with a value, longest root first where one root starts another. */
const ROOTS = (
  "backdrop-blur underline-offset pointer-events justify-items justify-self align justify " +
  "line-clamp ring-offset scroll-mt scroll-px translate-x translate-y space-x space-y divide-x " +
  "divide-y divide grid-cols grid-rows grid-flow auto-cols auto-rows col-span col-start row-start " +
  "inset-x inset-y min-w min-h max-w max-h gap-x gap-y overflow-x overflow-y overscroll " +
  "whitespace appearance transition animate accent aspect cursor select resize object rotate " +
  "scale opacity overflow tracking leading content items self inset top right bottom left shadow " +
  "rounded border outline ring font text flex break snap list blur from via to shrink grow size " +
  "gap bg z w h p px py pt pr pb pl m mx my mt mr mb ml duration delay ease order basis origin indent " +
  "columns will-change place-content place-items place-self decoration"
).split(" ");

/** Groups a utility overrides besides its own (`p-2` drops an earlier `px-3`), as "group: others". */
const CONFLICTS: Record<string, string[]> = Object.fromEntries(
  [
    "p: px py pt pr pb pl",
    "px: pr pl",
    "py: pt pb",
    "m: mx my mt mr mb ml",
    "mx: mr ml",
    "my: mt mb",
    "inset: inset-x inset-y top right bottom left",
    "inset-x: right left",
    "inset-y: top bottom",
    "size: w h",
    "gap: gap-x gap-y",
    "overflow: overflow-x overflow-y",
    "scroll-px: scroll-pr scroll-pl",
    "rounded: rounded-t rounded-r rounded-b rounded-l rounded-tl rounded-tr rounded-br rounded-bl",
    "rounded-t: rounded-tl rounded-tr",
    "rounded-r: rounded-tr rounded-br",
    "rounded-b: rounded-br rounded-bl",
    "rounded-l: rounded-tl rounded-bl",
    "border-w: border-w-x border-w-y border-w-t border-w-r border-w-b border-w-l",
    "border-w-x: border-w-r border-w-l",
    "border-w-y: border-w-t border-w-b",
    "border-color: border-color-x border-color-y border-color-t border-color-r border-color-b border-color-l",
    "border-color-x: border-color-r border-color-l",
    "border-color-y: border-color-t border-color-b",
    "line-clamp: display overflow",
    "flex: grow shrink basis",
    "font-size: leading",
  ].map((line) => {
    const [group, others] = line.split(": ");
    return [group, others.split(" ")];
  }),
);

/**
 * What `groupOf` and `mergeClasses` answered, by their input: every render of a screen asks the same
 * few hundred class lists again (a list's rows, the bottom bar on every page), and the answer of a
 * string never changes. Bounded: emptied when full (the app's class lists fit well within it).
 */
const CACHE_LIMIT = 2_000;
const groups = new Map<string, string | undefined>();
const merged = new Map<string, string>();
function remember<V>(cache: Map<string, V>, key: string, value: V): V {
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

/** Which group a utility (without variants, `!` or a leading `-`) belongs to, if any. */
function groupOf(utility: string): string | undefined {
  if (groups.has(utility)) return groups.get(utility);
  return remember(groups, utility, findGroup(utility));
}

function findGroup(utility: string): string | undefined {
  const keyword = KEYWORDS[utility];
  if (keyword) return keyword;
  // An arbitrary property, `[animation-delay:300ms]`: one group per property.
  if (ARBITRARY.test(utility)) {
    const colon = utility.indexOf(":");
    return colon > 1 ? `[${utility.slice(1, colon)}]` : undefined;
  }
  for (const root of ROOTS) {
    if (utility === root) return bare(root);
    if (utility.startsWith(`${root}-`)) return valued(root, utility.slice(root.length + 1));
  }
  return undefined;
}

/** A root used without a value: `border`, `rounded`, `shadow`, `ring`, `outline`, `transition`... */
function bare(root: string): string | undefined {
  if (root === "border" || root === "ring" || root === "outline") return `${root}-w`;
  return /^(?:shadow|rounded|transition|resize|blur|backdrop-blur|grow|shrink|divide-[xy])$/.test(root)
    ? root
    : undefined;
}

const SIDES = /^(?:x|y|t|r|b|l)$/;

function valued(root: string, value: string): string | undefined {
  const color = COLOR.test(value);
  switch (root) {
    case "text":
      if (/^(?:left|center|right|justify|start|end)$/.test(value)) return "text-align";
      if (color) return "text-color";
      return SIZE_WORD.test(value) || ARBITRARY.test(value) ? "font-size" : undefined;
    case "bg":
      // Colors, and the words tailwind-merge takes for them (bg-gradient-to-b among them).
      return "bg-color";
    case "font":
      return /^(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)$/.test(value)
        ? "font-weight"
        : "font-family";
    case "flex":
      if (/^(?:row|col)(?:-reverse)?$/.test(value)) return "flex-direction";
      if (/^(?:wrap|nowrap|wrap-reverse)$/.test(value)) return "flex-wrap";
      return "flex";
    case "border": {
      if (/^(?:solid|dashed|dotted|double|hidden|none)$/.test(value)) return "border-style";
      if (color) return "border-color";
      const dash = value.indexOf("-");
      const side = dash < 0 ? value : value.slice(0, dash);
      if (SIDES.test(side)) {
        const rest = dash < 0 ? "" : value.slice(dash + 1);
        if (rest === "" || NUMBER.test(rest)) return `border-w-${side}`;
        return COLOR.test(rest) ? `border-color-${side}` : undefined;
      }
      return NUMBER.test(value) || ARBITRARY.test(value) ? "border-w" : undefined;
    }
    case "ring":
      if (value === "inset") return "ring-w-inset";
      if (color) return "ring-color";
      return NUMBER.test(value) ? "ring-w" : undefined;
    case "decoration":
      if (/^(?:solid|double|dotted|dashed|wavy)$/.test(value)) return "text-decoration-style";
      if (color) return "text-decoration-color";
      return NUMBER.test(value) || /^(?:auto|from-font)$/.test(value)
        ? "text-decoration-thickness"
        : undefined;
    case "ring-offset":
      return color ? "ring-offset-color" : "ring-offset-w";
    case "outline":
      if (/^(?:none|solid|dashed|dotted|double|hidden)$/.test(value)) return "outline-style";
      if (color) return "outline-color";
      return "outline-w";
    case "shadow":
      if (color) return "shadow-color";
      return SIZE_WORD.test(value) ? "shadow" : undefined;
    case "rounded": {
      const side = /^(?:t|r|b|l|tl|tr|br|bl)(?=-|$)/.exec(value)?.[0];
      return side ? `rounded-${side}` : "rounded";
    }
    case "divide":
      return color ? "divide-color" : undefined;
    case "divide-x":
    case "divide-y":
      return value === "reverse" ? `${root}-reverse` : root;
    case "object":
      return /^(?:contain|cover|fill|none|scale-down)$/.test(value) ? "object-fit" : "object-position";
    case "break":
      return /^(?:normal|words|all|keep)$/.test(value) ? "word-break" : "break-after";
    case "snap":
      if (/^(?:x|y|both|none)$/.test(value)) return "snap-type";
      if (/^(?:mandatory|proximity)$/.test(value)) return "snap-strictness";
      return /^(?:start|end|center|align-none)$/.test(value) ? "snap-align" : "snap-stop";
    case "list":
      return /^(?:inside|outside)$/.test(value) ? "list-style-position" : "list-style-type";
    case "from":
    case "via":
    case "to":
      return color ? `gradient-${root}` : `gradient-${root}-pos`;
    case "justify":
      return "justify-content";
    case "content":
      return "align-content";
    case "align":
      return "vertical-align";
    default:
      return root;
  }
}

/** Splits `md:hover:!px-2` into its variants (`md:hover:`) and the utility (`!px-2`). */
function splitVariants(className: string): [string, string] {
  let depth = 0;
  let end = 0;
  for (let i = 0; i < className.length; i++) {
    const ch = className[i];
    if (ch === "[" || ch === "(") depth++;
    else if (ch === "]" || ch === ")") depth--;
    else if (ch === ":" && depth === 0) end = i + 1;
  }
  return [className.slice(0, end), className.slice(end)];
}

/** Keeps, of the classes in `classes`, each utility not overridden by a later one. */
export function mergeClasses(classes: string): string {
  const known = merged.get(classes);
  if (known !== undefined) return known;
  return remember(merged, classes, merge(classes));
}

function merge(classes: string): string {
  const list = classes.split(/\s+/);
  const taken = new Set<string>();
  const kept: string[] = [];
  for (let i = list.length - 1; i >= 0; i--) {
    const className = list[i];
    if (!className) continue;
    let [variants, utility] = splitVariants(className);
    if (utility.startsWith("!") || utility.endsWith("!")) {
      variants += "!";
      utility = utility.startsWith("!") ? utility.slice(1) : utility.slice(0, -1);
    }
    const group = groupOf(utility.startsWith("-") ? utility.slice(1) : utility);
    if (group) {
      if (taken.has(variants + group)) continue;
      taken.add(variants + group);
      for (const other of CONFLICTS[group] ?? []) taken.add(variants + other);
    }
    kept.push(className);
  }
  return kept.reverse().join(" ");
}
