import { Suspense, useDeferredValue, useEffect, useMemo, useRef } from "react";
import { Redirect, useLocation, useSearch } from "wouter";
import { ConnectionError } from "../components/layout/connection-error";
import { LoadingSplash, PageSpinner } from "../components/layout/loading-splash";
import { useCurrentUser } from "../features/auth/api";
import { ApiError, isSessionRejected } from "../lib/api-client";
import { useIsMobileDevice } from "../lib/device";
import { FirstScreenWatch } from "../lib/first-screen";
import { setDisplayTimeZone } from "../lib/format";
import { navigateUnlessLeaving } from "../lib/page-leaving";
import { type AccessDecision, decideAccess, inviteFromPath, type SessionState } from "./access-rules";
import { AppShell, FooterAd, pages, SimpleShell } from "./pages";

function useSessionState(): SessionState {
  const { data, error, isError, fetchStatus } = useCurrentUser();
  // Every time on every page shows in the member's profile zone (issue 32 item 5), set before the
  // page renders; a changed zone re-renders the pages from here.
  setDisplayTimeZone(data?.timeZone ?? null);
  // One object per answer, so that a deferred copy of it (AccessGate) settles.
  return useMemo((): SessionState => {
    // Data kept from an earlier answer (or the stored copy, offline) wins over a failed refetch.
    if (data !== undefined) return data ? { status: "signedIn", user: data } : { status: "anonymous" };
    if (isError) {
      return {
        status: "error",
        message: error instanceof Error ? error.message : String(error),
        code: error instanceof ApiError ? error.code : undefined,
        sessionRejected: isSessionRejected(error),
      };
    }
    // Offline with no stored user: waiting for the network would show the splash forever.
    if (fetchStatus === "paused") return { status: "anonymous" };
    return { status: "loading" };
  }, [data, error, isError, fetchStatus]);
}

/** Stores the code of an invite link once per code (specification 1, section 2.1). */
function useInviteCapture(path: string): void {
  const stored = useRef(new Set<string>());
  useEffect(() => {
    const invite = inviteFromPath(path);
    if (!invite || stored.current.has(invite.inviteCode)) return;
    stored.current.add(invite.inviteCode);
    void import("../features/groups/store-invite").then(({ storeInvite }) => storeInvite(invite));
  }, [path]);
}

function GotoLogin({ to }: { to: string }) {
  useEffect(() => {
    // Not while the page is being left: the session's 401 may answer the member's own sign-out.
    navigateUnlessLeaving(() => window.location.assign(to));
  }, [to]);
  return <LoadingSplash />;
}

function RenderDecision({ decision, path }: { decision: AccessDecision; path: string }) {
  switch (decision.type) {
    case "splash":
      return <LoadingSplash />;
    case "gotoLogin":
      return <GotoLogin to={decision.to} />;
    case "connectionError":
      return <ConnectionError />;
    case "redirect":
      return <Redirect to={decision.to} replace />;
    case "page": {
      const Page = pages[decision.page];
      // The screen, and after it (mounted once it has rendered) the watch for the first screen.
      const screen = (
        <>
          <Page key={path} params={decision.params} />
          <FirstScreenWatch />
        </>
      );
      if (decision.layout === "bare") return <Suspense fallback={<LoadingSplash />}>{screen}</Suspense>;
      if (decision.layout === "simple") {
        return (
          <Suspense fallback={<LoadingSplash />}>
            <SimpleShell>
              <Suspense fallback={<PageSpinner />}>{screen}</Suspense>
            </SimpleShell>
          </Suspense>
        );
      }
      return (
        <Suspense fallback={<LoadingSplash />}>
          <AppShell>
            <Suspense fallback={<PageSpinner />}>
              {screen}
              <FooterAd />
            </Suspense>
          </AppShell>
        </Suspense>
      );
    }
  }
}

/** Decides from the session what each path shows (specification 1, section 2.1, rules 1 to 8). */
export function AccessGate() {
  const [path] = useLocation();
  const search = useSearch();
  // The first screen, once the session's first answer decides it, is rendered as a transition: in
  // slices that leave the main thread free between them rather than one long task (the splash stays
  // until it is ready). Only that first answer: later ones (a sign-in, a sign-up) come with a new
  // path, which must be decided with them, not with the session before.
  const live = useSessionState();
  const deferred = useDeferredValue(live);
  const session = deferred.status === "loading" ? deferred : live;
  const isMobile = useIsMobileDevice();
  useInviteCapture(path);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the top on every navigation.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [path]);

  return <RenderDecision decision={decideAccess(session, path, isMobile, search)} path={path} />;
}
