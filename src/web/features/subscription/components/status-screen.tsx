import type { ReactNode } from "react";
import { Card, CardContent } from "../../../components/ui/card";

/** A centred full-screen card for the steps of the subscription flow. */
export function StatusScreen({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-50 p-4">
      <Card className="w-full max-w-md">
        <CardContent className="grid justify-items-center gap-4 p-8 text-center">{children}</CardContent>
      </Card>
    </main>
  );
}
