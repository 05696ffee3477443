import { ExternalLink } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { AD_ROTATION_MS, INVALID_AD_URL_MESSAGE } from "../../../../core/constants";
import { normaliseAdLink } from "../../../../core/rules/ads";
import { useBelowViewport, useNearViewport } from "../../../lib/use-near-viewport";
import { cn } from "../../../lib/utils";
import { AdViewCounter, advance, rotationCounter, shownIndex } from "../ad-rotation";
import { type ActiveAd, type AdPlacement, recordAdClick, recordAdView, useActiveAds } from "../api";

/** Opens an ad's link in a new tab with no opener, after counting the click; a bad link alerts. */
export function openAdLink(ad: ActiveAd): void {
  const url = normaliseAdLink(ad.linkUrl);
  if (url === null) {
    window.alert(INVALID_AD_URL_MESSAGE);
    return;
  }
  void recordAdClick(ad.id);
  window.open(url, "_blank", "noopener,noreferrer");
}

function SponsoredLabel() {
  return (
    <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-amber-900 uppercase">
      Sponsored
    </span>
  );
}

/** Each slot's landmark name: unique on a page that shows several. */
const SLOT_NAMES: Record<AdPlacement, string> = {
  dashboard: "Advertisement",
  sidebar: "Sidebar advertisement",
  footer: "Footer advertisement",
  "between-content": "Advertisement in the list",
};

function SlotFrame({
  children,
  counter,
  placement,
}: {
  children: ReactNode;
  counter?: string | null;
  placement: AdPlacement;
}) {
  // Its least height is reserved from the first paint, so the ad arriving moves nothing.
  return (
    <aside
      aria-label={SLOT_NAMES[placement]}
      className="@container min-h-[8.5rem] rounded-2xl border border-slate-200 bg-white p-3 shadow-sm"
      data-testid="ad-slot"
    >
      <div className="mb-2 flex items-center justify-between gap-2">
        <SponsoredLabel />
        {counter ? (
          <span className="text-xs font-medium text-slate-600 tabular-nums" data-testid="ad-counter">
            {counter}
          </span>
        ) : null}
      </div>
      {children}
    </aside>
  );
}

