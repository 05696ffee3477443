import { Home, Megaphone, Plus, Power, PowerOff, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "wouter";
import type { Ad } from "../../../../core/schemas/ads";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { ListError, ListLoading } from "../../../components/layout/list-page";
import { EmptyState, PageHeader } from "../../../components/layout/page";
import { Button } from "../../../components/ui/button";
import { Checkbox } from "../../../components/ui/checkbox";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/use-toast";
import { AdminGuard } from "../../admin/components/admin-guard";
import { AD_TEXT } from "../ad-form-model";
import { keepExisting, selectAllState, toggled } from "../ad-list-view";
import { useAds, useBulkDeleteAds, useBulkToggleAds, useDeleteAd } from "../api";
import { AdAnalyticsPanel } from "../components/ad-analytics-panel";
import { AdFormDialog } from "../components/ad-form-dialog";
import { AdListItem } from "../components/ad-list-item";

type FormState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; ad: Ad };
type ConfirmState = { mode: "closed" } | { mode: "one"; ad: Ad } | { mode: "bulk"; ids: number[] };

const failed = (description: string) => toast({ title: "Error", description, variant: "destructive" });

function AdManager() {
  const ads = useAds();
  const remove = useDeleteAd();
  const bulkDelete = useBulkDeleteAds();
  const bulkToggle = useBulkToggleAds();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const [confirm, setConfirm] = useState<ConfirmState>({ mode: "closed" });
  const [picked, setPicked] = useState<Set<number>>(new Set());

  const list = ads.data ?? [];
  const selected = keepExisting(picked, list);
  const ids = [...selected];
  const busy = bulkDelete.isPending || bulkToggle.isPending;
  const closeConfirm = () => setConfirm({ mode: "closed" });

  const onBulkToggle = (isActive: boolean) =>
    bulkToggle.mutate(
      { ids, isActive },
      {
        onSuccess: (result) => {
          toast({ title: AD_TEXT.bulkToggled(result.count, isActive), variant: "success" });
          setPicked(new Set());
        },
        onError: () => failed(AD_TEXT.bulkToggleFailed),
      },
    );

  const onConfirm = () => {
    if (confirm.mode === "one") {
      remove.mutate(confirm.ad.id, {
        onSuccess: () => toast({ title: AD_TEXT.deleted, variant: "success" }),
        onError: () => failed(AD_TEXT.deleteFailed),
        onSettled: closeConfirm,
      });
    } else if (confirm.mode === "bulk") {
      bulkDelete.mutate(confirm.ids, {
        onSuccess: (result) => {
          toast({ title: AD_TEXT.bulkDeleted(result.count), variant: "success" });
          setPicked(new Set());
        },
        onError: () => failed(AD_TEXT.bulkDeleteFailed),
        onSettled: closeConfirm,
      });
    }
  };

  let body: ReactNode;
  if (ads.isError) {
    body = <ListError message="Could not load the advertisements." onRetry={() => void ads.refetch()} />;
  } else if (ads.isPending) {
    body = <ListLoading label="Loading advertisements" />;
  } else if (list.length === 0) {
    body = (
      <EmptyState
        icon={Megaphone}
        title="No advertisements yet"
        action={
          <Button onClick={() => setForm({ mode: "create" })}>
            <Plus aria-hidden="true" /> Create First Ad
          </Button>
        }
      >
        Ads you create are listed here with their views and clicks.
      </EmptyState>
    );
  } else {
    body = (
      <>
        <div
          className="sticky top-14 z-10 grid gap-2 rounded-2xl border border-slate-200 bg-white/95 p-3 shadow-sm backdrop-blur md:top-20 sm:flex sm:items-center sm:justify-between"
          role="toolbar"
          aria-label="Bulk actions"
        >
          <div className="flex items-center gap-2.5">
            <Checkbox
              id="ads-select-all"
              checked={selectAllState(selected, list)}
              onCheckedChange={(checked) =>
                setPicked(checked === true ? new Set(list.map((a) => a.id)) : new Set())
              }
            />
            <Label htmlFor="ads-select-all">Select all</Label>
            <span className="text-sm text-slate-600" aria-live="polite">
              {selected.size > 0 ? `${selected.size} selected` : ""}
            </span>
          </div>
          <div className="grid grid-cols-3 gap-2 sm:flex">
            <Button
              size="sm"
              variant="outline"
              disabled={ids.length === 0 || busy}
              onClick={() => onBulkToggle(true)}
            >
              <Power aria-hidden="true" /> Activate
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={ids.length === 0 || busy}
              onClick={() => onBulkToggle(false)}
            >
              <PowerOff aria-hidden="true" /> Deactivate
            </Button>
            <Button
              size="sm"
              variant="destructive"
              disabled={ids.length === 0 || busy}
              onClick={() => setConfirm({ mode: "bulk", ids })}
            >
              <Trash2 aria-hidden="true" /> Delete
            </Button>
          </div>
        </div>
        <div className="grid grid-cols-1 items-start gap-3 lg:grid-cols-2">
          {list.map((ad) => (
            <AdListItem
              key={ad.id}
              ad={ad}
              selected={selected.has(ad.id)}
              onSelect={(on) => setPicked(toggled(selected, ad.id, on))}
              onEdit={() => setForm({ mode: "edit", ad })}
              onDelete={() => setConfirm({ mode: "one", ad })}
            />
          ))}
        </div>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Ad Manager"
        description="Newest first. Each ad slot shows its placement's live ads, highest priority first."
        backHref="/dashboard"
        actions={
          <>
            <Button asChild variant="outline">
              <Link href="/dashboard">
                <Home aria-hidden="true" /> Home
              </Link>
            </Button>
            <Button onClick={() => setForm({ mode: "create" })}>
              <Plus aria-hidden="true" /> New Ad
            </Button>
          </>
        }
      />
      <div className="grid gap-4">
        <AdAnalyticsPanel />
        <section aria-labelledby="manage-ads" className="grid gap-3">
          <h2 id="manage-ads" className="text-lg font-bold">
            Manage Advertisements{" "}
            {list.length > 0 ? (
              <span className="text-sm font-medium text-slate-600">({list.length})</span>
            ) : null}
          </h2>
          {body}
        </section>
      </div>
      {form.mode === "create" ? <AdFormDialog onClose={() => setForm({ mode: "closed" })} /> : null}
      {form.mode === "edit" ? (
        <AdFormDialog key={form.ad.id} ad={form.ad} onClose={() => setForm({ mode: "closed" })} />
      ) : null}
      <ConfirmDialog
        open={confirm.mode !== "closed"}
        onOpenChange={(open) => !open && closeConfirm()}
        title={confirm.mode === "bulk" ? "Delete Advertisements" : "Delete Advertisement"}
        description={
          confirm.mode === "one"
            ? AD_TEXT.confirmDelete(confirm.ad.title)
            : confirm.mode === "bulk"
              ? AD_TEXT.confirmBulkDelete(confirm.ids.length)
              : ""
        }
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending || bulkDelete.isPending}
        destructive
        onConfirm={onConfirm}
      />
    </>
  );
}

/** The ad manager (specification 3, /ads-admin and /ads-admin-complete): admins only. */
export function AdManagerPage() {
  return (
    <AdminGuard>
      <AdManager />
    </AdminGuard>
  );
}
