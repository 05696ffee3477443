import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

/** A multi-line Input. */
export function Textarea({ className, rows = 3, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      rows={rows}
      className={cn(
        "w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs outline-none placeholder:text-slate-500 focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 aria-invalid:border-red-600",
        className,
      )}
      {...props}
    />
  );
}
