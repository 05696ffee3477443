import { CircleAlert, CircleCheck, Clock, LoaderCircle, type LucideIcon, SearchX, X } from "lucide-react";
import { cn } from "../../../lib/utils";
import type { PaymentReturnNotice as Notice } from "../payment-return";

type Tone = "green" | "amber" | "red" | "neutral";

const notices: Record<Notice, { title: string; text: string; icon: LucideIcon; tone: Tone }> = {
  checking: {
    title: "Confirming your payment...",
    text: "Hold on while we add it to your wallet.",
    icon: LoaderCircle,
    tone: "neutral",
  },
  success: {
    title: "Payment Successful",
    text: "Your payment went through and your balance has been updated.",
    icon: CircleCheck,
    tone: "green",
  },
  processing: {
    title: "Payment Processing",
    text: "Your payment is processing. Your balance will update once it completes.",
    icon: Clock,
    tone: "amber",
  },
  delayed: {
    title: "Payment Received",
    text: "Your payment went through, but we could not update your wallet just now. The money will appear in your wallet shortly.",
    icon: Clock,
    tone: "amber",
  },
  failed: {
    title: "Payment Failed",
    text: "Your payment did not go through. Please try again or use a different payment method.",
    icon: CircleAlert,
    tone: "red",
  },
  notFound: {
    title: "Payment not found",
    text: "We could not find this payment. If your card was charged, use Check for missing deposits.",
    icon: SearchX,
    tone: "red",
  },
};

const toneClasses: Record<Tone, { box: string; icon: string; button: string }> = {
  green: {
    box: "border-emerald-200 bg-emerald-50 text-emerald-950",
    icon: "text-emerald-700",
    button: "text-emerald-800 hover:bg-emerald-100",
  },
  amber: {
    box: "border-amber-200 bg-amber-50 text-amber-950",
    icon: "text-amber-600",
    button: "text-amber-800 hover:bg-amber-100",
  },
  red: {
    box: "border-red-200 bg-red-50 text-red-950",
    icon: "text-red-600",
    button: "text-red-800 hover:bg-red-100",
  },
  neutral: {
    box: "border-slate-200 bg-slate-50 text-slate-900",
    icon: "animate-spin text-emerald-700",
    button: "text-slate-700 hover:bg-slate-100",
  },
};

/** The wallet's notice after a payment (see usePaymentReturn). */
export function PaymentReturnNotice({ notice, onDismiss }: { notice: Notice; onDismiss: () => void }) {
  const { title, text, icon: Icon, tone } = notices[notice];
  const classes = toneClasses[tone];
  return (
    <div
      role={tone === "red" ? "alert" : "status"}
      className={cn("mb-5 flex items-start gap-3 rounded-2xl border p-4", classes.box)}
    >
      <Icon className={cn("mt-0.5 size-5 shrink-0", classes.icon)} aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-bold">{title}</p>
        <p className="text-sm">{text}</p>
      </div>
      {notice === "checking" ? null : (
        <button
          type="button"
          onClick={onDismiss}
          className={cn("rounded-md p-1", classes.button)}
          aria-label="Dismiss"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
