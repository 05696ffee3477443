import { useQueryClient } from "@tanstack/react-query";
import { Ticket } from "lucide-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { fieldA11y } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { groupPreviewQueryOptions } from "../api";
import { inviteCodeFromInput } from "../group-view";

const ID = "join-group-code";

/**
 * Join a Group: an invite code or a whole link (its last path segment is the code). The code is
 * looked up first, so a mistyped one is answered here; a good one opens its invite page.
 */
export function JoinGroupCard() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [value, setValue] = useState("");
  const [error, setError] = useState<string>();
  const [looking, setLooking] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const code = inviteCodeFromInput(value);
    if (!code) {
      setError("Enter an invite code or link");
      return;
    }
    setLooking(true);
    try {
      const preview = await queryClient.fetchQuery(groupPreviewQueryOptions(code));
      if (!preview) {
        toast({ title: "Failed to find group", description: "Invalid invite code", variant: "destructive" });
        return;
      }
      navigate(`/groups/join/${encodeURIComponent(code)}`);
    } catch {
      toast({ title: "Failed to find group", description: "Please try again.", variant: "destructive" });
    } finally {
      setLooking(false);
    }
  };

  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Ticket className="size-5 text-emerald-700" aria-hidden="true" /> Join a Group
        </CardTitle>
        <CardDescription>Got an invite? Paste the code or the whole link.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="grid max-w-xl gap-2">
          <Label htmlFor={ID}>Invite code or link</Label>
          <div className="flex gap-2">
            <Input
              {...fieldA11y(ID, error)}
              value={value}
              onChange={(e) => {
                setValue(e.target.value);
                setError(undefined);
              }}
              placeholder="e.g. AB12CD34"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
            />
            <Button type="submit" disabled={looking}>
              {looking ? "Finding..." : "Join"}
            </Button>
          </div>
          {error ? (
            <p id={`${ID}-error`} className="text-sm font-medium text-red-700" role="alert">
              {error}
            </p>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
