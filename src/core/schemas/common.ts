import { z } from "zod";

/** The one error shape every API answer uses. */
export const errorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  sessionInvalid: z.boolean().optional(),
  deviceChanged: z.boolean().optional(),
});
export type ApiError = z.infer<typeof errorSchema>;

export const okSchema = z.object({ message: z.string() });
