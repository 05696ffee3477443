import { CircleAlert } from "lucide-react";

/** A refused payment under the title 'Payment Failed' (specification 3, section 8). */
export function PaymentError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="flex items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-3 text-red-900"
    >
      <CircleAlert className="mt-0.5 size-5 shrink-0 text-red-600" aria-hidden="true" />
      <div>
        <p className="font-bold">Payment Failed</p>
        <p className="text-sm">{message}</p>
      </div>
    </div>
  );
}
