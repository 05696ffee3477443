import { cn } from "../../../lib/utils";

/** A labelled figure in a results view. */
export function Stat({
  label,
  value,
  tone = "slate",
}: {
  label: string;
  value: string;
  tone?: "slate" | "emerald" | "amber";
}) {
  return (
    <div
      className={cn(
        "rounded-xl p-3",
        tone === "emerald" && "bg-emerald-50 text-emerald-900",
        tone === "amber" && "bg-amber-50 text-amber-950",
        tone === "slate" && "bg-slate-50 text-slate-900",
      )}
    >
      <p className="text-xs font-semibold opacity-80">{label}</p>
      <p className="text-2xl font-extrabold tabular-nums">{value}</p>
    </div>
  );
}
