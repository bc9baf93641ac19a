import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long the embedded database's next statement waits, at most, for answers from memory to pause. */
export const LONGEST_WAIT_MS = 50;

let answersFromMemory = 0;

/** Called for each answer given from memory (a kept catalogue page), which costs the event loop next to nothing. */
export function noteAnswerFromMemory(): void {
  answersFromMemory += 1;
}

/**
 * Resolves on the first later turn of the event loop that gave no answer from memory, or after
 * `longestWaitMs`. The embedded database runs in the server's own thread (db/client.ts): while pages are
 * answered from memory on every turn, each of its statements waits here first, so a stream of orders takes
 * what the readers leave rather than half the thread. Orders placed meanwhile are booked together (decision 24).
 */
export async function pauseInAnswersFromMemory(longestWaitMs = LONGEST_WAIT_MS): Promise<void> {
  const since = performance.now();
  let seen = answersFromMemory;
  await nextTurn();
  while (answersFromMemory !== seen && performance.now() - since < longestWaitMs) {
    seen = answersFromMemory;
    await nextTurn();
  }
}
