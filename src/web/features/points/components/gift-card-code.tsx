import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { COPY_CONFIRMATION_MS } from "../../../../core/constants";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";

/** A gift card's code, selectable, with Copy (Copied! for 2 s); "Code on its way" while there is none. */
export function GiftCardCode({ code, label }: { code: string | null; label: string }) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  if (!code) return <p className="text-sm text-slate-600">Code on its way</p>;

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      toast({
        title: "Copy Failed",
        description: "Select the code and copy it yourself.",
        variant: "destructive",
      });
    }
  };

  return (
    <div className="flex min-w-0 items-center gap-2 rounded-lg bg-slate-50 py-1 pr-1 pl-3">
      <code className="min-w-0 flex-1 truncate font-mono text-sm font-semibold tracking-wide text-slate-900 select-all">
        {code}
      </code>
      <Button variant="ghost" size="sm" onClick={onCopy}>
        {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
        {copied ? "Copied!" : "Copy"}
        <span className="sr-only"> code for {label}</span>
      </Button>
    </div>
  );
}
