import { Check, Search, Users } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link } from "wouter";
import type { AdminUser } from "../../../../core/schemas/members";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { Spinner } from "../../../components/ui/spinner";
import { cn } from "../../../lib/utils";
import { useAdminUsers } from "../users-api";
import { adminUsersUrl, fitcoinsLabel, subscriptionLabel } from "./users-model";

const SEARCH_DELAY_MS = 300;

/** The text after the member stops typing for a moment. */
function useSettled(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/** Find Users: search by username or email; picking a result selects that member for Add FitCoins. */
export function UsersSearchCard({
  selectedId,
  onSelect,
}: {
  selectedId: number | null;
  onSelect: (user: AdminUser) => void;
}) {
  const inputId = useId();
  const [text, setText] = useState("");
  const term = useSettled(text.trim(), SEARCH_DELAY_MS);
  const query = useAdminUsers(adminUsersUrl({ search: term, pageSize: 10 }), term !== "");
  const results = term === "" ? undefined : (query.data ?? undefined);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5 text-emerald-700" aria-hidden="true" /> Find Users
        </CardTitle>
        <CardDescription>
          Search members by username, email or name; pick one to add FitCoins, or open their page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Username, email or name</Label>
          <div className="relative">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <Input
              id={inputId}
              type="search"
              className="pl-9"
              placeholder="Search users..."
              autoComplete="off"
              value={text}
              onChange={(event) => setText(event.target.value)}
            />
          </div>
        </div>
        {term === "" ? null : query.isError ? (
          <div className="flex items-center justify-between gap-2 text-sm text-red-700" role="alert">
            Could not search users.
            <Button variant="outline" size="sm" onClick={() => query.refetch()}>
              Retry
            </Button>
          </div>
        ) : results === undefined ? (
          <Spinner label="Searching users" />
        ) : results.length === 0 ? (
          <p className="text-sm text-slate-600">No users match “{term}”.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Search results">
            {results.map((user) => {
              const selected = user.id === selectedId;
              return (
                <li key={user.id} className="flex items-stretch gap-2">
                  <button
                    type="button"
                    aria-pressed={selected}
                    onClick={() => onSelect(user)}
                    className={cn(
                      "flex min-w-0 flex-1 items-center gap-3 rounded-xl border px-3 py-2.5 text-left outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600",
                      selected ? "border-emerald-600 bg-emerald-50" : "border-slate-200",
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-semibold text-slate-900">{user.username}</span>
                      <span className="block truncate text-sm text-slate-600">{user.email}</span>
                      <span className="block text-xs text-slate-500">
                        {fitcoinsLabel(user.fitcoins)} · {subscriptionLabel(user.subscriptionStatus)}
                      </span>
                    </span>
                    {selected ? (
                      <Check className="size-5 shrink-0 text-emerald-700" aria-label="Selected" />
                    ) : null}
                  </button>
                  <Link
                    href={`/admin/users/${user.id}`}
                    className="flex items-center rounded-xl border border-slate-200 px-3 text-sm font-semibold text-emerald-700 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600"
                  >
                    Open<span className="sr-only"> @{user.username}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
