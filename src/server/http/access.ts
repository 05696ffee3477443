import type { FastifyInstance, FastifyRequest, RouteOptions } from "fastify";
import { AppError, unauthenticated } from "../errors";
import { requireAdmin, requireUser, SESSION_COOKIE } from "./viewer";

/**
 * Who may call a route, declared on the route itself (`config: { access }`) and checked in one
 * place, `registerAccessGuard`, before the body is read or validated (DESIGN 2.1, who before what):
 * a visitor never learns a route's rules from a 400, and a request without the right session or
 * role is refused before its body (an upload, say) is even parsed.
 * - `public`: anyone; the route may still look at who is asking.
 * - `member`: a signed-in member (any subscription: the service decides what needs one).
 * - `admin`: a signed-in site admin.
 */
export type Access = "public" | "member" | "admin";

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route reads the session in the same statement as its answer (the step sync, the group
     * page: asked so often that one more round trip per request matters). The guard then only
     * demands a session cookie before the body; a cookie the server no longer accepts is judged
     * by the route's own read, or, when the input is malformed, by the guard before the 400.
     */
    sessionReadWithAnswer?: boolean;
  }
}

/** Routes registered by plugins we do not write (the OpenAPI viewer): public documentation. */
const UNDECLARED_PUBLIC_PREFIXES = ["/api/docs"];

export function isApiRoute(url: string): boolean {
  return url === "/api" || url.startsWith("/api/");
}

/** The access a route declares; a route of the API that declares none is a programming error. */
export function declaredAccess(route: Pick<RouteOptions, "url" | "method" | "config">): Access | null {
  const access = route.config?.access;
  if (access) return access;
  if (!isApiRoute(route.url) || UNDECLARED_PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) return null;
  throw new Error(
    `${[route.method].flat().join(",")} ${route.url} declares no access: add config: { access: "public" | "member" | "admin" }`,
  );
}

export const TWO_FACTOR_REQUIRED =
  "Admin actions need two-factor sign-in. Turn it on in your Profile, under Security, then try again.";

export type AccessPolicy = {
  /** `ADMIN_REQUIRE_2FA`: an admin without two-factor sign-in on is refused every admin route. */
  adminRequire2fa: boolean;
};

/**
 * Whatever a site admin's power does needs two-factor where `ADMIN_REQUIRE_2FA` is on: every admin
 * route, and a change inside a member route that only that power allows (another's competition,
 * group or chat message), else a stolen admin password would reach them through those.
 */
export function requireAdminTwoFactor(
  policy: AccessPolicy,
  admin: { twoFactorEnabledAt: Date | null },
): void {
  if (policy.adminRequire2fa && !admin.twoFactorEnabledAt) {
    throw new AppError(403, "TWO_FACTOR_REQUIRED", TWO_FACTOR_REQUIRED);
  }
}

async function checkSession(request: FastifyRequest, access: Access, policy: AccessPolicy): Promise<void> {
  if (access !== "admin") {
    requireUser(await request.viewer());
    return;
  }
  // Setting two-factor up is a member route, so an admin sent there can always do it.
  requireAdminTwoFactor(policy, requireAdmin(await request.viewer()));
}

/**
 * Enforces every route's declared access in its onRequest phase (before parsing and validation).
 * Must be registered after the hook that gives each request its `viewer()`, and before the routes.
 */
export function registerAccessGuard(app: FastifyInstance, policy: AccessPolicy): void {
  app.addHook("onRoute", (route) => {
    const access = declaredAccess(route);
    if (access === "member" && route.config?.sessionReadWithAnswer) {
      // Malformed input is kept for the handler's preHandler below rather than answered at once,
      // so that a request with a dead session hears 401 about its session, not the route's rules.
      route.attachValidation = true;
      const own = route.preHandler ? [route.preHandler].flat() : [];
      route.preHandler = [
        async (request: FastifyRequest) => {
          if (!request.validationError) return;
          requireUser(await request.viewer());
          throw request.validationError;
        },
        ...own,
      ];
    }
  });
  app.addHook("onRequest", async (request) => {
    const { access, sessionReadWithAnswer } = request.routeOptions.config;
    if (!access || access === "public") return;
    if (access === "member" && sessionReadWithAnswer) {
      if (!request.cookies[SESSION_COOKIE]) throw unauthenticated();
      return;
    }
    await checkSession(request, access, policy);
  });
}
