import { CircleCheck, Footprints, LoaderCircle } from "lucide-react";
import { useRef, useState } from "react";
import { Link } from "wouter";
import { BrandMark, BrandName } from "../../../components/layout/brand";
import { PageHeader } from "../../../components/layout/page";
import { Card, CardContent } from "../../../components/ui/card";
import { formatTime } from "../../../lib/format";
import { useUser } from "../../auth/api";
import { sendPracticeTap } from "../api";

type Status = { kind: "ready" } | { kind: "syncing" } | { kind: "synced"; at: Date } | { kind: "local" };

function StatusLine({ status }: { status: Status }) {
  switch (status.kind) {
    case "ready":
      return <span>Ready</span>;
    case "syncing":
      return (
        <span className="inline-flex items-center gap-1.5">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Syncing...
        </span>
      );
    case "synced":
      return (
        <span className="inline-flex items-center gap-1.5 text-emerald-800">
          <CircleCheck className="size-4" aria-hidden="true" /> Synced at {formatTime(status.at)}
        </span>
      );
    case "local":
      return <span className="text-amber-800">Not synced (offline?)</span>;
  }
}

/**
 * Each tap adds one step and syncs it at once (specification 1, 2.9), as practice: the taps go to
 * the server's practice endpoint, which stores nothing, never to the tracker's queue, so they count
 * for no competition, points, streak, badge or leaderboard (DESIGN 1, Step Test).
 */
export function StepTestPage() {
  const user = useUser();
  const [count, setCount] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: "ready" });
  // Taps may overlap: the status follows the latest one.
  const latestTap = useRef(0);

  const tap = async () => {
    const id = ++latestTap.current;
    setCount((c) => c + 1);
    setStatus({ kind: "syncing" });
    let next: Status;
    try {
      const answer = await sendPracticeTap();
      next = { kind: "synced", at: new Date(answer.syncedAt) };
    } catch {
      next = { kind: "local" };
    }
    if (id === latestTap.current) setStatus(next);
  };

  const content = (
    <Card className="mx-auto w-full max-w-md">
      <CardContent className="grid justify-items-center gap-6 p-8 text-center">
        <p className="text-sm text-slate-600">Tap the button to add one step and sync it to the server.</p>
        <p
          className="rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900"
          data-testid="practice-note"
        >
          Practice only: taps here do not count for competitions, points, streaks, badges or the leaderboard.
        </p>
        <button
          type="button"
          onClick={tap}
          className="flex size-44 flex-col items-center justify-center rounded-full bg-gradient-to-br from-emerald-600 to-indigo-600 text-white shadow-xl outline-none transition-transform select-none focus-visible:ring-4 focus-visible:ring-emerald-300 active:scale-95"
        >
          <Footprints className="size-10" aria-hidden="true" />
          <span className="text-5xl font-extrabold">+1</span>
          <span className="sr-only">Add one step</span>
        </button>
        <div>
          <p className="text-sm font-semibold text-slate-600">Steps counted</p>
          <p className="text-4xl font-extrabold tabular-nums" aria-live="polite">
            {count}
          </p>
        </div>
        <p className="text-sm font-semibold" role="status">
          Status: <StatusLine status={status} />
        </p>
      </CardContent>
    </Card>
  );

  if (user?.rulesAccepted) {
    return (
      <>
        <PageHeader
          title="Step Test"
          description="Practice taps: check that syncing works. They do not count."
        />
        {content}
      </>
    );
  }
  return (
    <main className="min-h-dvh bg-slate-50 px-4 pt-[max(2rem,env(safe-area-inset-top))] pb-10">
      <Link href="/" className="mx-auto mb-6 flex w-fit items-center gap-2 rounded-lg">
        <BrandMark className="size-9" />
        <BrandName />
      </Link>
      <h1 className="mb-6 text-center text-3xl font-extrabold tracking-tight">Step Test</h1>
      {content}
      {user ? null : (
        <p className="mt-6 text-center text-sm text-slate-600">
          To count real steps,{" "}
          <Link href="/login" className="font-semibold text-emerald-700 underline-offset-4 hover:underline">
            sign in
          </Link>{" "}
          and track them from your dashboard.
        </p>
      )}
    </main>
  );
}
