import { useId } from "react";
import { Link } from "wouter";
import { cn } from "../../lib/utils";

/** The StepRace mark: two footprints on the emerald-to-indigo tile of the app icon. */
export function BrandMark({ className }: { className?: string }) {
  // A per-instance gradient id: a hidden copy (e.g. the mobile header on desktop) must not own it.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 64 64" className={cn("size-9 shrink-0", className)} aria-hidden="true">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#059669" />
          <stop offset="1" stopColor="#4f46e5" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
      <g fill="#fff">
        <ellipse cx="24" cy="36" rx="6.5" ry="10" transform="rotate(-12 24 36)" />
        <circle cx="20" cy="21" r="2.4" />
        <circle cx="25.5" cy="20" r="2.2" />
        <circle cx="30" cy="22" r="2" />
        <ellipse cx="41" cy="29" rx="6.5" ry="10" transform="rotate(12 41 29)" />
        <circle cx="36" cy="14" r="2" />
        <circle cx="40.5" cy="12.5" r="2.2" />
        <circle cx="46" cy="14" r="2.4" />
      </g>
    </svg>
  );
}

export function BrandName({ className }: { className?: string }) {
  return (
    <span className={cn("text-xl font-extrabold tracking-tight text-slate-900", className)}>
      Step<span className="text-emerald-700">Race</span>
    </span>
  );
}

const SIZES = {
  sm: { mark: "size-7", name: "text-base" },
  md: { mark: "size-8", name: "text-lg" },
  base: { mark: "size-9", name: "text-xl" },
  lg: { mark: "size-10", name: "text-2xl" },
} as const;

/** Mark and name side by side; with `home`, a link to / (headers and auth screens). */
export function Brand({
  size = "base",
  home = false,
  className,
}: {
  size?: keyof typeof SIZES;
  home?: boolean;
  className?: string;
}) {
  const s = SIZES[size];
  const content = (
    <>
      <BrandMark className={s.mark} />
      <BrandName className={s.name} />
    </>
  );
  if (!home) return <div className={cn("flex items-center gap-2", className)}>{content}</div>;
  return (
    <Link
      href="/"
      className={cn(
        "flex items-center gap-2 rounded-lg outline-none focus-visible:ring-2 focus-visible:ring-emerald-600",
        className,
      )}
    >
      {content}
    </Link>
  );
}
