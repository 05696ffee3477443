import { z } from "zod";
import { dbIdSchema } from "../../../core/schemas/common";

export const MAX_STEPS_PER_SYNC = 10_000;

/** Sensor availability the tracker reports with a sync: informative, loosely checked, bounded. */
export const motionDataSchema = z.object({
  accelerometer: z.boolean().optional(),
  gyroscope: z.boolean().optional(),
  timestamp: z.union([z.number().finite(), z.string().max(64)]).optional(),
  sessionId: z.string().max(128).optional(),
  deviceType: z.enum(["ios", "android"]).optional(),
});

export const stepSyncBodySchema = z
  .object({
    steps: z.number().int().min(1).max(MAX_STEPS_PER_SYNC),
    /** When the batch's last step was counted. */
    timestamp: z.iso.datetime({ offset: true }),
    /**
     * When the batch's first step was counted (optional; the tracker sends it): with `timestamp`,
     * the window the batch declares, and its steps must fit in it at a plausible cadence.
     */
    startedAt: z.iso.datetime({ offset: true }).optional(),
    deviceSignature: z.string().max(512).optional(),
    motionData: motionDataSchema.optional(),
    /** The client's id for this batch: a retried sync with the same id counts once. */
    batchId: z.uuid(),
    /**
     * The member the steps were counted for (optional; the tracker sends it): the sync is refused
     * with 409, nothing stored, unless the session is theirs.
     */
    userId: dbIdSchema().optional(),
  })
  .refine((b) => b.startedAt === undefined || Date.parse(b.startedAt) <= Date.parse(b.timestamp), {
    path: ["startedAt"],
    message: "startedAt must not be later than timestamp",
  });
export type StepSyncBody = z.infer<typeof stepSyncBodySchema>;

/** A Step Test tap (DESIGN 1, Step Test): practice, answered like a sync and stored nowhere. */
export const practiceBodySchema = z.object({
  steps: z.number().int().min(1).max(MAX_STEPS_PER_SYNC),
  timestamp: z.iso.datetime({ offset: true }),
});
export type PracticeBody = z.infer<typeof practiceBodySchema>;
export const practiceResultSchema = z.object({
  practice: z.literal(true),
  steps: z.number().int(),
  syncedAt: z.string(),
});

export const stepSyncResultSchema = z.object({ stepData: z.object({ totalSteps: z.number().int() }) });
export const todayStepsSchema = z.object({ steps: z.number().int() });
export const historyQuerySchema = z.object({ days: z.enum(["7", "30"]).default("7") });
export const historySchema = z.array(
  z.object({
    date: z.string(),
    steps: z.number().int(),
    /**
     * Issue 33: for a member with a watch connected, each source's steps that day (`phone` or a
     * vendor); `steps` is what counted (the larger where they overlapped). Absent otherwise.
     */
    sources: z.array(z.object({ source: z.string(), steps: z.number().int() })).optional(),
  }),
);

export const leaderboardSchema = z.object({
  entries: z.array(
    z.object({
      rank: z.number().int(),
      userId: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      profileImageUrl: z.string().nullable(),
      steps: z.number().int(),
    }),
  ),
  me: z.object({ rank: z.number().int(), steps: z.number().int() }).nullable(),
});
