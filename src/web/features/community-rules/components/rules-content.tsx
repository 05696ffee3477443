import { CreditCard, HandHeart, ShieldCheck, Smartphone, Users } from "lucide-react";
import type { ReactNode } from "react";
import { STEP_ACCURACY_TEXT, SUBSCRIPTION_PRICE_LABEL } from "../../../../core/constants";

const pillars = [
  {
    icon: HandHeart,
    title: "Respect",
    text: "Treat every member with kindness. No harassment, bullying or hate.",
  },
  {
    icon: Users,
    title: "Community",
    text: "Support each other, share tips and celebrate every finish line.",
  },
  {
    icon: ShieldCheck,
    title: "Safety",
    text: "Walk where it's safe, stay aware of your surroundings and report concerns.",
  },
];

/** DESIGN.md section 1, "Refunds": the guidelines say exactly this. */
export const refundRules = [
  "You may leave a competition or a group for a full refund of your entry fee until the competition starts.",
  "Entry fees are non-refundable once the competition has started.",
  "Deleting a competition or group refunds every entry fee and contribution.",
] as const;

function Section({
  icon: Icon,
  title,
  children,
}: {
  icon: typeof Users;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 className="mb-3 flex items-center gap-2 text-lg font-bold">
        <Icon className="size-5 text-emerald-700" aria-hidden="true" /> {title}
      </h2>
      {children}
    </section>
  );
}

const listClass = "grid list-disc gap-2 pl-5 text-sm leading-relaxed text-slate-700 marker:text-emerald-600";

/** The rules text of specification 3 ("Community rules") and DESIGN.md section 1 ("Refunds"). */
export function RulesContent() {
  return (
    <div className="grid gap-4">
      <Section icon={Users} title="Community Guidelines">
        <ul className={listClass}>
          <li>Be respectful and supportive. Harassment, spam and inappropriate content are not allowed.</li>
          <li>Count only steps you really walk. Cheating or manipulating step counts is prohibited.</li>
          <li>One account per person. Fake accounts will be removed.</li>
          {refundRules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
          <li>Members who break these rules may be banned from future competitions.</li>
        </ul>
      </Section>

      <Section icon={CreditCard} title="Billing Terms">
        <ul className={listClass}>
          <li>
            Your subscription costs {SUBSCRIPTION_PRICE_LABEL} per month and renews automatically each month.
          </li>
          <li>
            You can cancel at any time from your profile. Cancellation takes effect at the end of the current
            billing period; you keep access until then and are not charged again.
          </li>
          <li>
            Competition entry fees, pool contributions and prizes are paid in FitCoins from your wallet.
          </li>
        </ul>
      </Section>

      <Section icon={Smartphone} title="Built for Smartphones">
        <p className="text-sm leading-relaxed text-slate-700">
          StepRace is made for smartphones only: your phone's motion sensors count your steps. Keep the screen
          unlocked and the app open while you walk, or steps will not be counted. {STEP_ACCURACY_TEXT}
        </p>
      </Section>
      <ul className="grid gap-3 sm:grid-cols-3" aria-label="Our three pillars">
        {pillars.map(({ icon: Icon, title, text }) => (
          <li
            key={title}
            className="flex items-start gap-3 rounded-2xl bg-gradient-to-br from-emerald-50 to-indigo-50 p-4 sm:flex-col sm:items-center sm:text-center"
          >
            <div className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-emerald-700 shadow-sm">
              <Icon className="size-5" aria-hidden="true" />
            </div>
            <div>
              <h3 className="font-bold">{title}</h3>
              <p className="mt-1 text-sm text-slate-600">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
