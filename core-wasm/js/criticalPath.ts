/**
 * A message's critical path (issue 38): the chain of trace records that determined its end-to-end time, each piece
 * of time attributed to a resource class, and the gaps named as waiting. The page (waterfall) and the CLI
 * (`--critical-path`) both use this one analysis of the trace columns.
 *
 * Method. Every record carries `cause`, the record its start waited for along the kernel's event chain
 * (core-wasm/src/kernel/trace.h). From the unit's last record the causes are followed back to the unit's start;
 * walking back with a cursor, each record on the chain takes the time from the later of its own start and its
 * cause's end up to the cursor (a pipelined packet's hop owns the time after the previous hop's tail left). Time no
 * chain record owns is a gap: when the next chain record's component was busy with another message then, the gap is
 * "waiting for <that resource>"; else a record of the unit still in progress then (its NIC thread going on beside
 * its own DMA, the host inside its send call) owns it as overlapping work (a host polling in a wait step is still
 * waiting); else it is plain waiting. The segments
 * tile [start, end] exactly, so their total is the unit's time.
 *
 * Units: a message (send call to its last record), a ping-pong iteration (the sending host's Post receive to its
 * Wait for arrival: seed 002 Table 1's four steps, which the result gives as `phases`), or a PVFS2 I/O call (a
 * client's PVFS_sys_io, from its client_requests rising from 0 to their return to 0: every message and every
 * pvfs2_work step of the client's and the servers' threads the call waited on). Pure; no DOM.
 */
import { CORE_CATALOG } from './coreCatalog.generated';
import type { Topology, TopologyComponent, TraceColumnsView } from './bridgeTypes';
import type { IoCall } from './ioCalls';
import { PVFS2_TEST_ASLEEP, PVFS2_TROVE_WORK } from './pvfs2Work';

/** The trace columns the analysis reads (a TraceStore, or a run's whole trace: core-wasm/js/traceRun.ts). */
export type { TraceColumnsView };

/** Resource classes a piece of time is attributed to (issue 38 item 1), in the order the views stack them. */
export const RESOURCE_CLASSES = ['host_cpu', 'wakeup', 'pci', 'nic', 'link', 'sci_ringlet', 'storage', 'waiting'] as const;
export type ResourceClass = (typeof RESOURCE_CLASSES)[number];

/** Display names of the resource classes. */
export const RESOURCE_LABELS: Record<ResourceClass, string> = {
  host_cpu: 'host CPU',
  wakeup: 'interrupt and thread wake-up',
  pci: 'PCI bus',
  nic: 'NIC processor / DMA engine',
  link: 'link and switch',
  sci_ringlet: 'SCI ringlet',
  storage: 'storage (Trove, disk)',
  waiting: 'waiting',
};

/** One piece of the path: [start_ps, end_ps) owned by one record (or by none: waiting). */
export interface PathSegment {
  start_ps: number;
  end_ps: number;
  resource: ResourceClass;
  /** The step the record names (a NIC thread step, a host API step, "DMA write", "qdma_packet link 57"), or the wait. */
  step: string;
  /** Node of the record's component (a host, bus or NIC); null for links and switches. */
  node: number | null;
  /** The record's index in the trace, −1 for waiting. */
  record: number;
  /**
   * How the segment was found: on the causal chain; on it but another message's step, which the resource served
   * first (the unit queued behind it); work of the unit in progress in a gap; or waiting.
   */
  role: 'path' | 'queued' | 'overlap' | 'waiting';
  /** The record's message (0 = none), e.g. the one a queued segment served. */
  message: number;
  /** For waiting on a busy resource: the message that held it (0 = none known). */
  busy_with?: number;
}

/** One of the iteration's host steps (seed 002 Table 1 rows), the time the sending host spent in it. */
export interface PathPhase {
  step: string;
  start_ps: number;
  end_ps: number;
}

export type PathUnit = { kind: 'message' | 'iteration'; message: number } | { kind: 'call'; message: 0; call: IoCall };

export interface CriticalPath {
  unit: PathUnit;
  start_ps: number;
  end_ps: number;
  /** In time order; they tile [start_ps, end_ps]. */
  segments: PathSegment[];
  /** Picoseconds per resource class (every class present, 0 when unused); sums to end_ps − start_ps. */
  by_resource_ps: Record<ResourceClass, number>;
  /** Iteration units: the sending host's API steps within the window, in order. */
  phases: PathPhase[];
}

