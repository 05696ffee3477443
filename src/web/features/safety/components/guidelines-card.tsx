import { CircleCheck, CircleX, type LucideIcon } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { cn } from "../../../lib/utils";

/** One of the two community guideline lists: Encouraged or Prohibited. */
export function GuidelinesCard({
  title,
  items,
  tone,
}: {
  title: string;
  items: readonly string[];
  tone: "encouraged" | "prohibited";
}) {
  const Icon: LucideIcon = tone === "encouraged" ? CircleCheck : CircleX;
  const color = tone === "encouraged" ? "text-emerald-600" : "text-red-600";
  return (
    <Card>
      <CardHeader>
        <CardTitle
          className={cn(
            "flex items-center gap-2",
            tone === "encouraged" ? "text-emerald-800" : "text-red-800",
          )}
        >
          <Icon className={cn("size-5", color)} aria-hidden="true" /> {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-2.5" aria-label={title}>
          {items.map((item) => (
            <li key={item} className="flex items-start gap-2 text-sm text-slate-700">
              <Icon className={cn("mt-0.5 size-4 shrink-0", color)} aria-hidden="true" /> {item}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
