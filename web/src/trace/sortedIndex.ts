/**
 * Record indexes of one trace category (or one queue's levels) sorted by t_start_ps, ties by arrival: the
 * permutations the trace store (trace/traceStore.ts) answers its time queries from, extended batch by batch, and
 * the sorts a batch goes through first.
 */
import { grown } from './growableColumn';

/**
 * Sorts `records` by t_start_ps, ties by record index, with one numeric sort of a Float64Array: each record's key is
 * t_start_ps × span + (record − the lowest record), exact while it stays below 2^53 (integer times of up to about
 * 2.2 × 10^12 ps, 2.2 s, with a batch's span of 4,096). Otherwise, or for times that are not whole picoseconds, a sort
 * with a comparator. The comparator sort was 290 of 2,000 ms of main-thread time while the 64-node all-to-all streamed
 * its trace (CPU profile in Chromium, 2026-11-28): its packets are recorded when their link is reserved, far out of
 * time order. Appending that run's 2 M records in batches of 4,096 (Node, five alternated runs): 616-939 ms with the
 * comparator after 32 moves per record, 518-761 ms with this after 8.
 */
function sortByKey(records: Uint32Array, tStart: Float64Array): void {
  let low = Infinity;
  let high = -1;
  let latest = 0;
  let whole = true;
  for (let i = 0; i < records.length; i++) {
    const r = records[i];
    if (r < low) low = r;
    if (r > high) high = r;
    const t = tStart[r];
    if (!(t >= 0 && Number.isInteger(t))) whole = false;
    else if (t > latest) latest = t;
  }
  const span = high - low + 1;
  if (!whole || (latest + 1) * span > Number.MAX_SAFE_INTEGER) {
    records.set(Array.from(records).sort((a, b) => tStart[a] - tStart[b] || a - b));
    return;
  }
  const keys = new Float64Array(records.length);
  for (let i = 0; i < records.length; i++) keys[i] = tStart[records[i]] * span + (records[i] - low);
  keys.sort();
  for (let i = 0; i < keys.length; i++) records[i] = low + (keys[i] % span);
}

/**
 * Sorts `records` (indexes in arrival order) by t_start_ps, ties in arrival order. A category's records arrive
 * nearly in time order (a PCI transaction is recorded when it ends, a little after later ones began), so an insertion
 * sort costs O(n + displacements); past 8 moves per record it hands over to sortByKey.
 */
function sortByStart(records: Uint32Array, tStart: Float64Array): void {
  const limit = 8 * records.length;
  let moves = 0;
  for (let i = 1; i < records.length; i++) {
    const r = records[i];
    const t = tStart[r];
    let j = i - 1;
    while (j >= 0 && tStart[records[j]] > t) {
      records[j + 1] = records[j];
      j--;
    }
    records[j + 1] = r;
    moves += i - 1 - j;
    if (moves > limit) {
      sortByKey(records, tStart);
      return;
    }
  }
}

/** Record indexes of one category sorted by t_start_ps (ties by arrival order). */
export class SortedIndex {
  order: Uint32Array;
  length = 0;
  maxDuration_ps = 0;

  /** `capacity`: entries before the first doubling (a category's index: 1,024; one queue's levels: 16). */
  constructor(capacity = 1024) {
    this.order = new Uint32Array(capacity);
  }

  /**
   * Merges `fresh` (record indexes, any order) into the sorted order, in place from the back: entries that sort
   * before all of `fresh` are not touched, so a batch costs O(batch + entries it overtakes), not O(all entries), and
   * the order grows by doubling. (Records arrive nearly in time order; copying the whole order per batch made the
   * page's 300,000-packet runs spend tens of ms per batch on the main thread.)
   */
  merge(fresh: Uint32Array, tStart: Float64Array, tEnd: Float64Array): void {
    if (fresh.length === 0) return;
    sortByStart(fresh, tStart);
    let maxDuration = this.maxDuration_ps;
    for (let i = 0; i < fresh.length; i++) maxDuration = Math.max(maxDuration, tEnd[fresh[i]] - tStart[fresh[i]]);
    this.maxDuration_ps = maxDuration;
    const total = this.length + fresh.length;
    if (total > this.order.length) this.order = grown(this.order, Uint32Array, Math.max(total, this.order.length * 2), this.length);
    const order = this.order;
    let i = this.length - 1;
    let j = fresh.length - 1;
    let k = total - 1;
    // Fill from the back: the later of the two tails' last entries (ties: the later record) goes last.
    const after = (a: number, b: number) => tStart[a] > tStart[b] || (tStart[a] === tStart[b] && a > b);
    while (j >= 0) {
      if (i >= 0 && after(order[i], fresh[j])) order[k--] = order[i--];
      else order[k--] = fresh[j--];
    }
    this.length = total;
  }

  /** Position of the first entry with t_start_ps >= t (binary search). */
  lowerBound(t_ps: number, tStart: Float64Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (tStart[this.order[mid]] < t_ps) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Position of the first entry with t_start_ps > t (binary search). */
  upperBound(t_ps: number, tStart: Float64Array): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (tStart[this.order[mid]] <= t_ps) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
