import { useEffect, useRef } from "react";
import { useLocation } from "wouter";
import type { ConnectStepSourceResult } from "../../../../core/schemas/step-sources";
import type { PageProps } from "../../../app/pages";
import { LoadingSplash } from "../../../components/layout/loading-splash";
import { apiRequest } from "../../../lib/api-client";

/**
 * Where a watch's vendor sends the member back after consenting (issue 33): the page hands what it
 * carried (code and state, or an error) to the server from the member's own session, then goes
 * back to the page the connect started from, which says how it went.
 */
export function ConnectStepSourcePage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const vendor = params.vendor ?? "";
    const query = new URLSearchParams(window.location.search);
    const body = {
      code: query.get("code") || undefined,
      state: query.get("state") ?? "",
      error: query.get("error") || undefined,
    };
    const finish = (result: ConnectStepSourceResult["result"], returnTo = "/profile") =>
      navigate(`${returnTo}?${new URLSearchParams({ stepSource: vendor, result })}`, { replace: true });
    apiRequest<ConnectStepSourceResult>(`/api/step-sources/${encodeURIComponent(vendor)}/callback`, {
      method: "POST",
      body,
    }).then(
      (answer) => finish(answer.result, answer.returnTo),
      () => finish(body.state ? "failed" : "expired"),
    );
  }, [navigate, params.vendor]);
  return <LoadingSplash />;
}
