import { CalendarDays, Camera, Clock, Footprints, Mail, Pencil } from "lucide-react";
import { type ChangeEvent, useRef } from "react";
import { formatCount } from "../../../../core/numbers";
import { timeZoneLabel } from "../../../../core/time-zones";
import { Avatar, initialsOf } from "../../../components/ui/avatar";
import { Button } from "../../../components/ui/button";
import { Card, CardContent } from "../../../components/ui/card";
import { toast } from "../../../components/ui/use-toast";
import { formatMonth } from "../../../lib/format";
import { errorMessage } from "../../../lib/utils";
import type { User } from "../../auth/api";
import { useUploadProfileImage } from "../api";
import { checkImageFile, displayName, PROFILE_TEXTS } from "../profile-view";

/** Who the member is: avatar (with its upload), name, contact and the settings the profile edits. */
export function ProfileInfoCard({ user, onEdit }: { user: User; onEdit: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = useUploadProfileImage();
  const since = formatMonth(user.createdAt, { timeZone: user.timeZone });

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again fires another change.
    event.target.value = "";
    if (!file) return;
    const checked = checkImageFile(file);
    if (!checked.ok) {
      toast({ title: checked.title, description: checked.description, variant: "destructive" });
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast({ ...PROFILE_TEXTS.uploaded, variant: "success" }),
      onError: (error) =>
        toast({
          title: PROFILE_TEXTS.uploadFailed.title,
          description: errorMessage(error, PROFILE_TEXTS.uploadFailed.fallback),
          variant: "destructive",
        }),
    });
  };

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 p-5 text-center sm:flex-row sm:text-left">
        <div className="relative shrink-0">
          <Avatar
            imageUrl={user.profileImageUrl}
            initials={initialsOf(user.firstName, user.lastName, user.username)}
            className="size-24 text-3xl"
          />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            disabled={upload.isPending}
            className="absolute -right-1 -bottom-1 flex size-10 items-center justify-center rounded-full border-2 border-white bg-emerald-700 text-white shadow outline-none hover:bg-emerald-800 focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 disabled:opacity-60"
          >
            <Camera className="size-5" aria-hidden="true" />
            <span className="sr-only">{upload.isPending ? "Uploading..." : "Change profile picture"}</span>
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="image/*"
            className="hidden"
            onChange={onFile}
            data-testid="profile-image-input"
          />
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-xl font-bold">{displayName(user)}</h2>
          <p className="truncate text-slate-600">@{user.username}</p>
          {upload.isPending ? <p className="mt-1 text-sm text-emerald-700">Uploading picture...</p> : null}
        </div>
        <Button variant="outline" onClick={onEdit} className="w-full sm:w-auto">
          <Pencil aria-hidden="true" /> Edit Profile
        </Button>
      </CardContent>
      <CardContent className="grid gap-2 text-sm text-slate-700">
        <p className="flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span className="truncate">{user.email}</span>
          <span
            className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold ${user.emailVerified ? "bg-emerald-50 text-emerald-800" : "bg-amber-50 text-amber-900"}`}
          >
            {user.emailVerified ? "Verified" : "Not verified"}
          </span>
        </p>
        {user.pendingEmail ? (
          <p className="text-xs text-slate-600" data-testid="pending-email">
            Changing to <strong className="break-all">{user.pendingEmail}</strong>: open the link we sent
            there to finish.
          </p>
        ) : null}
        <p className="flex items-center gap-2">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden="true" />{" "}
          <span data-testid="profile-time-zone">{timeZoneLabel(user.timeZone)}</span>
        </p>
        <p className="flex items-center gap-2">
          <Footprints className="size-4 shrink-0 text-slate-500" aria-hidden="true" /> Daily goal:{" "}
          {formatCount(user.stepGoal)} steps
        </p>
        <p className="flex items-center gap-2">
          <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden="true" /> Member since {since}
        </p>
      </CardContent>
    </Card>
  );
}
