/**
 * Runs a generator of steps (trace/clusterLayout.ts's clusterLayoutSteps, trace/componentPainter.ts's
 * componentSceneSteps) on the page's main thread in tasks of about `budgetMs` each, handing the event loop back
 * between them, so that one long computation does not hold input and painting for its whole length (issue 12
 * item 4: no main-thread task over 50 ms while a run computes). A step must itself be short: only whole steps are
 * timed.
 */

/** A clock in ms (performance.now in a page; a test's own). */
export type Clock = () => number;

const now: Clock = () => performance.now();

/** Runs steps until the generator returns or `budgetMs` have passed on `clock`; the generator's last result. */
export function runSlice<T>(steps: Generator<void, T, void>, budgetMs: number, clock: Clock = now): IteratorResult<void, T> {
  const end = clock() + budgetMs;
  for (;;) {
    const next = steps.next();
    if (next.done || clock() >= end) return next;
  }
}

/**
 * Runs all of `steps` in slices of `budgetMs`, the first at once and each next one in a new task; resolves with the
 * generator's return value, or with `undefined` once `cancelled()` is true (checked before each slice; the generator
 * is then closed).
 */
export async function stepsInSlices<T>(
  steps: Generator<void, T, void>,
  budgetMs: number,
  cancelled: () => boolean,
  clock: Clock = now,
): Promise<T | undefined> {
  for (;;) {
    if (cancelled()) {
      steps.return(undefined as T);
      return undefined;
    }
    const next = runSlice(steps, budgetMs, clock);
    if (next.done) return next.value;
    await nextTask();
  }
}

/**
 * A promise resolved from a new task: a MessageChannel message, as React's scheduler posts, since nested setTimeout
 * calls are clamped to 4 ms (HTML's timer nesting rule).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