const KIND = Object.fromEntries(CORE_CATALOG.trace_kinds.map((k) => [k.name, k.kind])) as Record<string, number>;
const KIND_NAME = new Map<number, string>(CORE_CATALOG.trace_kinds.map((k) => [k.kind, k.name]));
const VALUE_NAMES = new Map<number, Record<string, string>>(
  CORE_CATALOG.trace_kinds.flatMap((k) => ('values' in k && typeof k.values === 'object' ? [[k.kind, k.values as Record<string, string>]] : [])),
);
const PACKET_KINDS = new Set(['qdma_packet', 'rdma_packet', 'ack_packet', 'nak_packet', 'control_packet'].map((n) => KIND[n]));
const PROCESSOR_KINDS = new Set(['nic_thread', 'hca_step', 'host_op', 'e4_event', 'trove_op', 'pvfs2_work'].map((n) => KIND[n]));
const HOST_OP_SEND = 2;
const HOST_OP_POST_RECEIVE = 1;
const HOST_OP_WAIT_ARRIVAL = 4;
/** Host API steps that wait: Wait for send to complete, Wait for arrival. */
const HOST_OP_WAITS = new Set([3, HOST_OP_WAIT_ARRIVAL]);

/** Thrown for a unit the trace cannot give a path for (no such message, or its records were dropped). */
export class CriticalPathError extends Error {}

/** What the analysis needs of the topology, indexed once per run. */
export class PathContext {
  private readonly components = new Map<number, TopologyComponent>();
  private readonly links = new Map<number, { from: number; to: number; kind: string }>();
  readonly busName: string;

  constructor(topology: Topology | null) {
    for (const c of topology?.components ?? []) this.components.set(c.id, c);
    for (const l of topology?.links ?? []) this.links.set(l.id, l);
    this.busName = topology?.bus?.name ?? 'PCI';
  }

  /** The resource class of record kind `kind` on `component` (`value`: the record's, for pvfs2_work's Trove steps). */
  resourceOf(kind: number, component: number, value = 0): ResourceClass {
    if (PACKET_KINDS.has(kind)) return this.links.get(component)?.kind === 'ring' ? 'sci_ringlet' : 'link';
    if (kind === KIND.pci_transaction) return 'pci';
    if (kind === KIND.host_op || kind === KIND.host_thread || kind === KIND.vi_descriptor) return 'host_cpu';
    if (kind === KIND.host_wake) return 'wakeup';
    if (kind === KIND.trove_op) return 'storage';
    if (kind === KIND.pvfs2_work) return PVFS2_TROVE_WORK.has(value) ? 'storage' : value === PVFS2_TEST_ASLEEP ? 'waiting' : 'host_cpu';
    const c = this.components.get(component);
    if (c?.kind === 'host') return 'host_cpu';
    if (c?.kind === 'pci') return 'pci';
    return 'nic';
  }

  /** The host component of `node`, or null. */
  hostOfNode(node: number | null): number | null {
    if (node === null) return null;
    for (const c of this.components.values()) if (c.kind === 'host' && c.node === node && !c.network) return c.id;
    for (const c of this.components.values()) if (c.kind === 'host' && c.node === node) return c.id;
    return null;
  }

  /** The node a directed link leaves (its `from` component's), or null. */
  nodeOfLink(link: number): number | null {
    const l = this.links.get(link);
    return l ? this.nodeOf(l.from) : null;
  }

  /** A component's node, or null (links, switches). */
  nodeOf(component: number): number | null {
    return this.components.get(component)?.node ?? null;
  }

  /** Name of a component or a directed link ("elan3-5", "host0→sw1-0"). */
  nameOf(component: number): string {
    const c = this.components.get(component);
    if (c) return c.label ?? c.name;
    const l = this.links.get(component);
    if (l) return `${this.components.get(l.from)?.name ?? l.from}→${this.components.get(l.to)?.name ?? l.to}`;
    return `component ${component}`;
  }

  /** The step a record names: its value's name for coded kinds, with the link for packets. */
  stepOf(trace: TraceColumnsView, r: number): string {
    const kind = trace.kind[r];
    const name = KIND_NAME.get(kind) ?? `kind ${kind}`;
    if (PACKET_KINDS.has(kind)) return `${name} ${this.nameOf(trace.component[r])}`;
    const values = VALUE_NAMES.get(kind);
    const v = values?.[String(trace.value[r])];
    if (kind === KIND.pci_transaction && v) return `${this.busName} ${v}`;
    return v ?? name;
  }
}

/** Records of message `m`, in recording order. O(n). */
function recordsOf(trace: TraceColumnsView, m: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < trace.length; r++) if (trace.message[r] === m) out.push(r);
  return out;
}

/**
 * The message's earliest record; with `acting`, the earliest that acts (not its `message` record, which spans from
 * the send call on the receiver's host).
 */
