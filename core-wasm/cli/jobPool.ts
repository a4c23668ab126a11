/**
 * Independent runs `jobs` at a time (issue 39 item 5): the fidelity report's scenarios and a sweep's values, each a
 * native core process of its own, so a 2-core machine runs two at once. Results come back in the items' order,
 * whatever the order the runs end in, so what is printed never depends on the number of jobs.
 */

/**
 * `work(item, index)` for every item, at most `jobs` (>= 1) running at once; the results in the items' order.
 * Rejects with the first rejection (runs already started are not stopped; none is started after it).
 */
export async function mapInPool<T, R>(items: readonly T[], jobs: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (!failed && next < items.length) {
      const i = next++;
      try {
        results[i] = await work(items[i], i);
      } catch (e) {
        failed = true;
        throw e;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(jobs, items.length)) }, worker));
  return results;
}
