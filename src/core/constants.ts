/** Business constants of the specification (documents 1 and 3), named once. */

export const SUBSCRIPTION_PRICE_CENTS = 699;
export const SUBSCRIPTION_PRICE_LABEL = "$6.99";
/** The one plan there is (specification 3: monthly, auto-renewing), by the name members see. */
export const SUBSCRIPTION_PLAN_NAME = "Monthly";
export const PASSWORD_MIN_LENGTH = 8;

export const DEFAULT_STEP_GOAL = 10_000;
export const DISPLAYED_GOAL_FALLBACK = 30_000;
export const SYNC_PENDING_TRIGGER = 5;
export const SYNC_INTERVAL_MS = 30_000;
export const MIN_STEP_INTERVAL_MS = 600;
export const RECENT_ACTIVITY_ITEMS = 3;

export const REDIRECT_AFTER_AUTH_MS = 1_500;
export const CONNECTION_RESTORED_BANNER_MS = 3_000;
export const IOS_INSTALL_HINT_DELAY_MS = 3_000;
export const TRACKING_AUTO_RESTART_MS = 1_000;
export const SENSOR_PROBE_MS = 1_000;
export const SW_REGISTER_DELAY_MS = 2_000;
export const SW_REGISTER_TIMEOUT_MS = 10_000;
export const SW_UPDATE_RECHECK_MS = 5_000;

export const MOBILE_WIDTH_THRESHOLD_PX = 768;
export const DASHBOARD_REFRESH_THROTTLE_MS = 2_000;
export const QUOTE_ROTATION_MS = 30_000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;

export const RULES_REDIRECT_MS = 1_000;
export const RULES_INVITE_EXTRA_MS = 1_000;
export const SUBSCRIPTION_ACTIVATED_COUNTDOWN_S = 8;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
/** How long an email verification link works (issue 30). */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a passkey ceremony's challenge may be answered (issue 30 item 5). */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** Passkeys one member may hold: enough for every device they own, bounded like push subscriptions. */
export const MAX_PASSKEYS = 10;
export const FINGERPRINT_LENGTH = 32;

/** DESIGN 1: 15% of every USD to FitCoin conversion and FitCoin purchase is platform revenue. */
export const PLATFORM_FEE_PERCENT = 15;
export const CONVERSION_MIN_CENTS = 100;
export const FITCOIN_PURCHASE_MIN_CENTS = 500;
export const FITCOIN_PURCHASE_MAX_CENTS = 5_000;
export const DEPOSIT_MIN_CENTS = 500;
export const DEPOSIT_MAX_CENTS = 50_000;
export const TRANSACTION_DESCRIPTION_MAX = 40;
export const WALLET_REFRESH_MS = 5_000;

/** Competitions (specification 2 section 9; DESIGN 1 payout, entry cutoff, settlement timing). */
export const ENTRY_FEE_MIN_FC = 5;
export const ENTRY_FEE_MAX_FC = 150;
export const ENTRY_DEADLINE_HOURS_OPTIONS = [-1, 1, 6, 12, 24, 48] as const;
export const COMPETITION_NAME_MAX = 100;
export const COMPETITION_DESCRIPTION_MAX = 1000;
export const COMPETITIONS_REFETCH_MS = 10_000;
export const COMPETITION_CARD_REFRESH_MS = 15_000;
export const COMPETITION_LEADERBOARD_SIZE = 5;
export const COMPETITION_CHAT_POLL_MS = 5_000;
export const CHAT_MESSAGE_MAX = 1000;
/** Web Push subscriptions (devices) a member may hold at once: each notification is sent to each. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;
export const CHAT_HISTORY_LIMIT = 100;
export const COUNTDOWN_TICK_MS = 1_000;
export const SUBSCRIPTION_REDIRECT_MS = 2_000;
export const PULL_TO_REFRESH_THRESHOLD_PX = 80;
export const PULL_TO_REFRESH_RESISTANCE = 0.4;
export const PULL_TO_REFRESH_MIN_TRAVEL_PX = 20;
export const ENTRY_FEE_TOAST_MS = 30_000;
/** Prize shares by number of eligible participants: 3 or more, 2, 1 (DESIGN 1, payout). */
export const PRIZE_SHARES_PERCENT = { three: [50, 30, 20], two: [60, 40], one: [100] } as const;
export const DISPUTE_WINDOW_MS = 48 * 60 * 60 * 1000;
export const COMPLETED_VISIBLE_MS = 7 * 24 * 60 * 60 * 1000;
export const STANDINGS_PAGE_SIZE = 50;

/** Groups (specification 2 section 9; DESIGN 1, group money). */
export const GROUP_DEFAULT_ENTRY_PRICE_FC = 15;
export const GROUP_DURATION_DAYS = [1, 3, 7, 14, 30] as const;
export const GROUP_DEFAULT_DURATION_DAYS = 7;
export const GROUP_DEFAULT_DEADLINE_HOURS = 24;
export const POOL_CONTRIBUTION_MIN_FC = 1;
export const POOL_CONTRIBUTION_MAX_FC = 500;
export const GROUP_CHAT_POLL_MS = 3_000;
export const GROUP_LEADERBOARD_ACTIVE_MS = 30_000;
export const GROUP_LEADERBOARD_IDLE_MS = 5 * 60_000;
export const GROUP_CARD_AVATARS = 3;
export const GROUP_RECENT_CONTRIBUTIONS = 5;
export const INVITE_PAGE_MEMBERS = 8;
export const INVITE_REDIRECT_MS = 2_000;
export const INVITE_SUBSCRIBE_REDIRECT_MS = 1_500;
export const COPY_CONFIRMATION_MS = 2_000;

