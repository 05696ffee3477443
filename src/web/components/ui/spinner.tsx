import { cn } from "../../lib/utils";

export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex">
      <span
        aria-hidden="true"
        className={cn(
          "inline-block size-8 animate-spin rounded-full border-4 border-emerald-100 border-t-emerald-700",
          className,
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
