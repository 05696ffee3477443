import { CalendarClock, Eye, Link2, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import type { Ad } from "../../../../core/schemas/ads";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { cn } from "../../../lib/utils";
import { PLACEMENT_LABELS } from "../ad-form-model";
import { adStatsLabel, adWindowLabel } from "../ad-list-view";

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold",
        active ? "bg-emerald-100 text-emerald-900 ring-1 ring-emerald-300" : "bg-slate-200 text-slate-800",
      )}
    >
      {active ? "Active" : "Inactive"}
    </span>
  );
}

/** One ad in the manager: select, status, placement and priority, window, counts, Edit and Delete. */
export function AdListItem({
  ad,
  selected,
  onSelect,
  onEdit,
  onDelete,
}: {
  ad: Ad;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [imageFailed, setImageFailed] = useState(false);
  const checkboxId = `ad-select-${ad.id}`;
  return (
    <article
      aria-label={ad.title}
      data-testid={`admin-ad-${ad.id}`}
      className={cn(
        "grid gap-3 rounded-2xl border bg-white p-3 shadow-sm sm:p-4",
        ad.isActive ? "border-slate-200" : "border-dashed border-slate-300 bg-slate-50",
        selected && "ring-2 ring-emerald-600",
      )}
    >
      <div className="flex gap-3">
        <Checkbox
          id={checkboxId}
          checked={selected}
          onCheckedChange={(checked) => onSelect(checked === true)}
          aria-label={`Select ${ad.title}`}
          className="mt-0.5"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <StatusBadge active={ad.isActive} />
            <span className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-semibold text-indigo-900 ring-1 ring-indigo-200">
              {PLACEMENT_LABELS[ad.placement]}
            </span>
            <span className="text-xs font-medium text-slate-600">Priority {ad.priority}</span>
          </div>
          <h3 className="mt-1 leading-tight font-bold break-words text-slate-900">{ad.title}</h3>
          <p className="mt-0.5 line-clamp-2 text-sm break-words text-slate-700">{ad.content}</p>
          {ad.imageUrl && !imageFailed ? (
            <img
              src={ad.imageUrl}
              alt=""
              loading="lazy"
              onError={() => setImageFailed(true)}
              className={cn(
                "mt-2 aspect-[8/3] w-40 rounded-lg bg-slate-100 object-cover",
                !ad.isActive && "opacity-60",
              )}
            />
          ) : null}
        </div>
      </div>
      <ul className="grid gap-1 text-xs text-slate-600 sm:grid-cols-2">
        <li className="flex items-center gap-1.5">
          <CalendarClock className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{adWindowLabel(ad)}</span>
        </li>
        <li className="flex items-center gap-1.5 tabular-nums" data-testid="ad-stats">
          <Eye className="size-3.5 shrink-0" aria-hidden="true" />
          {adStatsLabel(ad)}
        </li>
        {ad.linkUrl ? (
          <li className="flex min-w-0 items-center gap-1.5 sm:col-span-2">
            <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{ad.linkUrl}</span>
          </li>
        ) : null}
      </ul>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${ad.title}`}>
          <Pencil aria-hidden="true" /> Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          aria-label={`Delete ${ad.title}`}
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
        >
          <Trash2 aria-hidden="true" /> Delete
        </Button>
      </div>
    </article>
  );
}