/** Points (specification 3 section 9; DESIGN 1, points). Whole points. */
export const POINTS_PER_STEP_BLOCK = 20;
export const STEPS_PER_POINT_BLOCK = 500;
/** Daily milestone bonuses: steps reached in one local day, and the points they add. */
export const DAILY_MILESTONES = [
  { steps: 5_000, points: 100 },
  { steps: 10_000, points: 200 },
  { steps: 20_000, points: 500 },
  { steps: 30_000, points: 1_000 },
  { steps: 40_000, points: 2_000 },
  { steps: 50_000, points: 3_000 },
  { steps: 60_000, points: 4_000 },
  { steps: 70_000, points: 5_000 },
  { steps: 80_000, points: 6_000 },
  { steps: 90_000, points: 7_000 },
  { steps: 100_000, points: 10_000 },
  { steps: 1_000_000, points: 500_000 },
] as const;
/** Streak bonuses: consecutive local days at or above `steps`, paid when the streak reaches `days`. */
export const STREAK_BONUSES = [
  { steps: 10_000, days: 7, points: 500 },
  { steps: 10_000, days: 14, points: 800 },
  { steps: 10_000, days: 30, points: 1_200 },
  { steps: 30_000, days: 7, points: 1_000 },
  { steps: 30_000, days: 14, points: 1_500 },
  { steps: 50_000, days: 7, points: 2_000 },
  { steps: 50_000, days: 14, points: 2_500 },
] as const;
export const STREAK_BONUS_MAX_POINTS = 2_500;
export const STREAK_THRESHOLDS = [10_000, 30_000, 50_000] as const;
/** Issuance spread over this many system accounts, so awards do not all wait on one row. */
export const POINTS_ISSUANCE_SHARDS = 16;
/** The system accounts every purchase touches (fees, reserve, issuance, card payments) likewise. */
export const SYSTEM_ACCOUNT_SHARDS = 64;
export const POINT_DESCRIPTION_MAX = 60;

/** Gift cards (specification 3 sections 5 and 9). */
export const GIFT_CARD_TIERS = [50, 100] as const;
export const RECENT_REDEMPTIONS = 5;
export const OFFER_DEFAULT_VALUE50_CENTS = 5_000;
export const OFFER_DEFAULT_FITCOINS50 = 5_000;
export const OFFER_DEFAULT_VALUE100_CENTS = 10_000;
export const OFFER_DEFAULT_FITCOINS100 = 10_000;

/** Achievements (specification 2 section 9). */
export const ACHIEVEMENT_TOOLTIP_MS = 3_000;

/** Email test (specification 3 sections 2 and 9). */
export const EMAIL_TEST_TYPES = ["welcome", "achievement", "competition", "reminder", "winner"] as const;
export const DOMAIN_VERIFICATION_MINUTES = { min: 5, max: 30 } as const;

/** Gear store (specification 3 sections 3, 5 and 9). */
export const PRODUCT_CATEGORIES = [
  { value: "shoes", label: "Athletic Shoes" },
  { value: "clothing", label: "Activewear" },
  { value: "equipment", label: "Equipment" },
  { value: "supplements", label: "Supplements" },
  { value: "accessories", label: "Accessories" },
] as const;
export const DEFAULT_PRODUCT_CATEGORY = "equipment";
export const FEATURED_PRODUCTS_MAX = 3;
export const PRODUCT_RATING_MIN = 1;
export const PRODUCT_RATING_MAX = 5;

/** Advertising (specification 3 sections 4, 5 and 9; DESIGN 1, ads). */
export const AD_PLACEMENTS = ["dashboard", "sidebar", "footer", "between-content"] as const;
export const AD_ROTATION_MS = 10_000;
/** How long a placement's active ads may be cached (by the browser and the app). */
export const AD_CACHE_SECONDS = 300;
export const INVALID_AD_URL_MESSAGE = "Invalid advertisement URL. Please contact support.";

/**
 * How close the phone's count comes to a dedicated pedometer: one claim, said by every screen
 * that says it (issue 32 item 6).
 */
export const STEP_ACCURACY_TEXT =
  "Counting by the phone's motion sensors reaches about 85-95% of a dedicated pedometer's count, so totals can differ slightly from a fitness tracker.";

/**
 * Gift cards of the built-in sandbox provider (DESIGN 1, gift-card fulfilment): their order
 * reference starts with this, and wherever their made-up code shows, the note says what it is.
 */
export const SANDBOX_GIFT_CARD_PREFIX = "sbx_";
export const SANDBOX_GIFT_CARD_NOTE =
  "Sandbox card: this code is made up for the demo and buys nothing. No real gift card was issued.";
export const isSandboxGiftCard = (providerReference: string | null | undefined): boolean =>
  providerReference?.startsWith(SANDBOX_GIFT_CARD_PREFIX) ?? false;

/** What a member reads when deleting their account without their password. */
export const DELETE_PASSWORD_MISSING = "Enter your password to delete your account.";
