import { z } from "zod";
import { errorSchema } from "../../core/schemas/common";

/** The error answers a route may give, for its OpenAPI description. */
export function errors(
  ...statuses: (400 | 401 | 402 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503)[]
) {
  return Object.fromEntries(statuses.map((s) => [s, errorSchema])) as Record<number, typeof errorSchema>;
}

export const messageSchema = z.object({ message: z.string() });

/** A response given by content type (`{ description, content: { "text/html": { schema } } }`). */
type ContentResponse = { description: string; content: Record<string, { schema: z.ZodType }> };

/** A text body of a given media type (an HTML page, a CSV file), for `schema.response`. */
export function textResponse(mediaType: string, description: string): ContentResponse {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/** A body of bytes (an image), for `schema.response`. */
export function binaryResponse(mediaType: string, description: string): ContentResponse {
  return { description, content: { [mediaType]: { schema: z.string().meta({ format: "binary" }) } } };
}

/** A redirect (no body; its Location header says where), for `schema.response`. */
export const redirectResponse = (description: string) => z.null().describe(description);
