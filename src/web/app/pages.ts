import type { FetchInfiniteQueryOptions, FetchQueryOptions, QueryKey } from "@tanstack/react-query";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { User } from "../../core/schemas/auth";
import { appRendering } from "../lib/api-client";
import { isMobileDevice } from "../lib/device";
import { pathId } from "../lib/path-id";
import { preloadable } from "../lib/preloadable";
import { queryClient } from "../lib/query-client";
import { prefetchAtStartup } from "../lib/startup-answer";
import { readJsonStorage, storageKeys } from "../lib/storage";
import { decideAccess, type PageKey } from "./access-rules";

export interface PageProps {
  params: Record<string, string>;
}

export type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

const loaders = new Map<LazyPage, () => Promise<unknown>>();

/** Asks for a screen's first data; resolves once the requests are sent (their answers come later). */
type DataLoader = (params: Record<string, string>) => Promise<void>;

const dataLoaders = new Map<LazyPage, DataLoader>();

/**
 * Every screen is its own chunk, so the landing page loads only what it shows. `prefetch` starts
 * the screen's main query (through its feature's query options, into the shared client) with the
 * session request (`prefetchAtStartup`); a screen whose answer is stale at once shows it through
 * `useStartupAnswer` rather than asking again.
 */
function page<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<PageProps>,
  prefetch?: DataLoader,
  { waitsForAnswers = true }: { waitsForAnswers?: boolean } = {},
): LazyPage {
  // `ready` is called at the first render, after this assignment (never synchronously).
  const { component, preload }: { component: LazyPage; preload: () => Promise<M> } = preloadable(
    load,
    pick,
    (): Promise<unknown> => firstAnswers(component),
  );
  loaders.set(component, preload);
  if (prefetch) dataLoaders.set(component, prefetch);
  if (prefetch && waitsForAnswers) screensWaitingForAnswers.add(component);
  return component;
}

/**
 * The longest the first screen, once its code has arrived, waits for the answers it asked for at
 * start-up before it renders without them (its own loading state, then the answers).
 */
export const FIRST_ANSWERS_WAIT_MS = 1_000;

/** The answers asked for at start-up (`startupPrefetch`), settled or not. */
const startupAnswers: Promise<void>[] = [];

/**
 * The screens whose first view is what they ask for at start-up: as the visit's first screen they
 * render once their answers are in (`firstAnswers`). Not a screen that shows as much without them
 * (the phone dashboard: its greeting, the step tracker, and reads of its own).
 */
const screensWaitingForAnswers = new Set<LazyPage>();

/** The screen the start-up asked data for, and when its requests were sent; used up by the first screen rendered. */
let firstScreen: { component: LazyPage; sent: Promise<void> } | null = null;

/**
 * What a screen's first render waits for after its chunk: for the start-up's screen, its answers
 * (at most FIRST_ANSWERS_WAIT_MS), so that it renders once with its data, in the slices of a
 * transition, rather than showing its loading state and then re-rendering all of it in one
 * synchronous task when the answer arrives (a read's answer re-renders at once). Every other
 * screen, and this one later, renders at once.
 */
function firstAnswers(component: LazyPage): Promise<unknown> {
  const first = firstScreen;
  // Used up by whichever screen renders first: one the session sent the member to instead (a
  // redirect) leaves no wait for a later visit to the one predicted.
  firstScreen = null;
  if (first?.component !== component || !screensWaitingForAnswers.has(component)) return Promise.resolve();
  const { sent } = first;
  return Promise.race([
    sent.then(() => Promise.allSettled(startupAnswers)),
    new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
  ]);
}

/**
 * Sends a screen's start-up request (`prefetchAtStartup`), unless the app has begun rendering by
 * the time its feature's module arrived: the screen, mounted or about to be, asks for itself then.
 */
function startupPrefetch(
  queryKey: QueryKey,
  prefetch: () => Promise<void>,
  settings?: { nullIsAnAnswer: boolean },
): void {
  if (appRendering()) return;
  startupAnswers.push(prefetchAtStartup(queryClient, queryKey, prefetch, settings));
}

/** A screen's first data asked for at start-up: one query, through its feature's query options. */
async function startupQuery<T>(
  options: Promise<FetchQueryOptions<T, Error, T, QueryKey>>,
  settings?: { nullIsAnAnswer: boolean },
): Promise<void> {
  const resolved = await options;
  startupPrefetch(resolved.queryKey, () => queryClient.prefetchQuery(resolved), settings);
}

/** A list screen's first page asked for at start-up, through its feature's infinite query options. */
async function startupInfiniteQuery<T, K extends QueryKey, P>(
  options: Promise<FetchInfiniteQueryOptions<T, Error, T, K, P>>,
): Promise<void> {
  const resolved = await options;
  startupPrefetch(resolved.queryKey, () => queryClient.prefetchInfiniteQuery(resolved));
}

