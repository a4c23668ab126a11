/**
 * A run's trace records (run/runController.ts owns one per run), kept outside React state (painters read the
 * arrays; React sees the run's `traceVersion`).
 *
 * Columns grow by doubling as batches arrive from the worker. For queries at an animation time, records are
 * grouped by category (packets, PCI, NIC thread, levels, host ops, messages, queue states, host thread states, list
 * pieces) and each category keeps a
 * permutation of its records sorted by t_start_ps, extended by merging each sorted batch (O(n) per batch),
 * plus the longest duration seen so an "active at t" query scans only [t − maxDuration, t].
 */
import type { TraceBatch } from '../../../core-wasm/js/bridgeTypes';
import { setColumns } from '../../../core-wasm/js/traceRun';
import { grown } from './growableColumn';
import { SortedIndex } from './sortedIndex';
import { TraceKind, isLevelKind, isPacketKind, isQueueKind } from '../sim/traceKindCodes';

export type TraceCategory = 'packet' | 'pci' | 'nic_thread' | 'level' | 'host_op' | 'message' | 'queue' | 'thread' | 'piece';

export function categoryOfKind(kind: number): TraceCategory | null {
  if (isPacketKind(kind)) return 'packet';
  if (kind === TraceKind.pci_transaction) return 'pci';
  if (kind === TraceKind.nic_thread || kind === TraceKind.hca_step) return 'nic_thread'; // Elan thread steps, InfiniBand HCA steps
  if (isLevelKind(kind)) return 'level';
  // host API steps, Trove calls, PVFS2 threads' work (protocols/pvfs2/cpu.h)
  if (kind === TraceKind.host_op || kind === TraceKind.trove_op || kind === TraceKind.pvfs2_work) return 'host_op';
  if (kind === TraceKind.message) return 'message';
  // VIA descriptors and VI states (inspect/viQueues.ts), Elan4 event actions and counts (inspect/e4Events.ts)
  if (isQueueKind(kind)) return 'queue';
  // A host thread entering a state (chain/hostThreads.ts): polling, arming, asleep, waking, running
  if (kind === TraceKind.host_thread) return 'thread';
  // A piece of a PVFS2 BMI list transfer in the receiver's memory (inspect/listTransfers.ts)
  if (kind === TraceKind.list_piece) return 'piece';
  return null;
}

/**
 * One number per (kind, component) for the per-component maps: kind × 2^32 + component, exact in a double while the
 * kind code is below 2^21 (trace kind codes are below 100). A template string per level record made the 256-node
 * half-shift's appends allocate one string each.
 */
function levelKey(kind: number, component: number): number {
  return kind * 2 ** 32 + component;
}

/** The level kind of a levelKey. */
function kindOfLevelKey(key: number): number {
  return Math.floor(key / 2 ** 32);
}

const CATEGORIES: TraceCategory[] = ['packet', 'pci', 'nic_thread', 'level', 'host_op', 'message', 'queue', 'thread', 'piece'];
const PACKET = CATEGORIES.indexOf('packet');
const LEVEL = CATEGORIES.indexOf('level');
const PCI = CATEGORIES.indexOf('pci');
const NIC_THREAD = CATEGORIES.indexOf('nic_thread');
const HOST_OP = CATEGORIES.indexOf('host_op');

/** categoryOfKind as a table for append's inner loop: the category's position in CATEGORIES per kind code, −1 none. */
const CATEGORY_OF_KIND = (() => {
  const codes = Object.values(TraceKind) as number[];
  const table = new Int8Array(Math.max(...codes) + 1).fill(-1);
  for (const code of codes) {
    const c = categoryOfKind(code);
    if (c) table[code] = CATEGORIES.indexOf(c);
  }
  return table;
})();

