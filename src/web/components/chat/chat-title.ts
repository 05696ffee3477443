/**
 * A chat's heading (specification 2 section 2): the competition's or group's name with the word
 * "test" removed (any case), whitespace collapsed, then Chat; the fallback when nothing is left.
 */
export function chatTitle(name: string, fallback: string): string {
  const cleaned = name
    .replace(/\btest\b/gi, " ")
    .replace(/\s+/g, " ")
    .trim();
  return `${cleaned || fallback} Chat`;
}
