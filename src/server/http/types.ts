import type { Viewer } from "./viewer";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking, resolved once from the session cookie. */
    viewer(): Promise<Viewer>;
    viewerPromise: Promise<Viewer> | null;
  }
}