const appShell = preloadable(
  () => import("../components/layout/app-shell"),
  (m) => m.AppShell,
);
const simpleShell = preloadable(
  () => import("../components/layout/simple-shell"),
  (m) => m.SimpleShell,
);
/** The members' layout (header, menu, bottom bar) and the simple one around a few screens. */
export const AppShell = appShell.component;
/** The footer ad at the end of a members' page (in the members' layout's chunk). */
export const FooterAd = lazy(async () => ({ default: (await appShell.preload()).FooterAd }));
export const SimpleShell = simpleShell.component;

/** Starts the download of a screen's chunk ahead of its render (errors surface at the render). */
export function preloadPage(key: PageKey): void {
  loaders
    .get(pages[key])?.()
    .catch(() => undefined);
}

/**
 * At start-up, fetches the screen this path most likely shows (from the stored copy of the user)
 * alongside the session request instead of after it. Resolves once a stored member's screen has
 * sent its requests for data (at once when there are none): the app starts after that, so that
 * React's set-up, a long task on a phone, does not hold those requests back.
 */
export function preloadLikelyPage(path: string): Promise<void> {
  const user = readJsonStorage<User>(storageKeys.user);
  const decision = decideAccess(
    user ? { status: "signedIn", user } : { status: "anonymous" },
    path,
    isMobileDevice(),
  );
  if (decision.type !== "page") return Promise.resolve();
  preloadPage(decision.page);
  // The layout too: a member's first screen would otherwise wait for the session's answer, then
  // for the page, before it even asked for the shell around it.
  const shell = decision.layout === "shell" ? appShell : decision.layout === "simple" ? simpleShell : null;
  shell?.preload().catch(() => undefined);
  // A stored member's screen asks for its data with the session rather than after its render.
  const load = user ? dataLoaders.get(pages[decision.page]) : undefined;
  if (!load) return Promise.resolve();
  const sent = load(decision.params).catch(() => undefined);
  firstScreen = { component: pages[decision.page], sent };
  return sent;
}