export class TraceStore {
  length = 0;
  t_start_ps = new Float64Array(0);
  t_end_ps = new Float64Array(0);
  kind = new Uint32Array(0);
  component = new Uint32Array(0);
  message = new Uint32Array(0);
  bytes = new Uint32Array(0);
  value = new Int32Array(0);
  /** Causal predecessor per record: its index + 1, 0 = none (TraceBatch.cause). */
  cause = new Uint32Array(0);
  /** Latest t_end_ps (or t_start_ps) of any record. */
  end_ps = 0;
  readonly index: Record<TraceCategory, SortedIndex> = {
    packet: new SortedIndex(), pci: new SortedIndex(), nic_thread: new SortedIndex(),
    level: new SortedIndex(), host_op: new SortedIndex(), message: new SortedIndex(), queue: new SortedIndex(),
    thread: new SortedIndex(), piece: new SortedIndex(),
  };
  /** Level records (input_queue, match_list, event_queue) per levelKey(kind, component), sorted by start. */
  private readonly levelIndex = new Map<number, SortedIndex>();
  /**
   * The pci, nic_thread and host_op records of each component id, in arrival order (`ownCount` of them): what
   * forEachInWindowOf sorts for one component's timeline track.
   */
  private ownRecords: (Uint32Array | undefined)[] = [];
  private ownCount = new Uint32Array(0);
  /**
   * Records of one non-level kind on one component, sorted by start, per levelKey(kind, component), built when
   * forEachInWindowOf first asks for them and extended by the component's records appended since (`seen` of
   * its ownRecords).
   */
  private readonly ownIndex = new Map<number, { index: SortedIndex; seen: number }>();
  /** Largest value recorded per levelKey(kind, component) (maxLevel), kept as the level records arrive. */
  private readonly levelMax = new Map<number, number>();
  /** Message id → its earliest packet record (a packet kind); that hop's link starts at the sender's NIC. */
  readonly firstPacketOfMessage = new Map<number, number>();
  /** Incremented by clear(): record indices of an earlier epoch name other records. */
  epoch = 0;
  /** Per append: the record count after it, and the earliest t_start_ps of its records (earliestStartSince). */
  private appendEnds: number[] = [];
  private appendMinStarts: number[] = [];

  clear(): void {
    this.epoch++;
    this.appendEnds = [];
    this.appendMinStarts = [];
    this.length = 0;
    this.end_ps = 0;
    this.firstPacketOfMessage.clear();
    for (const c of CATEGORIES) this.index[c] = new SortedIndex();
    this.levelIndex.clear();
    this.ownIndex.clear();
    this.ownRecords = [];
    this.ownCount = new Uint32Array(0);
    this.levelMax.clear();
  }

  private grow(min: number): void {
    if (min <= this.t_start_ps.length) return;
    const cap = Math.max(min, this.t_start_ps.length * 2, 4096);
    const n = this.length;
    this.t_start_ps = grown(this.t_start_ps, Float64Array, cap, n);
    this.t_end_ps = grown(this.t_end_ps, Float64Array, cap, n);
    this.kind = grown(this.kind, Uint32Array, cap, n);
    this.component = grown(this.component, Uint32Array, cap, n);
    this.message = grown(this.message, Uint32Array, cap, n);
    this.bytes = grown(this.bytes, Uint32Array, cap, n);
    this.value = grown(this.value, Int32Array, cap, n);
    this.cause = grown(this.cause, Uint32Array, cap, n);
  }

