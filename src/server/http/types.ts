import type { Viewer, ViewerWith } from "./viewer";

declare module "fastify" {
  interface FastifyRequest {
    /** Who is asking, resolved once from the session cookie. */
    viewer(): Promise<Viewer>;
    viewerPromise: Promise<Viewer> | null;
    /** Who is asking, read in the same statement as the route's answer (see `ViewerWith`). */
    viewerWith: ViewerWith;
  }
}