function firstRecord(trace: TraceColumnsView, records: number[], acting: boolean): number {
  let best = -1;
  for (const r of records)
    if ((!acting || trace.kind[r] !== KIND.message) && (best < 0 || trace.t_start_ps[r] < trace.t_start_ps[best])) best = r;
  return best;
}

/** The message's last record (latest end; `message` records excluded: they summarise, they do not act). */
function lastRecord(trace: TraceColumnsView, records: number[]): number {
  let best = -1;
  for (const r of records) {
    if (trace.kind[r] === KIND.message) continue;
    if (best < 0 || trace.t_end_ps[r] >= trace.t_end_ps[best]) best = r;
  }
  return best;
}

/**
 * The send call that sent the message whose earliest record is `first`: the latest Send host step starting by then on
 * the host of `first`'s node (seed 002 and 001's ping-pongs trace it; a Portals message record starts with it).
 * Null when the trace has none (workloads without host steps).
 */
function sendCall(trace: TraceColumnsView, ctx: PathContext, first: number): { host: number; send: number } | null {
  const host = ctx.hostOfNode(ctx.nodeOf(trace.component[first]) ?? ctx.nodeOfLink(trace.component[first]));
  if (host === null) return null;
  const at = trace.t_start_ps[first];
  let best = -1;
  for (let r = 0; r < trace.length; r++)
    if (trace.kind[r] === KIND.host_op && trace.value[r] === HOST_OP_SEND && trace.component[r] === host && trace.t_start_ps[r] <= at && (best < 0 || trace.t_start_ps[r] > trace.t_start_ps[best])) best = r;
  return best < 0 ? null : { host, send: best };
}

/**
 * The critical path of `unit`. Throws CriticalPathError when the message has no records (a wrong id, or its records
 * were dropped beyond the trace's limit) or an iteration's host steps are not in the trace (not a ping-pong).
 * O(trace length) for the scans plus O(path length · overlapping records) for the gaps.
 */
export function criticalPath(trace: TraceColumnsView, ctx: PathContext, unit: PathUnit): CriticalPath {
  if (unit.kind === 'call') {
    // The closing level is written by the work that saw the last response: without it the call's records were cut.
    const cause = trace.cause[unit.call.last] - 1;
    if (cause < 0 || trace.kind[cause] === KIND.client_requests || trace.t_end_ps[cause] < trace.t_end_ps[unit.call.last])
      throw new CriticalPathError('the I/O call\'s records were beyond the trace\'s limit');
    return walk(trace, ctx, unit, unit.call.start_ps, unit.call.last, unit.call.host, []);
  }
  const records = recordsOf(trace, unit.message);
  if (records.length === 0) throw new CriticalPathError(`message ${unit.message}: no trace records (no such message, or its records were beyond the trace's limit)`);
  let last = lastRecord(trace, records);
  if (last < 0) throw new CriticalPathError(`message ${unit.message}: only a summary record in the trace`);
  const sender = sendCall(trace, ctx, firstRecord(trace, records, true));
  let start = sender ? trace.t_start_ps[sender.send] : trace.t_start_ps[firstRecord(trace, records, false)];
  let phases: PathPhase[] = [];
  const host = sender?.host ?? -1;
  if (unit.kind === 'iteration') {
    if (!sender) throw new CriticalPathError(`message ${unit.message}: no Send host step starts it (an iteration is a ping-pong's)`);
    const ops: number[] = [];
    for (let r = 0; r < trace.length; r++) if (trace.kind[r] === KIND.host_op && trace.component[r] === host) ops.push(r);
    ops.sort((a, b) => trace.t_start_ps[a] - trace.t_start_ps[b]);
    const sendAt = ops.indexOf(sender.send);
    let first = sendAt;
    while (first > 0 && trace.value[ops[first]] !== HOST_OP_POST_RECEIVE) first--;
    let end = sendAt;
    while (end < ops.length && trace.value[ops[end]] !== HOST_OP_WAIT_ARRIVAL) end++;
    if (end >= ops.length) throw new CriticalPathError(`message ${unit.message}: its sender never waits for an arrival (not a ping-pong iteration)`);
    if (trace.value[ops[first]] === HOST_OP_POST_RECEIVE) start = trace.t_start_ps[ops[first]];
    last = ops[end];
    const endPs = trace.t_end_ps[last];
    phases = ops
      .filter((r) => trace.t_end_ps[r] > start && trace.t_start_ps[r] < endPs)
      .map((r) => ({ step: ctx.stepOf(trace, r), start_ps: Math.max(start, trace.t_start_ps[r]), end_ps: Math.min(endPs, trace.t_end_ps[r]) }));
  }
  return walk(trace, ctx, unit, start, last, host, phases);
}

