import { Compass } from "lucide-react";
import { Link } from "wouter";
import type { PageProps } from "../../../app/pages";
import { Button } from "../../../components/ui/button";

export function NotFoundPage({ params }: PageProps) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 p-4">
      <div className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm">
        <div className="mx-auto mb-4 flex size-16 items-center justify-center rounded-full bg-indigo-50 text-indigo-700">
          <Compass className="size-8" aria-hidden="true" />
        </div>
        <p className="text-sm font-bold tracking-widest text-indigo-700">404</p>
        <h1 className="mt-1 text-2xl font-extrabold">Page Not Found</h1>
        <p className="mt-3 text-slate-600">Sorry, this page could not be found.</p>
        <p className="mt-2">
          <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all text-slate-900">
            {params.path}
          </code>
        </p>
        <Button asChild size="lg" className="mt-6 w-full">
          <Link href="/">Go Home</Link>
        </Button>
      </div>
    </main>
  );
}
