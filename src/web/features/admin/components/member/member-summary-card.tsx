import { Ban, ShieldCheck } from "lucide-react";
import { formatCount } from "../../../../../core/numbers";
import type { MemberDetail } from "../../../../../core/schemas/admin-member";
import { timeZoneLabel } from "../../../../../core/time-zones";
import { Button } from "../../../../components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../../components/ui/card";
import { dollars, fc, formatInZone } from "../../../../lib/format";
import { subscriptionLabel } from "../users-model";
import { liftMembershipText } from "./ban-model";

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Who the member is, their membership and balances, and whether they are banned. */
export function MemberSummaryCard({
  member,
  timeZone,
  onBan,
  onUnban,
}: {
  member: MemberDetail;
  timeZone: string;
  onBan: () => void;
  onUnban: () => void;
}) {
  const { profile, subscription, balances, ban } = member;
  const when = (iso: string) => formatInZone(iso, timeZone);
  const lifting = ban ? liftMembershipText(subscription, timeZone) : null;
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Profile</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-5">
        {ban ? (
          <div role="status" className="rounded-xl border border-red-200 bg-red-50 p-3 text-red-900">
            <p className="font-bold">
              Banned {when(ban.bannedAt)}
              {ban.bannedBy ? ` by @${ban.bannedBy}` : ""}
            </p>
            <p className="break-words">Reason: {ban.reason}</p>
            {lifting ? <p className="mt-1 text-sm">{lifting}</p> : null}
          </div>
        ) : null}
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <Field label="Name">
            {profile.firstName} {profile.lastName}
          </Field>
          <Field label="Email">{profile.email}</Field>
          <Field label="Joined">{when(profile.createdAt)}</Field>
          <Field label="Time zone">{timeZoneLabel(profile.timeZone)}</Field>
          <Field label="Subscription">
            {subscriptionLabel(subscription.status)}
            {subscription.plan ? ` · ${subscription.plan}` : ""}
          </Field>
          <Field label="Period ends">
            {subscription.currentPeriodEnd ? when(subscription.currentPeriodEnd) : "—"}
          </Field>
          <Field label="Rules accepted">{profile.rulesAccepted ? "Yes" : "No"}</Field>
          <Field label="Email verified">{profile.emailVerified ? "Yes" : "No"}</Field>
          <Field label="Two-factor">{profile.twoFactorEnabled ? "On" : "Off"}</Field>
          <Field label="Account">
            {[profile.isAdmin && "Admin", profile.isTestAccount && "Test", profile.deleted && "Deleted"]
              .filter(Boolean)
              .join(", ") || "Member"}
          </Field>
          <Field label="Passkeys">
            {member.passkeys === 0
              ? "Off"
              : `On · ${member.passkeys} ${member.passkeys === 1 ? "passkey" : "passkeys"}`}
          </Field>
        </dl>
        <section aria-label="Balances" className="grid grid-cols-3 gap-2 sm:gap-3">
          {[
            ["Wallet", dollars(balances.usd)],
            ["FitCoins", fc(balances.fitcoins)],
            ["Points", formatCount(balances.points)],
          ].map(([label, value]) => (
            <div key={label} className="min-w-0 rounded-xl bg-slate-50 p-2.5 sm:p-3">
              <p className="text-xs font-semibold text-slate-500 uppercase">{label}</p>
              <p className="truncate text-base font-extrabold text-slate-900 tabular-nums sm:text-lg">
                {value}
              </p>
            </div>
          ))}
        </section>
        {profile.isAdmin || profile.deleted ? null : ban ? (
          <Button variant="outline" className="w-fit" onClick={onUnban}>
            <ShieldCheck aria-hidden="true" /> Lift Ban
          </Button>
        ) : (
          <Button variant="destructive" className="w-fit" onClick={onBan}>
            <Ban aria-hidden="true" /> Ban Member
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
