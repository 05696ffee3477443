import { Sparkles, Trophy } from "lucide-react";

/** Full-screen view while a competition loads (specification 2 section 2, Loading screen). */
export function LoadingCompetition() {
  return (
    <div
      className="fixed inset-0 z-[60] flex flex-col items-center justify-center gap-4 bg-gradient-to-b from-emerald-50 via-white to-indigo-50 px-6 text-center"
      role="status"
      aria-live="polite"
    >
      <div className="relative">
        <Sparkles
          className="absolute -top-4 -left-7 size-6 animate-pulse text-amber-400"
          aria-hidden="true"
        />
        <Sparkles
          className="absolute -top-2 -right-8 size-5 animate-pulse text-indigo-400 [animation-delay:300ms]"
          aria-hidden="true"
        />
        <Sparkles
          className="absolute -right-5 bottom-0 size-4 animate-pulse text-emerald-500 [animation-delay:600ms]"
          aria-hidden="true"
        />
        <div className="flex size-24 animate-bounce items-center justify-center rounded-full bg-amber-100 shadow-lg shadow-amber-200">
          <Trophy className="size-12 text-amber-500" aria-hidden="true" />
        </div>
      </div>
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Loading Competition</h1>
      <p className="text-slate-600">Get ready to compete!</p>
    </div>
  );
}
