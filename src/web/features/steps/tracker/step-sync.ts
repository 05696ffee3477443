import { ApiError } from "../../../lib/api-client";
import type { PendingBatch, StepOwner, StepQueue } from "./step-queue";

/** How a sync ended. Steps stay queued unless the server counted or refused them for good. */
export interface SyncReport {
  /** Steps the server counted in this sync. */
  counted: number;
  /** Today's total as the server answered it after the last counted batch. */
  totalSteps: number | null;
  /** Server messages of batches refused for good (implausible, invalid); those steps are dropped. */
  refused: string[];
  /**
   * Why the sync stopped with steps still queued, if it did. "otherMember": the session is not the
   * member the page took for signed in (another tab changed it); their steps wait for them.
   */
  stopped: "local" | "subscription" | "otherMember" | "failed" | null;
}

export interface StepSyncDeps {
  queue: StepQueue;
  send(batch: PendingBatch): Promise<{ totalSteps: number }>;
  /** The signed-in member's id, or null. */
  member(): StepOwner;
  newId(): string;
  now(): number;
}

type Failure = "local" | "subscription" | "otherMember" | "refused" | "failed";

const SUBSCRIPTION_MESSAGE = /subscription required/i;

/** Specification 1, section 8: what a failed sync means for the steps it carried. */
export function classifySyncError(error: unknown): Failure {
  if (!(error instanceof ApiError)) return "failed"; // offline, timed out: try again later
  if (error.code === "SUBSCRIPTION_REQUIRED" || SUBSCRIPTION_MESSAGE.test(error.message))
    return "subscription";
  if (error.status === 401) return "local";
  // Kept for the member they were counted for, never dropped nor sent as someone else.
  if (error.code === "STEPS_OF_ANOTHER_MEMBER") return "otherMember";
  // Implausible or malformed: the same batch would be refused again, forever.
  if (error.status === 422 || error.status === 400 || error.status === 413) return "refused";
  return "failed";
}

/**
 * Sends the queue, oldest batch first, one sync at a time: a sync asked for while one runs
 * runs once more right after it, so no trigger is lost and no batch is sent twice at once.
 */
export function createStepSyncer(deps: StepSyncDeps) {
  let running: Promise<SyncReport> | null = null;
  let again = false;

  async function drain(): Promise<SyncReport> {
    const report: SyncReport = { counted: 0, totalSteps: null, refused: [], stopped: null };
    const member = deps.member();
    for (;;) {
      const batch = await deps.queue.next(member, deps.newId, deps.now());
      if (!batch) return report;
      try {
        const { totalSteps } = await deps.send(batch);
        await deps.queue.remove(batch.batchId);
        report.counted += batch.steps;
        report.totalSteps = totalSteps;
      } catch (error) {
        const failure = classifySyncError(error);
        if (failure !== "refused") {
          report.stopped = failure;
          return report;
        }
        await deps.queue.remove(batch.batchId);
        report.refused.push(error instanceof Error ? error.message : String(error));
      }
    }
  }

  async function loop(): Promise<SyncReport> {
    let report = await drain();
    while (again && report.stopped === null) {
      again = false;
      const next = await drain();
      report = {
        counted: report.counted + next.counted,
        totalSteps: next.totalSteps ?? report.totalSteps,
        refused: [...report.refused, ...next.refused],
        stopped: next.stopped,
      };
    }
    again = false;
    return report;
  }

  return {
    sync(): Promise<SyncReport> {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
      });
      return running;
    },
    get syncing() {
      return running !== null;
    },
  };
}

export type StepSyncer = ReturnType<typeof createStepSyncer>;
