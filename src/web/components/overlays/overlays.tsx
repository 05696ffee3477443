import { AppBanners } from "./app-banners";
import { CachedDataBadge } from "./cached-data-badge";
import { ConnectivityBanner } from "./connectivity-banner";

/**
 * The banners and badges over the app's screens, one chunk loaded only when one of them may show
 * (app.tsx): most visits, the landing page's first among them, never need it (issue 14).
 */
export { AppBanners, CachedDataBadge, ConnectivityBanner };
