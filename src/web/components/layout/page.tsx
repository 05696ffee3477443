import { ArrowLeft, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { cn } from "../../lib/utils";

/** The title block every in-app page starts with. */
export function PageHeader({
  title,
  description,
  backHref,
  backLabel = "Back",
  actions,
}: {
  title: string;
  description?: ReactNode;
  backHref?: string;
  backLabel?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-5 flex flex-col gap-3 md:mb-8">
      {backHref ? (
        <Link
          href={backHref}
          className="inline-flex w-fit items-center gap-1 rounded-lg text-sm font-semibold text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-emerald-600"
        >
          <ArrowLeft className="size-4" aria-hidden="true" /> {backLabel}
        </Link>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 md:text-3xl">{title}</h1>
          {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
        </div>
        {actions ? <div className="flex gap-2">{actions}</div> : null}
      </div>
    </div>
  );
}

/** A friendly empty state: icon, title, a line of text and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  children,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center",
        className,
      )}
    >
      <div className="mb-3 flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
        <Icon className="size-7" aria-hidden="true" />
      </div>
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {children ? <div className="mt-1 max-w-sm text-sm text-slate-600">{children}</div> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
