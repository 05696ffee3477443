import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context";

export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async () => {};
