import type { Viewer } from "./viewer";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking, resolved once from the session cookie. */
    viewer(): Promise<Viewer>;
    viewerPromise: Promise<Viewer> | null;
  }
  interface FastifyContextConfig {
    /** Marks a route as part of the documented public API surface (for tests that walk routes). */
    public?: boolean;
  }
}
