/**
 * The PVFS2 storage view's state at the time cursor (seed 000; protocols/pvfs2): each I/O server's flow buffers held
 * (trace kind flow_buffers, of pvfs2.flow_buffers per flow) and its Trove call on the AIO thread (trove_op: write or
 * read, bytes), each client's outstanding I/O requests (client_requests), and the file's simple-stripe layout
 * (strip i on server i mod servers, pvfs2.strip_bytes). Clients are nodes 0 .. clients-1, servers the nodes after
 * them (the core's layout); a node's records are on its host, on whichever network the series ran (the Elan4's
 * hosts, or the InfiniBand's for the PVFS2/IBA series), so the latest record of either counts. Pure.
 */
import type { TraceStore } from '../trace/traceStore';
import type { Topology } from '../../../core-wasm/js/bridgeTypes';
import { TraceKind } from '../sim/traceKindCodes';

export interface ServerState {
  node: number;
  /** Flow buffers the server holds at t, and the most it held in the trace. */
  buffers: number;
  buffersPeak: number;
  /** The Trove call running on its AIO thread at t, or null. */
  trove: { op: 'write' | 'read'; bytes: number } | null;
}

export interface ClientState {
  node: number;
  requests: number;
}

export interface StorageState {
  servers: ServerState[];
  clients: ClientState[];
}

/** Host component ids of each node, on every network of the topology. */
export function hostsByNode(topology: Topology): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const c of topology.components)
    if (c.kind === 'host' && c.node !== undefined) out.set(c.node, [...(out.get(c.node) ?? []), c.id]);
  return out;
}

/** The value of level `kind` at t on any of `hosts` (the latest record of them), 0 before any. */
function levelAt(trace: TraceStore, kind: number, hosts: number[], t_ps: number): number {
  let best = -1;
  for (const h of hosts) {
    const r = trace.lastLevelAtOrBefore(kind, h, t_ps);
    if (r >= 0 && (best < 0 || trace.t_start_ps[r] >= trace.t_start_ps[best])) best = r;
  }
  return best >= 0 ? trace.value[best] : 0;
}

export function storageAt(trace: TraceStore, topology: Topology, clients: number, servers: number, t_ps: number): StorageState {
  const hosts = hostsByNode(topology);
  const trove = new Map<number, { op: 'write' | 'read'; bytes: number }>();
  trace.forEachActive('host_op', t_ps, (r) => {
    if (trace.kind[r] === TraceKind.trove_op)
      trove.set(trace.component[r], { op: trace.value[r] === 2 ? 'read' : 'write', bytes: trace.bytes[r] });
  });
  const out: StorageState = { servers: [], clients: [] };
  for (let n = 0; n < clients; n++)
    out.clients.push({ node: n, requests: levelAt(trace, TraceKind.client_requests, hosts.get(n) ?? [], t_ps) });
  for (let n = clients; n < clients + servers; n++) {
    const mine = hosts.get(n) ?? [];
    const running = mine.map((h) => trove.get(h)).find((x) => x !== undefined) ?? null;
    out.servers.push({
      node: n,
      buffers: levelAt(trace, TraceKind.flow_buffers, mine, t_ps),
      buffersPeak: Math.max(0, ...mine.map((h) => trace.maxLevel(TraceKind.flow_buffers, h))),
      trove: running,
    });
  }
  return out;
}

/** The first `strips` strips of a file in simple-stripe layout: [offset in bytes, server node] each. */
export function stripeLayout(stripBytes: number, clients: number, servers: number, strips: number): [number, number][] {
  return Array.from({ length: strips }, (_, i) => [i * stripBytes, clients + (i % servers)] as [number, number]);
}
