import { Coins, Footprints, KeyRound, Medal, Smartphone, Trophy } from "lucide-react";
import { Link } from "wouter";
import { SUBSCRIPTION_PRICE_LABEL } from "../../../../core/constants";
import { Brand } from "../../../components/layout/brand";
import { SiteFooterLinks } from "../../../components/layout/site-footer";
import { Button } from "../../../components/ui/button";
import { formatYear } from "../../../lib/format";
import { LandingHeader } from "../components/landing-header";

const steps = [
  {
    icon: Trophy,
    title: "Join Competitions",
    text: "Pick a weekly step challenge or join a group with friends, and see the prize pool before you start.",
  },
  {
    icon: Smartphone,
    title: "Track Your Steps",
    text: "Connect your phone: its motion sensors count your steps while the app is open, and sync them to your account.",
  },
  {
    icon: Medal,
    title: "Compete & Win",
    text: "Climb the live leaderboard. When the competition ends, the top steppers share the prize pool.",
  },
  {
    icon: Coins,
    title: "Earn FitCoins",
    text: "Winnings are paid in FitCoins, which you can redeem for gift cards.",
  },
];

function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto aspect-square w-full max-w-56 md:max-w-sm">
      <div className="absolute inset-0 rounded-full bg-gradient-to-br from-emerald-400/30 to-indigo-500/30 blur-2xl" />
      <svg viewBox="0 0 200 200" className="relative size-full">
        <defs>
          <linearGradient id="hero-ring" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#34d399" />
            <stop offset="1" stopColor="#818cf8" />
          </linearGradient>
        </defs>
        <circle cx="100" cy="100" r="78" fill="none" stroke="rgb(255 255 255 / 0.15)" strokeWidth="16" />
        <circle
          cx="100"
          cy="100"
          r="78"
          fill="none"
          stroke="url(#hero-ring)"
          strokeWidth="16"
          strokeLinecap="round"
          strokeDasharray="490"
          strokeDashoffset="120"
          transform="rotate(-90 100 100)"
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-white">
        <Footprints className="size-16 md:size-20" />
        <span className="mt-2 text-[11px] font-semibold tracking-widest text-emerald-100 uppercase md:text-sm">
          Every step counts
        </span>
      </div>
    </div>
  );
}

export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <LandingHeader />
      <main>
        <section className="relative overflow-hidden bg-gradient-to-br from-emerald-800 via-emerald-700 to-indigo-800 text-white">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-5 py-14 md:grid-cols-2 md:px-8 md:py-24">
            <div>
              <p className="mb-4 inline-flex rounded-full bg-white/15 px-3 py-1 text-sm font-semibold text-emerald-50">
                Weekly step challenges
              </p>
              <h1 className="text-4xl leading-tight font-extrabold tracking-tight md:text-6xl">
                <span className="whitespace-nowrap">Walk more.</span>{" "}
                <span className="whitespace-nowrap text-emerald-200">Win more.</span>
              </h1>
              <p className="mt-5 max-w-lg text-lg text-emerald-50/90">
                Join weekly step challenges, connect your phone to record your daily steps, win competitions
                and earn FitCoins.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg" variant="inverse">
                  <Link href="/register">Start Competing Now</Link>
                </Button>
                <Button
                  asChild
                  size="lg"
                  variant="outline"
                  className="border-white/50 bg-transparent text-white hover:bg-white/10 active:bg-white/15"
                >
                  <Link href="/step-test">Test Step Tracking</Link>
                </Button>
              </div>
            </div>
            <HeroArt />
          </div>
        </section>

        <section aria-labelledby="how-it-works" className="mx-auto max-w-6xl px-5 py-16 md:px-8 md:py-20">
          <h2 id="how-it-works" className="text-center text-3xl font-extrabold tracking-tight md:text-4xl">
            How It Works
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-center text-slate-600">
            Four steps from your first walk to your first reward.
          </p>
          <ol className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span className="absolute top-5 right-5 text-sm font-bold text-slate-500">0{index + 1}</span>
                <div className="mb-4 flex size-12 items-center justify-center rounded-xl bg-emerald-100 text-emerald-800">
                  <Icon className="size-6" aria-hidden="true" />
                </div>
                <h3 className="text-lg font-bold">{title}</h3>
                <p className="mt-2 text-sm leading-relaxed text-slate-600">{text}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="px-5 md:px-8">
          <div className="mx-auto max-w-6xl rounded-3xl bg-indigo-700 px-6 py-12 text-center text-white md:py-16">
            <h2 className="text-3xl font-extrabold tracking-tight md:text-4xl">
              Ready to take the first step?
            </h2>
            <p className="mx-auto mt-3 max-w-lg text-indigo-100">
              Create your account, subscribe for {SUBSCRIPTION_PRICE_LABEL}/month and join your first
              challenge today.
            </p>
            <Button asChild size="lg" variant="inverse" className="mt-8 text-indigo-800 hover:bg-indigo-50">
              <Link href="/register">Start Competing Now</Link>
            </Button>
          </div>
        </section>

        <section aria-labelledby="forgot-help" className="mx-auto max-w-6xl px-5 py-12 md:px-8">
          <div className="flex flex-col items-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-6 sm:flex-row sm:items-center">
            <div className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-white text-indigo-700 shadow-sm">
              <KeyRound className="size-6" aria-hidden="true" />
            </div>
            <div className="flex-1">
              <h2 id="forgot-help" className="text-lg font-bold">
                Forgot your password?
              </h2>
              <p className="text-sm text-slate-600">
                Enter your email and we'll send you a link to choose a new one.
              </p>
            </div>
            <Button asChild variant="outline">
              <Link href="/forgot-password">Reset Password</Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-3 px-5 py-8 text-sm text-slate-600 sm:flex-row md:px-8">
          <Brand size="sm" />
          <SiteFooterLinks />
          <p>&copy; {formatYear()} StepRace. All rights reserved.</p>
        </div>
      </footer>
    </div>
  );
}
