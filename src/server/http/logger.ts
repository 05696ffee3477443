import pino from "pino";
import { redactedRequest } from "./error-handler";

/**
 * The server's logger: one line per request (app.ts), tokens kept out (redactedRequest). Lines
 * are written in the background in blocks of 4 kB, at most a second after they are logged: a
 * synchronous write per line cost more than a step sync's own work (issue 14). Lines still
 * buffered are written when the process exits. Should the output stall (a slow log collector),
 * at most 16 MB wait in memory; lines beyond are dropped rather than the process filling up.
 */
export function loggerOptions(level: string, dest: number | string = process.stdout.fd ?? 1) {
  return {
    level,
    serializers: { req: redactedRequest },
    stream: pino.destination({
      dest,
      sync: false,
      minLength: 4096,
      maxLength: 16 * 1024 * 1024,
      periodicFlush: 1000,
    }),
  };
}
