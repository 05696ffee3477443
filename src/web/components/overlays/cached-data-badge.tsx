import { useQueryClient } from "@tanstack/react-query";
import { Database } from "lucide-react";
import { useEffect, useState } from "react";
import { useIsOnline } from "../../lib/device";
import { formatTime } from "../../lib/format";

function newestCachedAt(timestamps: number[]): number {
  return Math.max(0, ...timestamps);
}

/**
 * Offline with data on screen: that data comes from the cache, and says how old it is. It sits in
 * the offline banner, in the page's flow, so it never covers what the member reads (issue 25).
 */
export function CachedDataBadge() {
  const online = useIsOnline();
  const queryClient = useQueryClient();
  const [cachedAt, setCachedAt] = useState(0);

  useEffect(() => {
    if (online) return;
    const read = () =>
      setCachedAt(
        newestCachedAt(
          queryClient
            .getQueryCache()
            .getAll()
            .filter((q) => q.state.data !== undefined && q.state.data !== null)
            .map((q) => q.state.dataUpdatedAt),
        ),
      );
    read();
    return queryClient.getQueryCache().subscribe(read);
  }, [online, queryClient]);

  if (online || cachedAt === 0) return null;
  const time = formatTime(new Date(cachedAt));
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-slate-900/85 px-2.5 py-0.5 text-xs font-semibold text-white">
      <Database className="size-3.5" aria-hidden="true" />
      Cached data · {time}
    </span>
  );
}
