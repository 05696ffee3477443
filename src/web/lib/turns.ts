/** One turn of a queue: `ready` once every earlier turn is done; call `done` to let the next go. */
export type Turn = { ready: Promise<void>; done: () => void };

/**
 * A queue of turns taken in the order they are asked for: each turn is ready once every turn before
 * it is done and `between` has resolved after that (a painted frame, say). A turn whose holder goes
 * away must still be done, or every later turn waits; calling `done` more than once is harmless.
 */
export function createTurns(between: () => Promise<void>): () => Turn {
  let previousDone: Promise<void> = Promise.resolve();
  return () => {
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const ready = previousDone.then(between);
    previousDone = ready.then(() => mine);
    return { ready, done };
  };
}
