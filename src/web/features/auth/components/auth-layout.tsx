import type { ReactNode } from "react";
import { Brand } from "../../../components/layout/brand";
import { Card, CardContent, CardDescription, CardHeader } from "../../../components/ui/card";

/** Centred card with the brand above it, for sign-in and account-recovery screens. */
export function AuthLayout({
  title,
  description,
  children,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-emerald-50 via-slate-50 to-slate-50 px-4 pt-[max(2.5rem,env(safe-area-inset-top))] pb-10">
      <Brand home size="lg" className="mb-6" />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl leading-tight font-bold tracking-tight">{title}</h1>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
      {footer ? <div className="mt-6 text-center text-sm text-slate-600">{footer}</div> : null}
    </main>
  );
}

export const textLinkClass =
  "font-semibold text-emerald-700 underline-offset-4 outline-none hover:underline focus-visible:rounded focus-visible:ring-2 focus-visible:ring-emerald-600";
