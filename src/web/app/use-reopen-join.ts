import { useCallback } from "react";
import { useSearchParams } from "wouter";
import { JOIN_PARAM } from "./return-path";

/**
 * Whether this page was opened to show competition `id`'s join dialog again (`?join=12`, where a
 * join's Add FitCoins comes back to: joinReturnPath), and a way to drop the request from the
 * address once the dialog closes. Every page that hosts a join dialog honours it through this hook.
 */
export function useReopenJoin(id: number): [boolean, () => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get(JOIN_PARAM) === String(id);
  const forget = useCallback(() => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(JOIN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [setParams]);
  return [asked, forget];
}
