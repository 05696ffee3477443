import { Settings2 } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Checkbox } from "../../../components/ui/checkbox";
import { type Preference, usePreferences, useSavePreferences } from "../api";

/** Per kind: push on or off, and email where the kind is emailed. In the app: always. */
export function PreferencesCard() {
  const { data, isPending, isError } = usePreferences();
  const save = useSavePreferences();
  const set = (p: Preference, change: { push?: boolean; email?: boolean }) =>
    save.mutate({ preferences: [{ kind: p.kind, ...change }] });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Settings2 className="size-5 text-emerald-700" aria-hidden="true" /> What you hear about
        </CardTitle>
        <CardDescription>
          Everything shows here in the app. Choose what also comes by push or email.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-2 md:px-5">
        {isPending ? (
          <p className="px-3 text-sm text-slate-500">Loading…</p>
        ) : isError || !data ? (
          <p role="alert" className="px-3 text-sm text-red-700">
            Could not load your preferences.
          </p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs text-slate-500">
                <th scope="col" className="px-3 pb-2 font-semibold">
                  Notification
                </th>
                <th scope="col" className="w-14 pb-2 text-center font-semibold">
                  Push
                </th>
                <th scope="col" className="w-14 pb-2 text-center font-semibold">
                  Email
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {data.preferences.map((p) => (
                <tr key={p.kind}>
                  <th scope="row" className="px-3 py-2.5 text-left font-medium text-slate-800">
                    {p.label}
                  </th>
                  <td className="text-center">
                    <Checkbox
                      checked={p.push}
                      aria-label={`${p.label}: push`}
                      onCheckedChange={(v) => set(p, { push: v === true })}
                    />
                  </td>
                  <td className="text-center">
                    {p.email === null ? (
                      <span className="text-slate-400" title="Not sent by email">
                        –
                      </span>
                    ) : (
                      <Checkbox
                        checked={p.email}
                        aria-label={`${p.label}: email`}
                        onCheckedChange={(v) => set(p, { email: v === true })}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {save.isError ? (
          <p role="alert" className="px-3 pt-2 text-sm text-red-700">
            Your change was not saved. Please try again.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
