import { Button } from "../ui/button";

/**
 * "Load more" under a list paged by cursor: shown while older items remain, busy while they load;
 * a failed page says so and offers the same button again.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onLoad,
  label = "Load more",
}: {
  hasMore: boolean;
  loading: boolean;
  failed?: boolean;
  onLoad: () => void;
  label?: string;
}) {
  if (!hasMore) return null;
  return (
    <div className="grid justify-items-center gap-2 pt-3">
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          Could not load more. Try again.
        </p>
      ) : null}
      <Button variant="outline" size="sm" onClick={onLoad} disabled={loading}>
        {loading ? "Loading..." : label}
      </Button>
    </div>
  );
}
