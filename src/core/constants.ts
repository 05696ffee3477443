/** Business constants of the specification (documents 1 and 3), named once. */

export const SUBSCRIPTION_PRICE_CENTS = 699;
export const SUBSCRIPTION_PRICE_LABEL = "$6.99";
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

export const COPYRIGHT_YEAR = 2024;

export const RULES_REDIRECT_MS = 1_000;
export const RULES_INVITE_EXTRA_MS = 1_000;
export const SUBSCRIPTION_ACTIVATED_COUNTDOWN_S = 8;

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
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
