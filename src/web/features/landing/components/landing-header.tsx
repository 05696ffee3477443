import { Menu, X } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { Brand } from "../../../components/layout/brand";
import { Button } from "../../../components/ui/button";

/** Sign In is a full-page navigation to /api/login (specification 1, 2.2). */
export function LandingHeader() {
  const [open, setOpen] = useState(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 pt-[env(safe-area-inset-top)] backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-5 md:px-8">
        <Brand home />
        <nav aria-label="Account" className="hidden items-center gap-2 sm:flex">
          <Button asChild variant="ghost">
            <a href="/api/login">Sign In</a>
          </Button>
          <Button asChild>
            <Link href="/register">Sign Up</Link>
          </Button>
        </nav>
        <button
          type="button"
          className="flex size-10 items-center justify-center rounded-xl text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-emerald-600 sm:hidden"
          aria-expanded={open}
          aria-controls="landing-menu"
          onClick={() => setOpen((v) => !v)}
        >
          {open ? (
            <X className="size-6" aria-hidden="true" />
          ) : (
            <Menu className="size-6" aria-hidden="true" />
          )}
          <span className="sr-only">{open ? "Close menu" : "Open menu"}</span>
        </button>
      </div>
      {open ? (
        <nav
          id="landing-menu"
          aria-label="Account"
          className="grid gap-2 border-t border-slate-100 px-5 py-4 sm:hidden"
        >
          <Button asChild variant="outline">
            <a href="/api/login">Sign In</a>
          </Button>
          <Button asChild>
            <Link href="/register">Sign Up</Link>
          </Button>
        </nav>
      ) : null}
    </header>
  );
}