/** The path of `unit` from `start` to the end of record `last`, walked back along the causes; `host`: the unit's host (−1 none). */
function walk(trace: TraceColumnsView, ctx: PathContext, unit: PathUnit, start: number, last: number, host: number, phases: PathPhase[]): CriticalPath {
  const end = trace.t_end_ps[last];
  // The unit's messages: the message itself; for an iteration, also the reply its chain passes through; for an I/O
  // call, every message on its chain. A chain record of another message is time the unit queued behind it (role
  // "queued").
  const unitMessages = new Set<number>(unit.kind === 'call' ? [] : [unit.message]);

  // Walk the causes back from the last record.
  const segments: PathSegment[] = [];
  const gaps: { start: number; end: number; next: number }[] = [];
  let t = end;
  let r = last;
  let later = last;  // the chain record that owns the time from t on
  const seen = new Set<number>();
  while (r >= 0 && t > start && !seen.has(r)) {
    seen.add(r);
    if (unit.kind !== 'message' && trace.message[r] !== 0) unitMessages.add(trace.message[r]);
    const p = trace.cause[r] - 1;
    const rs = trace.t_start_ps[r];
    const re = trace.t_end_ps[r];
    const spans = re > rs && trace.kind[r] !== KIND.message;
    if (spans) {
      const pEnd = p >= 0 ? trace.t_end_ps[p] : -Infinity;
      const segStart = Math.max(start, Math.min(t, Math.max(rs, pEnd)));
      const segEnd = Math.min(t, re);
      if (segEnd > segStart) {
        if (segEnd < t) gaps.push({ start: segEnd, end: t, next: later });
        const queued = trace.message[r] !== 0 && !unitMessages.has(trace.message[r]);
        segments.push(pathSegment(trace, ctx, r, segStart, segEnd, queued ? 'queued' : 'path'));
        t = segStart;
        later = r;
      }
    }
    r = p;
  }
  if (t > start) gaps.push({ start, end: t, next: later });

  // Name the gaps: a busy resource, work of the unit in progress, or waiting.
  const hosts = new Set<number>();
  if (host >= 0) hosts.add(host);
  for (const s of segments) if (s.record >= 0 && (trace.kind[s.record] === KIND.host_op || trace.kind[s.record] === KIND.pvfs2_work)) hosts.add(trace.component[s.record]);
  if (gaps.length > 0) {
    const index = new GapIndex(trace, start, end, unitMessages, hosts, new Set(gaps.map((g) => trace.component[g.next])));
    for (const g of gaps) segments.push(...fillGap(trace, ctx, g, index));
  }

  segments.sort((a, b) => a.start_ps - b.start_ps || a.end_ps - b.end_ps);
  const by_resource_ps = Object.fromEntries(RESOURCE_CLASSES.map((c) => [c, 0])) as Record<ResourceClass, number>;
  for (const s of segments) by_resource_ps[s.resource] += s.end_ps - s.start_ps;
  return { unit, start_ps: start, end_ps: end, segments, by_resource_ps, phases };
}

function pathSegment(trace: TraceColumnsView, ctx: PathContext, r: number, start: number, end: number, role: 'path' | 'queued' | 'overlap'): PathSegment {
  const component = trace.component[r];
  const message = trace.message[r];
  const step = role === 'queued' ? `message ${message}'s ${ctx.stepOf(trace, r)} (queued behind it)` : ctx.stepOf(trace, r);
  return { start_ps: start, end_ps: end, resource: ctx.resourceOf(trace.kind[r], component, trace.value[r]), step, node: ctx.nodeOf(component), record: r, role, message };
}

/**
 * The records a gap can be named from, gathered in one scan of the trace: the unit's own records (its messages, its
 * hosts' API steps) and, per component a gap waits for, other messages' records sorted by start with their longest
 * span (so "was it busy then?" is a binary search and a short scan back).
 */
class GapIndex {
  readonly ours: number[] = [];
  private readonly others = new Map<number, { records: number[]; longest: number }>();

  constructor(private readonly trace: TraceColumnsView, start: number, end: number, messages: Set<number>, hosts: Set<number>, components: Set<number>) {
    for (let q = 0; q < trace.length; q++) {
      const qs = trace.t_start_ps[q];
      const qe = trace.t_end_ps[q];
      if (qe <= start || qs >= end || qe <= qs || trace.kind[q] === KIND.message) continue;
      const m = trace.message[q];
      const c = trace.component[q];
      if ((m !== 0 && messages.has(m)) || (m === 0 && (trace.kind[q] === KIND.host_op || trace.kind[q] === KIND.pvfs2_work) && hosts.has(c))) this.ours.push(q);
      else if (m !== 0 && components.has(c)) {
        let o = this.others.get(c);
        if (!o) this.others.set(c, (o = { records: [], longest: 0 }));
        o.records.push(q);
        o.longest = Math.max(o.longest, qe - qs);
      }
    }
    for (const o of this.others.values()) o.records.sort((a, b) => trace.t_start_ps[a] - trace.t_start_ps[b]);
  }