export const pages: Record<PageKey, LazyPage> = {
  landing: page(
    () => import("../features/landing/pages/landing-page"),
    (m) => m.LandingPage,
  ),
  login: page(
    () => import("../features/auth/pages/login-page"),
    (m) => m.LoginPage,
  ),
  register: page(
    () => import("../features/auth/pages/register-page"),
    (m) => m.RegisterPage,
  ),
  forgotPassword: page(
    () => import("../features/auth/pages/forgot-password-page"),
    (m) => m.ForgotPasswordPage,
  ),
  resetPassword: page(
    () => import("../features/auth/pages/reset-password-page"),
    (m) => m.ResetPasswordPage,
  ),
  verifyEmail: page(
    () => import("../features/auth/pages/verify-email-page"),
    (m) => m.VerifyEmailPage,
  ),
  communityRules: page(
    () => import("../features/community-rules/pages/community-rules-page"),
    (m) => m.CommunityRulesPage,
  ),
  subscribe: page(
    () => import("../features/subscription/pages/subscribe-page"),
    (m) => m.SubscribePage,
  ),
  subscriptionSuccess: page(
    () => import("../features/subscription/pages/subscription-success-page"),
    (m) => m.SubscriptionSuccessPage,
  ),
  subscriptionActivated: page(
    () => import("../features/subscription/pages/subscription-activated-page"),
    (m) => m.SubscriptionActivatedPage,
  ),
  stepTest: page(
    () => import("../features/steps/pages/step-test-page"),
    (m) => m.StepTestPage,
  ),
  inviteJoin: page(
    () => import("../features/groups/pages/invite-join-page"),
    (m) => m.InviteJoinPage,
  ),
  competitionJoin: page(
    () => import("../features/competitions/pages/competition-join-page"),
    (m) => m.CompetitionJoinPage,
  ),
  competitionDetail: page(
    () => import("../features/competitions/pages/competition-page"),
    (m) => m.CompetitionPage,
  ),
  competitionStandings: page(
    () => import("../features/competitions/pages/competition-standings-page"),
    (m) => m.CompetitionStandingsPage,
  ),
  groupStandings: page(
    () => import("../features/groups/pages/group-standings-page"),
    (m) => m.GroupStandingsPage,
  ),
  notFound: page(
    () => import("../features/system/pages/not-found-page"),
    (m) => m.NotFoundPage,
  ),
  suspended: page(
    () => import("../features/auth/pages/suspended-page"),
    (m) => m.SuspendedPage,
  ),
  mobileDashboard: page(
    () => import("../features/dashboard/pages/mobile-dashboard-page"),
    (m) => m.MobileDashboardPage,
    // Fresh 30 s, so the page's first render uses this answer rather than asking again.
    () => startupQuery(import("../features/dashboard/api").then((m) => m.mobileDashboardStatsQueryOptions)),
    { waitsForAnswers: false },
  ),
  desktopDashboard: page(
    () => import("../features/dashboard/pages/desktop-dashboard-page"),
    (m) => m.DesktopDashboardPage,
  ),
  competitions: page(
    () => import("../features/competitions/pages/competitions-page"),
    (m) => m.CompetitionsPage,
    () => startupQuery(import("../features/competitions/api").then((m) => m.competitionsQueryOptions)),
  ),
  groups: page(
    () => import("../features/groups/pages/groups-page"),
    (m) => m.GroupsPage,
    () => startupQuery(import("../features/groups/api").then((m) => m.groupsQueryOptions)),
  ),
  groupDetail: page(
    () => import("../features/groups/pages/group-detail-page"),
    (m) => m.GroupDetailPage,
    async (params) => {
      const id = pathId(params.id);
      if (id !== null)
        await startupQuery(import("../features/groups/api").then((m) => m.groupQueryOptions(id)));
    },
  ),
  notifications: page(
    () => import("../features/notifications/pages/notifications-page"),
    (m) => m.NotificationsPage,
    () =>
      startupInfiniteQuery(import("../features/notifications/api").then((m) => m.notificationsQueryOptions)),
  ),
  leaderboard: page(
    () => import("../features/leaderboard/pages/leaderboard-page"),
    (m) => m.LeaderboardPage,
  ),
  marketplace: page(
    () => import("../features/marketplace/pages/marketplace-page"),
    (m) => m.MarketplacePage,
  ),
  productManager: page(
    () => import("../features/marketplace/pages/product-manager-page"),
    (m) => m.ProductManagerPage,
  ),
  adManager: page(
    () => import("../features/ads/pages/ad-manager-page"),
    (m) => m.AdManagerPage,
  ),
  achievements: page(
    () => import("../features/achievements/pages/achievements-page"),
    (m) => m.AchievementsPage,
  ),
  points: page(
    () => import("../features/points/pages/points-page"),
    (m) => m.PointsPage,
    () => startupQuery(import("../features/points/api").then((m) => m.pointsSummaryQueryOptions)),
  ),
  redeem: page(
    () => import("../features/redeem/pages/redeem-page"),
    (m) => m.RedeemPage,
    // The page shows its offer once the balance has answered too: both are asked for.
    async () => {
      const api = import("../features/redeem/api");
      await Promise.all([
        startupQuery(api.then((m) => m.fitcoinBalanceQueryOptions)),
        // No offer this month answers null, for a member too.
        startupQuery(
          api.then((m) => m.giftCardOfferQueryOptions),
          { nullIsAnAnswer: true },
        ),
      ]);
    },
  ),
  connectStepSource: page(
    () => import("../features/step-sources/pages/connect-page"),
    (m) => m.ConnectStepSourcePage,
  ),
  profile: page(
    () => import("../features/profile/pages/profile-page"),
    (m) => m.ProfilePage,
  ),
  wallet: page(
    () => import("../features/wallet/pages/wallet-page"),
    (m) => m.WalletPage,
    () => startupInfiniteQuery(import("../features/wallet/api").then((m) => m.transactionPagesQueryOptions)),
  ),
  walletReceipt: page(
    () => import("../features/wallet/pages/receipt-page"),
    (m) => m.ReceiptPage,
  ),
  checkout: page(
    () => import("../features/wallet/pages/checkout-page"),
    (m) => m.CheckoutPage,
  ),
  bankingSetup: page(
    () => import("../features/wallet/pages/banking-setup-page"),
    (m) => m.BankingSetupPage,
  ),
  safety: page(
    () => import("../features/safety/pages/safety-page"),
    (m) => m.SafetyPage,
  ),
  admin: page(
    () => import("../features/admin/pages/admin-page"),
    (m) => m.AdminPage,
  ),
  adminMember: page(
    () => import("../features/admin/pages/member-page"),
    (m) => m.MemberPage,
  ),
  reconcileDeposits: page(
    () => import("../features/admin/pages/reconcile-deposits-page"),
    (m) => m.ReconcileDepositsPage,
  ),
  paymentMonitor: page(
    () => import("../features/admin/pages/payment-monitor-page"),
    (m) => m.PaymentMonitorPage,
  ),
  giftCardOffers: page(
    () => import("../features/admin/pages/gift-card-offers-page"),
    (m) => m.GiftCardOffersPage,
  ),
  rewardCards: page(
    () => import("../features/admin/pages/reward-cards-page"),
    (m) => m.RewardCardsPage,
  ),
  auditLog: page(
    () => import("../features/admin/pages/audit-log-page"),
    (m) => m.AuditLogPage,
  ),
  finance: page(
    () => import("../features/admin/pages/finance-page"),
    (m) => m.FinancePage,
  ),
  emailTest: page(
    () => import("../features/email/pages/email-test-page"),
    (m) => m.EmailTestPage,
  ),
  help: page(
    () => import("../features/help/pages/help-page"),
    (m) => m.HelpPage,
  ),
  terms: page(
    () => import("../features/help/pages/legal-page"),
    (m) => m.TermsPage,
  ),
  privacy: page(
    () => import("../features/help/pages/legal-page"),
    (m) => m.PrivacyPage,
  ),
};
