/**
 * The language a member's browser asks for (its Accept-Language header), for what the server writes
 * to them outside the app (the dates in emails): the first tag by preference that this runtime
 * formats dates in, canonical ("en-US"); null when the header names none (then emails use en-US,
 * the app's own).
 */
export function preferredLocale(header: string | string[] | undefined): string | null {
  if (typeof header !== "string" || header.length > 500) return null;
  const ranked = header
    .split(",")
    .map((part, order) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, order };
    })
    .filter((l) => l.tag !== "" && l.tag !== "*" && l.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranked) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (
        canonical &&
        canonical.length <= 35 &&
        Intl.DateTimeFormat.supportedLocalesOf(canonical).length > 0
      ) {
        return canonical;
      }
    } catch {
      // Not a language tag: try the next.
    }
  }
  return null;
}
