import type { ComponentProps } from "react";
import { cn } from "../../lib/utils";

export function Input({ className, type = "text", ...props }: ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "h-11 w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3.5 text-base text-slate-900 shadow-xs transition-colors outline-none placeholder:text-slate-500 focus-visible:border-emerald-600 focus-visible:ring-2 focus-visible:ring-emerald-600/30 disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-red-600 aria-invalid:ring-red-600/20",
        className,
      )}
      {...props}
    />
  );
}