  append(batch: TraceBatch): void {
    const base = this.length;
    this.grow(base + batch.n);
    setColumns(this, batch, base);
    this.length = base + batch.n;
    // Each record's category (CATEGORY_OF_KIND), counted, then the batch's records of each category in arrival order.
    const category = new Int8Array(batch.n);
    const counts = new Uint32Array(CATEGORIES.length);
    const message = this.message;
    const tStart = this.t_start_ps;
    const tEnd = this.t_end_ps;
    let end_ps = this.end_ps;
    let minStart = Infinity;
    for (let i = 0; i < batch.n; i++) {
      const r = base + i;
      if (tStart[r] < minStart) minStart = tStart[r];
      const kind = this.kind[r];
      const c = kind < CATEGORY_OF_KIND.length ? CATEGORY_OF_KIND[kind] : -1;
      category[i] = c;
      if (c < 0) continue;
      counts[c]++;
      if (c === PCI || c === NIC_THREAD || c === HOST_OP) this.addOwn(this.component[r], r);
      if (c === PACKET && message[r] !== 0) {
        const first = this.firstPacketOfMessage.get(message[r]);
        if (first === undefined || tStart[r] < tStart[first]) this.firstPacketOfMessage.set(message[r], r);
      }
      const end = Math.max(tEnd[r], tStart[r]);
      if (end > end_ps) end_ps = end;
    }
    this.end_ps = end_ps;
    this.appendEnds.push(this.length);
    this.appendMinStarts.push(minStart);
    const fresh = CATEGORIES.map((_, c) => new Uint32Array(counts[c]));
    counts.fill(0);
    for (let i = 0; i < batch.n; i++) {
      const c = category[i];
      if (c >= 0) fresh[c][counts[c]++] = base + i;
    }
    CATEGORIES.forEach((c, i) => this.index[c].merge(fresh[i], tStart, tEnd));
    const perLevel = new Map<number, number[]>();
    for (const r of fresh[LEVEL]) {
      const key = levelKey(this.kind[r], this.component[r]);
      let list = perLevel.get(key);
      if (!list) perLevel.set(key, (list = []));
      list.push(r);
      if (this.value[r] > (this.levelMax.get(key) ?? 0)) this.levelMax.set(key, this.value[r]);
    }
    for (const [key, list] of perLevel) {
      let idx = this.levelIndex.get(key);
      if (!idx) this.levelIndex.set(key, (idx = new SortedIndex(16)));
      idx.merge(Uint32Array.from(list), tStart, tEnd);
    }
  }

  /** Appends record `r` to `component`'s ownRecords. */
  private addOwn(component: number, r: number): void {
    if (component >= this.ownCount.length) this.ownCount = grown(this.ownCount, Uint32Array, Math.max(component + 1, 2 * this.ownCount.length), this.ownCount.length);
    const n = this.ownCount[component];
    let list = this.ownRecords[component];
    if (!list || n === list.length) {
      // Doubling, without grown()'s jump to the trace's full capacity at 65,536: 4 MB for each busy component.
      const next = new Uint32Array(Math.max(16, 2 * n));
      if (list) next.set(list);
      this.ownRecords[component] = list = next;
    }
    list[n] = r;
    this.ownCount[component] = n + 1;
  }

  /**
   * Earliest t_start_ps (ps) of the records from index `record` on (Infinity when there are none): a view of a window
   * ending before it saw all its records when the store held `record` records (hooks/useWindowedModel.ts). Counts
   * whole appends, so it may be earlier than the exact bound, never later. O(appends since `record`).
   */
  earliestStartSince(record: number): number {
    let min = Infinity;
    for (let a = this.appendEnds.length - 1; a >= 0 && this.appendEnds[a] > record; a--) min = Math.min(min, this.appendMinStarts[a]);
    return min;
  }

  /** Calls `visit(record)` for each record of `category` with t_start ≤ t < t_end (or = t when instantaneous). */
  forEachActive(category: TraceCategory, t_ps: number, visit: (record: number) => void): void {
    const idx = this.index[category];
    const stop = idx.upperBound(t_ps, this.t_start_ps);
    const earliest = t_ps - idx.maxDuration_ps;
    for (let i = stop - 1; i >= 0; i--) {
      const r = idx.order[i];
      const start = this.t_start_ps[r];
      if (start < earliest) break;
      const end = this.t_end_ps[r];
      if (end > t_ps || (end === start && start === t_ps)) visit(r);
    }
  }

  /**
   * Latest level record (input_queue, match_list, event_queue: they hold their value) of `kind` on `component` with t_start ≤ t,
   * or −1. Binary search.
   */
  lastLevelAtOrBefore(kind: number, component: number, t_ps: number): number {
    const idx = this.levelIndex.get(levelKey(kind, component));
    if (!idx) return -1;
    const pos = idx.upperBound(t_ps, this.t_start_ps) - 1;
    return pos >= 0 ? idx.order[pos] : -1;
  }

