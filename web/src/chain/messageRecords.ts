/**
 * Copies a message's trace records (all kinds with its id) plus the host_wake records ( which carry no
 * message id) of the two nodes' hosts within the message's span, for the event chain. Scans the columns once
 * (O(n)); only the one selected message's records are copied.
 */
import type { TraceStore } from '../trace/traceStore';
import type { ChainRecord } from './chainTypes';
import type { TopologyIndex } from '../trace/topologyIndex';
import { TraceKind } from '../sim/traceKindCodes';

const record = (t: TraceStore, r: number): ChainRecord => ({
  row: r, t_start_ps: t.t_start_ps[r], t_end_ps: t.t_end_ps[r], kind: t.kind[r], component: t.component[r],
  message: t.message[r], bytes: t.bytes[r], value: t.value[r],
});

export interface MessageRecords {
  records: ChainRecord[];
  /** The message's own records span, ps. */
  from_ps: number;
  to_ps: number;
  /** Cluster nodes whose components the message touched, ascending. */
  nodes: number[];
}

export function messageRecords(trace: TraceStore, topo: TopologyIndex, message: number): MessageRecords {
  const records: ChainRecord[] = [];
  let from = Infinity;
  let to = -Infinity;
  const nodes = new Set<number>();
  for (let r = 0; r < trace.length; r++) {
    if (trace.message[r] !== message) continue;
    if (trace.kind[r] !== TraceKind.message) records.push(record(trace, r));
    from = Math.min(from, trace.t_start_ps[r]);
    to = Math.max(to, trace.t_end_ps[r], trace.t_start_ps[r]);
    const n = topo.nodeOf.get(trace.component[r]);
    if (n !== undefined) nodes.add(n);
  }
  if (records.length === 0) return { records, from_ps: 0, to_ps: 0, nodes: [] };
  const hosts = new Set([...nodes].map((n) => topo.host.get(n)).filter((h): h is number => h !== undefined));
  for (let r = 0; r < trace.length; r++) {
    if (trace.kind[r] === TraceKind.host_wake && hosts.has(trace.component[r]) && trace.t_start_ps[r] >= from && trace.t_start_ps[r] <= to) {
      records.push(record(trace, r));
    }
  }
  return { records, from_ps: from, to_ps: to, nodes: [...nodes].sort((a, b) => a - b) };
}
