import { z } from "zod";

// Step sources (issue 33): a member's connected wearables and today's steps by source.

export const stepSourceVendorParamsSchema = z.object({ vendor: z.string().min(1).max(40) });

export const connectStepSourceBodySchema = z.object({
  /** The page to come back to once connected (a path of this app; otherwise the profile). */
  returnTo: z.string().max(200).optional(),
});

export const connectStepSourceAnswerSchema = z.object({ url: z.string() });

/** What the vendor's redirect back carried, sent on by the app's /connect/{vendor} page. */
export const connectStepSourceCallbackSchema = z.object({
  code: z.string().min(1).max(500).optional(),
  state: z.string().min(1).max(200),
  error: z.string().max(200).optional(),
});

export const connectStepSourceResultSchema = z.object({
  result: z.enum(["connected", "denied", "expired", "failed", "taken"]),
  returnTo: z.string(),
});
export type ConnectStepSourceResult = z.infer<typeof connectStepSourceResultSchema>;

export const stepSourcesOverviewSchema = z.object({
  /** The sources this server can connect (none without their settings). */
  available: z.array(z.object({ id: z.string(), name: z.string() })),
  connections: z.array(
    z.object({
      vendor: z.string(),
      name: z.string(),
      /** `reconnect`: the vendor no longer accepts the connection (expired or revoked). */
      status: z.enum(["connected", "reconnect"]),
      connectedAt: z.iso.datetime(),
      lastSyncAt: z.iso.datetime().nullable(),
    }),
  ),
  today: z.object({
    date: z.string(),
    /** What counts: where sources overlap, the larger of them. */
    steps: z.number().int(),
    bySource: z.array(z.object({ source: z.string(), name: z.string(), steps: z.number().int() })),
  }),
});
export type StepSourcesOverview = z.infer<typeof stepSourcesOverviewSchema>;

/** Withings' webhook (a form post): the account and the kind of data that changed. */
export const withingsNotificationSchema = z.looseObject({
  userid: z.string().regex(/^\d{1,20}$/),
  appli: z.string().regex(/^\d{1,4}$/),
});