  /** Whether any component has a level record of `kind` (the run's models keep that kind of queue at all). */
  hasLevelKind(kind: number): boolean {
    for (const key of this.levelIndex.keys()) if (kindOfLevelKey(key) === kind) return true;
    return false;
  }

  /** Whether any NIC thread or HCA engine step was recorded (Elan3/Elan4 threads, InfiniHost engines). */
  hasNicSteps(): boolean {
    return this.index.nic_thread.length > 0;
  }

  /** Largest value ever recorded for a level `kind` on `component` (0 when none). */
  maxLevel(kind: number, component: number): number {
    return this.levelMax.get(levelKey(kind, component)) ?? 0;
  }

  /**
   * Calls `visit(record)` for each record of `category` overlapping [from_ps, to_ps] (start ≤ to, end ≥ from),
   * in start order. Binary search plus the category's longest duration bound the scan.
   */
  forEachInWindow(category: TraceCategory, from_ps: number, to_ps: number, visit: (record: number) => void): void {
    this.scanWindow(this.index[category], from_ps, to_ps, visit);
  }

  /**
   * forEachInWindow over the records of one `kind` on one `component` (a timeline track of one node,
   * trace/timelineModel.ts), for the level kinds and the kinds of the pci, nic_thread and host_op categories (none
   * for others): O(log n + that component's records in the window), plus, for a non-level kind, a pass over the
   * component's records appended since the last call for that kind and component. Scanning the whole category for
   * one node's records took 50-100 ms of one main-thread task on the 1,024-node half-shift, whose first 100 µs hold
   * every node's records (Chrome trace, 2026-11-28); a sorted index per component for every record made appends
   * twice as slow (Node, 1 M records), and one pass over all records since, 42-45 ms in Chromium.
   */
  forEachInWindowOf(kind: number, component: number, from_ps: number, to_ps: number, visit: (record: number) => void): void {
    const key = levelKey(kind, component);
    if (isLevelKind(kind)) {
      const idx = this.levelIndex.get(key);
      if (idx) this.scanWindow(idx, from_ps, to_ps, visit);
      return;
    }
    let own = this.ownIndex.get(key);
    if (!own) this.ownIndex.set(key, (own = { index: new SortedIndex(16), seen: 0 }));
    const count = component < this.ownCount.length ? this.ownCount[component] : 0;
    if (own.seen < count) {
      const records = this.ownRecords[component]!;
      const fresh: number[] = [];
      for (let i = own.seen; i < count; i++) if (this.kind[records[i]] === kind) fresh.push(records[i]);
      own.index.merge(Uint32Array.from(fresh), this.t_start_ps, this.t_end_ps);
      own.seen = count;
    }
    this.scanWindow(own.index, from_ps, to_ps, visit);
  }

  private scanWindow(idx: SortedIndex, from_ps: number, to_ps: number, visit: (record: number) => void): void {
    const begin = idx.lowerBound(from_ps - idx.maxDuration_ps, this.t_start_ps);
    const stop = idx.upperBound(to_ps, this.t_start_ps);
    for (let i = begin; i < stop; i++) {
      const r = idx.order[i];
      if (Math.max(this.t_end_ps[r], this.t_start_ps[r]) >= from_ps) visit(r);
    }
  }

  /** Latest t_start_ps strictly before t over all records, or null (the Back step). */
  previousStartBefore(t_ps: number): number | null {
    let best: number | null = null;
    for (const c of CATEGORIES) {
      const idx = this.index[c];
      const pos = idx.lowerBound(t_ps, this.t_start_ps) - 1;
      if (pos >= 0) {
        const s = this.t_start_ps[idx.order[pos]];
        if (best === null || s > best) best = s;
      }
    }
    return best;
  }

  /** Earliest t_start_ps strictly after t over all records, or null. */
  nextStartAfter(t_ps: number): number | null {
    let best: number | null = null;
    for (const c of CATEGORIES) {
      const idx = this.index[c];
      const pos = idx.upperBound(t_ps, this.t_start_ps);
      if (pos < idx.length) {
        const s = this.t_start_ps[idx.order[pos]];
        if (best === null || s < best) best = s;
      }
    }
    return best;
  }
}
