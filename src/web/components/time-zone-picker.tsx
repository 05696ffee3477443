import { Check, LocateFixed } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { canonicalTimeZone, searchTimeZones, timeZoneLabel, timeZoneRows } from "../../core/time-zones";
import { deviceTimeZone } from "../lib/local-datetime";
import { cn } from "../lib/utils";
import { Button } from "./ui/button";
import { Input } from "./ui/input";

/**
 * The time-zone picker (issue 32 item 5): the zones the server accepts, by their current names
 * with their UTC offsets, searched as the member types ("Kolkata", "new york", "+05:30"), and a
 * "Use this device's zone" action. The chosen zone reads as the profile page shows it.
 */
export function TimeZonePicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  invalid?: boolean;
  describedBy?: string;
}) {
  const listId = useId();
  const rows = useMemo(() => timeZoneRows(), []);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const matches = useMemo(() => searchTimeZones(query, rows), [query, rows]);
  const selected = canonicalTimeZone(value) ?? value;
  // The device's zone, when it is one the app offers.
  const device = canonicalTimeZone(deviceTimeZone());

  const choose = (zone: string) => {
    onChange(zone);
    setQuery("");
    setActive(0);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), Math.max(matches.length - 1, 0)));
    } else if (event.key === "Enter" && query.trim() && matches[active]) {
      event.preventDefault();
      choose(matches[active].zone);
    }
  };
  const optionId = (zone: string) => `${listId}-${zone.replace(/[^A-Za-z0-9]/g, "-")}`;

  return (
    <div className="grid gap-2">
      <p className="text-sm text-slate-700" data-testid="time-zone-selected">
        Selected: <span className="font-semibold text-slate-900">{timeZoneLabel(selected)}</span>
      </p>
      <Input
        id={id}
        type="search"
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={matches[active] ? optionId(matches[active].zone) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        placeholder="Search a city or offset, e.g. Kolkata"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Time zones"
        className="max-h-48 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white text-sm"
      >
        {matches.length === 0 ? (
          <p className="px-3 py-2 text-slate-600">No time zone matches "{query.trim()}".</p>
        ) : (
          matches.map((row, i) => {
            const isSelected = row.zone === selected;
            return (
              <div
                key={row.zone}
                tabIndex={-1}
                id={optionId(row.zone)}
                role="option"
                aria-selected={isSelected}
                className={cn(
                  "flex min-h-10 cursor-pointer items-center justify-between gap-3 px-3 py-2",
                  i === active && query.trim() ? "bg-slate-100" : "",
                  isSelected ? "font-semibold text-emerald-800" : "text-slate-800",
                )}
                onClick={() => choose(row.zone)}
                onKeyDown={(event) => event.key === "Enter" && choose(row.zone)}
              >
                <span className="flex min-w-0 items-center gap-2">
                  {isSelected ? <Check className="size-4 shrink-0" aria-hidden="true" /> : null}
                  <span className="truncate">{row.zone.replaceAll("_", " ")}</span>
                </span>
                <span className="shrink-0 text-xs text-slate-600 tabular-nums">{row.offset}</span>
              </div>
            );
          })
        )}
      </div>
      {device ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="h-auto min-h-9 justify-self-start py-1.5 text-left whitespace-normal"
          disabled={device === selected}
          onClick={() => choose(device)}
        >
          <LocateFixed className="size-4" aria-hidden="true" />
          {device === selected
            ? "This device's zone is selected"
            : `Use this device's zone (${timeZoneLabel(device)})`}
        </Button>
      ) : null}
    </div>
  );
}
