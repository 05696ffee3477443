import { formatCount } from "./numbers";

// Step sources' names as members read them (issue 33), for the server and the screens alike.
// Without the validation library: the dashboard's history chart uses them.

const SOURCE_NAMES: Record<string, string> = { phone: "Phone", withings: "Withings" };

/** A step source's name ("Phone", "Withings"), from its id. */
export const stepSourceName = (source: string) => SOURCE_NAMES[source] ?? source;

/** "Phone 300 · Withings 1,000": steps by source, for a day or a list. */
export const stepsBySourceText = (sources: { source: string; steps: number }[]) =>
  sources.map((s) => `${stepSourceName(s.source)} ${formatCount(s.steps)}`).join(" · ");
