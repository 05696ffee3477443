import { BarChart3, ChevronDown } from "lucide-react";
import { useId, useState } from "react";
import { formatCount } from "../../../../core/numbers";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { useAdAnalytics } from "../api";

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-3 text-center ring-1 ring-slate-200">
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-lg font-extrabold text-slate-900 tabular-nums sm:text-2xl">{value}</dd>
    </div>
  );
}

/** The collapsible Analytics panel: total views, total clicks and click-through rate. */
export function AdAnalyticsPanel() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const analytics = useAdAnalytics();
  const data = analytics.data;
  return (
    <section
      className="rounded-2xl border border-slate-200 bg-white shadow-sm"
      aria-labelledby={`${panelId}-h`}
    >
      <h2 id={`${panelId}-h`} className="m-0">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex w-full items-center gap-2 rounded-2xl px-4 py-3 text-left text-base font-bold text-slate-900 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <BarChart3 className="size-5 text-indigo-700" aria-hidden="true" />
          <span className="flex-1">Analytics</span>
          <ChevronDown
            className={cn("size-5 text-slate-500 transition-transform", open && "rotate-180")}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id={panelId} hidden={!open} className="px-4 pb-4">
        {analytics.isError ? (
          <p className="text-sm text-red-700" role="alert">
            Could not load the analytics.
          </p>
        ) : !data ? (
          <div className="flex justify-center py-4">
            <Spinner label="Loading analytics" />
          </div>
        ) : (
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            <Stat label="Total Views" value={formatCount(data.totalViews)} />
            <Stat label="Total Clicks" value={formatCount(data.totalClicks)} />
            <Stat label="Click-Through Rate" value={data.clickThroughRate} />
          </dl>
        )}
      </div>
    </section>
  );
}
