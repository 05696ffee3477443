import { Gift, type LucideIcon, MousePointerClick, Zap } from "lucide-react";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";

const STEPS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: MousePointerClick, title: "Choose amount", text: "Pick the $50 or $100 gift card." },
  { icon: Zap, title: "Instant redemption", text: "The FitCoins leave your balance at once." },
  { icon: Gift, title: "Get gift card", text: "Your code shows here and arrives by email." },
];

export function HowItWorks() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>How It Works</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {STEPS.map(({ icon: Icon, title, text }, i) => (
            <li key={title} className="flex gap-3">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <p className="font-semibold">
                  {i + 1}. {title}
                </p>
                <p className="text-sm text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