  /** A record of another message on `component` overlapping [a, b), or −1. */
  busy(component: number, a: number, b: number): number {
    const o = this.others.get(component);
    if (!o) return -1;
    const t = this.trace;
    let lo = 0;
    let hi = o.records.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (t.t_start_ps[o.records[mid]] < b) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo - 1; i >= 0 && t.t_start_ps[o.records[i]] > a - o.longest; i--) if (t.t_end_ps[o.records[i]] > a) return o.records[i];
    return -1;
  }
}

/**
 * Segments for a gap [start, end) before chain record `next`: "waiting for <resource>" while `next`'s component
 * served another message; else the record of the unit (its messages, or its hosts' API steps) on `next`'s node in
 * progress longest there, a processor's first (the NIC thread going on beside the DMA it waits for, the host inside
 * its send call), which may leave waiting on either side; else waiting before `next`'s step.
 */
function fillGap(trace: TraceColumnsView, ctx: PathContext, g: { start: number; end: number; next: number }, index: GapIndex): PathSegment[] {
  const comp = trace.component[g.next];
  const node = ctx.nodeOf(comp);
  const busy = index.busy(comp, g.start, g.end);
  let fill = -1;
  let fillScore = -1;
  for (const r of index.ours) {
    const rs = trace.t_start_ps[r];
    const re = trace.t_end_ps[r];
    if (re <= g.start || rs >= g.end || node === null || ctx.nodeOf(trace.component[r]) !== node) continue;
    const cover = Math.min(re, g.end) - Math.max(rs, g.start);
    const score = cover + (PROCESSOR_KINDS.has(trace.kind[r]) ? 1e15 : 0);
    if (score > fillScore) {
      fillScore = score;
      fill = r;
    }
  }
  if (busy >= 0) {
    const what = `waiting for ${ctx.nameOf(comp)} (busy with message ${trace.message[busy]})`;
    return [{ start_ps: g.start, end_ps: g.end, resource: 'waiting', step: what, node, record: -1, role: 'waiting', message: 0, busy_with: trace.message[busy] }];
  }
  const before = `waiting (before ${ctx.stepOf(trace, g.next)}${node === null ? '' : ` on node ${node}`})`;
  const wait = (a: number, b: number): PathSegment => ({ start_ps: a, end_ps: b, resource: 'waiting', step: before, node, record: -1, role: 'waiting', message: 0 });
  if (fill < 0) return [wait(g.start, g.end)];
  const a = Math.max(g.start, trace.t_start_ps[fill]);
  const b = Math.min(g.end, trace.t_end_ps[fill]);
  const filled = pathSegment(trace, ctx, fill, a, b, 'overlap');
  // A host polling in a wait step waits: the time is the resource's it polls, whose step has no record here.
  if (trace.kind[fill] === KIND.host_op && HOST_OP_WAITS.has(trace.value[fill])) {
    filled.resource = 'waiting';
    filled.step = `${filled.step} (the host polls)`;
  }
  const out = [filled];
  if (a > g.start) out.push(wait(g.start, a));
  if (b < g.end) out.push(wait(b, g.end));
  return out;
}

/**
 * The id of the first message (by send time) of the series at `seriesIndex` (its place in workload.series) with
 * `bytes` of payload, from the trace's `message` records; null when there is none.
 */
export function firstMessageOf(trace: TraceColumnsView, seriesIndex: number, bytes: number): number | null {
  return firstMessages(trace).get(`${seriesIndex}:${bytes}`) ?? null;
}

/** The first message (by send time) of every (series index, payload) pair, keyed `${series}:${bytes}`. One scan. */
export function firstMessages(trace: TraceColumnsView): Map<string, number> {
  const first = new Map<string, number>();
  for (let r = 0; r < trace.length; r++) {
    if (trace.kind[r] !== KIND.message) continue;
    const key = `${trace.value[r]}:${trace.bytes[r]}`;
    const seen = first.get(key);
    if (seen === undefined || trace.t_start_ps[r] < trace.t_start_ps[seen]) first.set(key, r);
  }
  return new Map([...first].map(([k, r]) => [k, trace.message[r]]));
}
