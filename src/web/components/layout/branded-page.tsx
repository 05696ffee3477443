import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandMark, BrandName } from "./brand";

/** A full page outside the app's shell with the brand on top: invite pages for visitors. */
export function BrandedPage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-50 px-4 pt-[max(2.5rem,env(safe-area-inset-top))] pb-10">
      <Link href="/" className="mb-6 flex items-center gap-2 rounded-lg">
        <BrandMark className="size-10" />
        <BrandName className="text-2xl" />
      </Link>
      {children}
    </main>
  );
}
