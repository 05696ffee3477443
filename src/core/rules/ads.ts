/*
 * Advertising rules shared by the server and the dashboard slot (specification 3 sections 4, 5
 * and 9; DESIGN 1, ads): the HTML-tag reduction applied on save, the link normalisation applied
 * before an ad opens, the rotation order and the click-through rate's text.
 */

const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", "#39": "'", lt: "<", gt: ">" };

function attributeOf(tag: string, name: string): string | null {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+))`, "i").exec(tag);
  if (!match) return null;
  const raw = match[1] ?? match[2] ?? match[3] ?? "";
  return raw.replace(/&(amp|quot|apos|#39|lt|gt);/g, (_, e: string) => ENTITIES[e]).trim();
}

/**
 * An image or link field as an admin pasted it: an HTML `<img>` gives its `src`, an `<a>` its
 * `href`; anything else is the trimmed text. Empty gives null.
 */
export function reduceHtmlTag(input: string | null | undefined, kind: "img" | "a"): string | null {
  const text = (input ?? "").trim();
  if (!text) return null;
  const tag = new RegExp(`<${kind}\\b[^>]*>`, "i").exec(text);
  if (tag) return attributeOf(tag[0], kind === "img" ? "src" : "href") || null;
  return text;
}

/**
 * The address an ad's link opens: without a scheme `https://` is put in front; only http and
 * https addresses are valid (a `javascript:` or `data:` link never opens). Null when invalid.
 */
export function normaliseAdLink(link: string | null | undefined): string | null {
  const text = (link ?? "").trim();
  if (!text) return null;
  // A scheme is letters before a colon with no dot in them (mailto:, javascript:), or anything://.
  const hasScheme = /^[a-z][a-z0-9+-]*:/i.test(text) || /^[a-z][a-z0-9+.-]*:\/\//i.test(text);
  const candidate = hasScheme ? text : `https://${text.replace(/^\/\/+/, "")}`;
  try {
    const url = new URL(candidate);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname || !/^[^.\s]+(\.[^.\s]+)*$/.test(url.hostname)) return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** The ad shown after `current` of `count`, wrapping around to the first. */
export function nextAdIndex(current: number, count: number): number {
  if (count <= 0) return 0;
  return (current + 1) % count;
}

/** Clicks per view as a percentage with one decimal, rounded half up: "2.5%", "0.0%" without views. */
export function clickThroughRate(clicks: number, views: number): string {
  if (views <= 0) return "0.0%";
  // Tenths of a percent in whole numbers: clicks * 1000 / views, rounded half up.
  const tenths = Math.floor((clicks * 2000 + views) / (2 * views));
  return `${Math.floor(tenths / 10)}.${tenths % 10}%`;
}
