export type LegalBlock = { kind: "title" | "heading" | "paragraph"; text: string };

/**
 * The operator's plain text as blocks: a "# " line is the title, a "## " line a heading, and
 * other lines are paragraphs separated by blank lines (no other markup is read, nothing is HTML).
 */
export function legalBlocks(text: string): LegalBlock[] {
  const blocks: LegalBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join(" ") });
    paragraph = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const heading = /^(#{1,2})\s+(.*)$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ kind: heading[1] === "#" ? "title" : "heading", text: heading[2] });
    } else if (line === "") {
      flush();
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
