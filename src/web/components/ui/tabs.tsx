import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";
import { cn } from "../../lib/utils";

export interface TabItem<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

/** Accessible tabs (WAI-ARIA tabs pattern): arrow keys move between tabs, one panel shown. */
export function Tabs<K extends string>({
  items,
  value,
  onValueChange,
  label,
}: {
  items: TabItem<K>[];
  value: K;
  onValueChange: (key: K) => void;
  label: string;
}) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((item) => item.key === value);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = items[(index + step + items.length) % items.length];
    onValueChange(next.key);
    refs.current.get(next.key)?.focus();
  };
  return (
    <div className="grid gap-4">
      <div
        role="tablist"
        aria-label={label}
        className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-slate-100 p-1"
        onKeyDown={onKeyDown}
      >
        {items.map((item) => {
          const selected = item.key === value;
          return (
            <button
              key={item.key}
              ref={(el) => {
                if (el) refs.current.set(item.key, el);
                else refs.current.delete(item.key);
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.key)}
              className={cn(
                "min-h-10 rounded-lg px-3 py-2 text-sm font-semibold outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
                selected ? "bg-white text-slate-900 shadow-sm" : "text-slate-600 hover:text-slate-900",
              )}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.key === value ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
          >
            {item.content}
          </div>
        ) : null,
      )}
    </div>
  );
}
