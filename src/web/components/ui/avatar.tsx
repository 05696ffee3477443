import { useState } from "react";
import { cn } from "../../lib/utils";

export function initialsOf(firstName: string, lastName: string, fallback: string): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (letters || fallback.trim().charAt(0) || "?").toUpperCase();
}

/** Profile image, or initials when there is none or it fails to load. */
export function Avatar({
  imageUrl,
  initials,
  className,
}: {
  imageUrl: string | null;
  initials: string;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  return (
    <span
      className={cn(
        "inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-indigo-600 text-sm font-bold text-white",
        className,
      )}
      aria-hidden="true"
    >
      {imageUrl && !broken ? (
        <img src={imageUrl} alt="" className="size-full object-cover" onError={() => setBroken(true)} />
      ) : (
        initials
      )}
    </span>
  );
}
