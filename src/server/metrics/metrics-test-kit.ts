import { expect } from "vitest";
import { type Metrics, scrape } from "./registry";

/** Samples of one scrape, by metric name and labels (in any order). */
export type Samples = {
  /** The sample's value; undefined when the scrape has no such sample. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** Every metric family the scrape declares (its `# TYPE` lines). */
  families: Set<string>;
  text: string;
};

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)$`);
const LABEL = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(?:,|$)/;
const TYPES = new Set(["counter", "gauge", "histogram", "summary", "untyped"]);

const keyOf = (name: string, labels: Record<string, string>) =>
  `${name}${JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)))}`;

/** A sample line's labels; throws on anything that is not `name="value"` pairs. */
function parseLabels(raw: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = raw ?? "";
  while (rest.length > 0) {
    const match = LABEL.exec(rest);
    if (!match) throw new Error(`malformed labels in: ${line}`);
    labels[match[1]] = match[2].replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
    rest = rest.slice(match[0].length);
  }
  return labels;
}

/** A sample's value as Prometheus reads it (Go's ParseFloat: NaN and Inf in any case, prom-client writes "Nan"). */
function numberOf(raw: string): number | undefined {
  if (/^nan$/i.test(raw)) return Number.NaN;
  if (/^[+-]?inf$/i.test(raw)) return raw.startsWith("-") ? -Infinity : Infinity;
  const value = Number(raw);
  return Number.isNaN(value) || raw.trim() === "" ? undefined : value;
}

/** The family a sample belongs to: a histogram's _bucket, _sum and _count lines are its family's. */
function familyOf(name: string, families: Set<string>): string | undefined {
  if (families.has(name)) return name;
  const base = name.replace(/_(bucket|sum|count)$/, "");
  return families.has(base) ? base : undefined;
}

/**
 * Parses Prometheus's text exposition format strictly: every line is a HELP or TYPE comment or a
 * sample of a family declared before it, with a number for its value. Throws on anything else.
 */
export function parsePrometheusText(text: string): Samples {
  const families = new Set<string>();
  const values = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (comment) {
      if (comment[1] === "TYPE") {
        if (!TYPES.has(comment[3])) throw new Error(`unknown metric type in: ${line}`);
        families.add(comment[2]);
      }
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample) throw new Error(`not a sample: ${line}`);
    if (!familyOf(sample[1], families)) throw new Error(`sample of an undeclared family: ${line}`);
    const value = numberOf(sample[3]);
    if (value === undefined) throw new Error(`not a number in: ${line}`);
    values.set(keyOf(sample[1], parseLabels(sample[2], line)), value);
  }
  return { families, text, value: (name, labels = {}) => values.get(keyOf(name, labels)) };
}

/** Scrapes `metrics` as the listener does and parses the answer. */
export async function scrapeSamples(metrics: Metrics): Promise<Samples> {
  return parsePrometheusText(await scrape(metrics));
}

/** Asserts a sample's value, with the scrape's text in the message when it is missing. */
export function expectSample(samples: Samples, name: string, labels: Record<string, string>, value: number) {
  expect(samples.value(name, labels), `${name} ${JSON.stringify(labels)}`).toBe(value);
}