/** One ad: image (hidden when it fails), title and text; a button when it has a link. */
function AdCard({ ad, brokenImages }: { ad: ActiveAd; brokenImages: Set<string> }) {
  // Remembered by the slot, so a broken image stays hidden when its ad comes round again.
  const [imageFailed, setImageFailed] = useState(() => ad.imageUrl !== null && brokenImages.has(ad.imageUrl));
  const onImageError = () => {
    if (ad.imageUrl) brokenImages.add(ad.imageUrl);
    setImageFailed(true);
  };
  const body = (
    <>
      {ad.imageUrl && !imageFailed ? (
        <img
          src={ad.imageUrl}
          alt=""
          onError={onImageError}
          className="mb-2.5 block h-24 w-full rounded-xl bg-slate-100 object-cover @md:mb-0 @md:aspect-[8/3] @md:h-auto @md:w-56 @md:shrink-0"
        />
      ) : null}
      <span className="block min-w-0 flex-1">
        <span className="flex items-start gap-1.5">
          <span className="min-w-0 flex-1 font-bold text-slate-900" data-testid="ad-title">
            {ad.title}
          </span>
          {ad.linkUrl ? (
            <ExternalLink className="mt-1 size-4 shrink-0 text-slate-500" aria-hidden="true" />
          ) : null}
        </span>
        <span className="mt-0.5 line-clamp-3 block text-sm text-slate-700">{ad.content}</span>
      </span>
    </>
  );
  const layout = "block @md:flex @md:items-center @md:gap-4";
  if (!ad.linkUrl) return <div className={layout}>{body}</div>;
  const clickable = cn(
    layout,
    "-m-1.5 w-[calc(100%+0.75rem)] rounded-xl p-1.5 text-left outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-emerald-600",
  );
  const url = normaliseAdLink(ad.linkUrl);
  // A valid link is a real link (new tab, no opener, middle-click and preview work); the click is
  // counted on the way. An invalid one says so instead of opening anything.
  if (url === null) {
    return (
      <button type="button" onClick={() => openAdLink(ad)} className={clickable}>
        {body}
      </button>
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => void recordAdClick(ad.id)}
      onAuxClick={(e) => {
        if (e.button === 1) void recordAdClick(ad.id);
      }}
      className={clickable}
    >
      {body}
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function SlotMessage({ children, tone = "muted" }: { children: ReactNode; tone?: "muted" | "error" }) {
  return (
    <p
      className={cn("py-1 text-sm", tone === "error" ? "font-medium text-red-700" : "text-slate-600")}
      role={tone === "error" ? "alert" : undefined}
    >
      {children}
    </p>
  );
}

/**
 * An ad slot, one for every placement (specification 3 section 4): the 'dashboard' one on the
 * dashboards (specification 1 section 2.8), 'sidebar' in a desktop page's side column, 'footer' at
 * the end of every member page, 'between-content' between the cards of a list. It rotates the
 * placement's live ads every 10 s, counting a view each time the shown ad changes. It asks for its
 * ads only once it nears the screen, and keeps its height from the first paint. With no ad to
 * show, the dashboard's says so (the specification's state); any other keeps its space blank while
 * it may be seen and steps aside once it is below the screen, so nothing the member sees moves.
 */
export function AdSlot({ placement, className }: { placement: AdPlacement; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box);
  const ads = useActiveAds(placement, near);
  const list = ads.data ?? [];
  const count = list.length;
  const [position, setPosition] = useState(0);
  const counter = useRef<AdViewCounter | null>(null);
  counter.current ??= new AdViewCounter();
  const brokenImages = useRef(new Set<string>()).current;
  // With no ad to show, a slot other than the dashboard's keeps its space blank while the member
  // may see it, and gives it up once it is below the screen (then nothing seen moves).
  // Any slot but the dashboard's is blank until it has an ad: its frame arriving with "Loading ad..."
  // and leaving again when there is none would be a change the member sees (and a layout shift).
  const blankUntilAd = placement !== "dashboard";
  const quietWhenEmpty = blankUntilAd && ads.isSuccess && count === 0;
  const stepAside = useBelowViewport(box, quietWhenEmpty);

  useEffect(() => {
    if (count <= 1) return;
    const timer = window.setInterval(() => {
      // A hidden tab does not rotate, so no one is counted as seeing an ad there.
      if (document.visibilityState === "hidden") return;
      setPosition((p) => advance(p, count));
    }, AD_ROTATION_MS);
    return () => window.clearInterval(timer);
  }, [count]);

  const index = shownIndex(position, count);
  const ad = index >= 0 ? list[index] : undefined;
  const shownId = ad?.id;

  useEffect(() => {
    if (counter.current?.shown(shownId) && shownId !== undefined) void recordAdView(shownId, placement);
  }, [shownId, placement]);

  if (stepAside) return null;
  if (quietWhenEmpty || (blankUntilAd && ads.isPending)) {
    return <div ref={box} className={cn("min-h-[8.5rem]", className)} aria-hidden="true" />;
  }

  let content: ReactNode;
  // A failed refetch keeps showing the ads already loaded.
  if (ad) content = <AdCard key={ad.id} ad={ad} brokenImages={brokenImages} />;
  else if (ads.isPending) content = <SlotMessage>Loading ad...</SlotMessage>;
  else if (ads.isError) content = <SlotMessage tone="error">Failed to load ad</SlotMessage>;
  else content = <SlotMessage>No ads available</SlotMessage>;

  return (
    <div ref={box} className={className} data-placement={placement}>
      <SlotFrame placement={placement} counter={ad ? rotationCounter(position, count) : null}>
        {content}
      </SlotFrame>
    </div>
  );
}
