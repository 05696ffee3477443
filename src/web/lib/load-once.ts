/**
 * `load` shared by every caller: the first call starts it, later ones get the same promise. A load
 * that fails is forgotten, so the next call tries afresh (a chunk fetch that failed on a flaky
 * connection is not a failure for good).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
