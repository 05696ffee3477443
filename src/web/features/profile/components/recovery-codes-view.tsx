import { Copy } from "lucide-react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/use-toast";

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: "Copied", description: `${what} is on your clipboard.`, variant: "success" });
  } catch {
    toast({
      title: "Could Not Copy",
      description: "Your browser did not allow copying. Select the text and copy it by hand.",
      variant: "destructive",
    });
  }
}

export function CopyButton({ text, what, label = "Copy" }: { text: string; what: string; label?: string }) {
  return (
    <Button type="button" variant="outline" size="sm" onClick={() => copy(text, what)}>
      <Copy aria-hidden="true" /> {label}
    </Button>
  );
}

/** The recovery codes, shown once: to write down or copy; "I saved them" closes. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-700">
        Keep these somewhere safe, like a password manager. If you lose your phone, each code signs you in
        once. They will not be shown again.
      </p>
      <ul
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-3 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap justify-end gap-2">
        <CopyButton text={codes.join("\n")} what="Your recovery codes" label="Copy Codes" />
        <Button type="button" onClick={onDone}>
          I Saved Them
        </Button>
      </div>
    </div>
  );
}
