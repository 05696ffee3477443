/** Countdown phases and labels of specification 2 section 4. Pure: the screen ticks every second. */

export type CountdownPhase = "entry" | "start" | "end" | "ended";

export type Countdown = {
  phase: CountdownPhase;
  /** "Entry closes in", "Starts in", "Ends in", "Completed" (groups: "Competition ended"). */
  label: string;
  /** Milliseconds to the phase's end (0 once ended). */
  remainingMs: number;
};

export function countdown(
  now: Date,
  dates: { entryDeadline: Date | null; startDate: Date; endDate: Date },
  kind: "competition" | "group" = "competition",
): Countdown {
  const t = now.getTime();
  const { entryDeadline, startDate, endDate } = dates;
  if (entryDeadline && entryDeadline.getTime() < startDate.getTime() && t < entryDeadline.getTime()) {
    return { phase: "entry", label: "Entry closes in", remainingMs: entryDeadline.getTime() - t };
  }
  if (t < startDate.getTime())
    return { phase: "start", label: "Starts in", remainingMs: startDate.getTime() - t };
  if (t < endDate.getTime()) return { phase: "end", label: "Ends in", remainingMs: endDate.getTime() - t };
  return { phase: "ended", label: kind === "group" ? "Competition ended" : "Completed", remainingMs: 0 };
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function parts(ms: number) {
  const s = Math.floor(Math.max(0, ms) / SECOND);
  return {
    days: Math.floor(s / 86400),
    hours: Math.floor((s % 86400) / 3600),
    minutes: Math.floor((s % 3600) / 60),
    seconds: s % 60,
  };
}

/** The countdown's time: "Starting..." at zero while not ended; compact "2d 5h", "5h 12m", "12m 5s". */
export function formatCountdown(c: Countdown, format: "compact" | "full" = "compact"): string {
  if (c.phase === "ended") return "";
  if (Math.floor(c.remainingMs / SECOND) <= 0) return "Starting...";
  return format === "compact" ? formatCompact(c.remainingMs) : formatFull(c.remainingMs);
}

export function formatCompact(ms: number): string {
  const p = parts(ms);
  if (p.days > 0) return `${p.days}d ${p.hours}h`;
  if (p.hours > 0) return `${p.hours}h ${p.minutes}m`;
  return `${p.minutes}m ${p.seconds}s`;
}

const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** At most two units: "2 days 5 hours", "5 hours 12 minutes", "12 minutes 5 seconds", "5 seconds". */
export function formatFull(ms: number): string {
  const p = parts(ms);
  const units: [number, string][] = [
    [p.days, "day"],
    [p.hours, "hour"],
    [p.minutes, "minute"],
    [p.seconds, "second"],
  ];
  const first = units.findIndex(([n]) => n > 0);
  if (first === -1) return unit(0, "second");
  const shown = units.slice(first, first + 2).filter(([n]) => n > 0);
  return shown.map(([n, w]) => unit(n, w)).join(" ");
}

/** A card's start label: "Started", "Starts in N day(s)", "Starts in N hour(s)" or "Starting soon". */
export function startLabel(now: Date, startDate: Date): string {
  const ms = startDate.getTime() - now.getTime();
  if (ms <= 0) return "Started";
  if (ms >= DAY) return `Starts in ${unit(Math.floor(ms / DAY), "day")}`;
  if (ms >= HOUR) return `Starts in ${unit(Math.floor(ms / HOUR), "hour")}`;
  return "Starting soon";
}

/** An active card's time remaining: "Competition Ended", "Nd Nh remaining" or "Nh remaining". */
export function timeRemaining(now: Date, endDate: Date): string {
  const ms = endDate.getTime() - now.getTime();
  if (ms <= 0) return "Competition Ended";
  const p = parts(ms);
  return p.days > 0 ? `${p.days}d ${p.hours}h remaining` : `${p.hours}h remaining`;
}
