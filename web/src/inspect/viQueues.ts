/**
 * The VIs of a node at a time, rebuilt from the VIA trace records (vi_descriptor and vi_state, trace/viRecords.ts):
 * for each VI its peer and state (Idle / Connect Pending / Connected / Error), its send and receive work
 * queues with every descriptor in post order (posted, in progress, complete, error or flushed, with its byte
 * count), and each host's send and receive completion queues. A descriptor taken off its queue by
 * VipSendDone / VipRecvDone (or a CQ entry by VipCQDone) is kept, marked "dequeued", for the last
 * `keepDequeued` of each queue so a completion stays visible after the program consumed it.
 * Each ping-pong run creates its VIs afresh (a `created` record): the VI's queues start empty again.
 * Pure; records must be in trace order (by start time, then emission order).
 */
import type { QueueEntryView, QueueOwnerView, QueueRecord, QueueView, Tone } from './queueModel';
import { stateId } from './queueModel';
import {
  EntryCode, QueueCode, VI_DESCRIPTOR_KIND, VI_STATE_KIND, decodeDescriptor, decodeViState, entryStateName, isError,
  statusWord, viStateName,
} from '../trace/viRecords';

export interface ViQueuesOptions {
  /** Dequeued entries kept per queue (most recent), default 2. */
  keepDequeued?: number;
  /** Name of a host component for the owner's detail, e.g. "host0" or "eth-host0 (Fast Ethernet)". */
  hostName?: (component: number) => string;
}

interface Entry {
  number: number;
  state: number;
  /** The last state before "dequeued". */
  finalState: number;
  dequeued: boolean;
  bytes: number;
  message: number;
  since_ps: number;
  vi: number;
}

interface ViRecord {
  component: number;
  vi: number;
  peer: number;
  state: number;
  asyncError: string | null;
  send: Map<number, Entry>;
  recv: Map<number, Entry>;
  last_ps: number;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function toneOf(state: number, dequeued: boolean): Tone {
  if (dequeued) return 'gone';
  if (isError(state)) return 'error';
  if (state === EntryCode.complete) return 'done';
  if (state === EntryCode.inProgress) return 'active';
  return 'pending';
}

function update(map: Map<number, Entry>, key: number, vi: number, r: QueueRecord, state: number): void {
  let e = map.get(key);
  if (!e) {
    e = { number: key, state, finalState: state, dequeued: false, bytes: r.bytes, message: r.message, since_ps: r.t_ps, vi };
    map.set(key, e);
  }
  e.since_ps = r.t_ps;
  if (state === EntryCode.dequeued) {
    e.dequeued = true;
    return;
  }
  e.state = state;
  e.finalState = state;
  e.bytes = r.bytes;
  if (r.message !== 0) e.message = r.message;
}

function entryViews(
  map: Map<number, Entry>,
  keep: number,
  label: (e: Entry) => string,
  removedBy: string,
  descriptors = true,
): QueueEntryView[] {
  const all = [...map.values()].sort((a, b) => a.number - b.number);
  const dequeued = all.filter((e) => e.dequeued);
  const shown = new Set(dequeued.slice(Math.max(0, dequeued.length - keep)));
  return all
    .filter((e) => !e.dequeued || shown.has(e))
    .map((e) => {
      // A CQ entry is only queued, then dequeued; a descriptor keeps its completion state when dequeued.
      const base = descriptors ? entryStateName(e.finalState) : 'queued';
      const state = e.dequeued ? (descriptors ? `${base}, dequeued` : 'dequeued') : base;
      return {
        key: String(e.number),
        label: label(e),
        state,
        stateId: stateId(e.dequeued ? 'dequeued' : base),
        detail: [descriptors ? statusWord(e.finalState) : '', e.dequeued ? `taken by ${removedBy}` : '']
          .filter(Boolean)
          .join(' · ') || undefined,
        tone: toneOf(e.finalState, e.dequeued),
        bytes: e.bytes,
        message: e.message,
        since_ps: e.since_ps,
      };
    });
}

/**
 * Owners (one per VI, most recently changed first, then one "Completion queues" owner per host that has CQ
 * entries) from `records` with t_ps ≤ `t_ps`. Records of other kinds are ignored.
 */
export function viQueuesAt(records: readonly QueueRecord[], t_ps: number, options: ViQueuesOptions = {}): QueueOwnerView[] {
  const keep = options.keepDequeued ?? 2;
  const hostName = options.hostName ?? ((c: number) => `component ${c}`);
  const vis = new Map<string, ViRecord>();
  /** Per host: send and receive CQ entries keyed by `vi:number`. */
  const cqs = new Map<number, { send: Map<number, Entry>; recv: Map<number, Entry>; last_ps: number }>();
  const viOf = (component: number, vi: number): ViRecord => {
    const key = `${component}:${vi}`;
    let v = vis.get(key);
    if (!v) {
      v = { component, vi, peer: -1, state: -1, asyncError: null, send: new Map(), recv: new Map(), last_ps: 0 };
      vis.set(key, v);
    }
    return v;
  };
  const cqOf = (component: number) => {
    let c = cqs.get(component);
    if (!c) cqs.set(component, (c = { send: new Map(), recv: new Map(), last_ps: 0 }));
    return c;
  };
  for (const r of records) {
    if (r.t_ps > t_ps) break;
    if (r.kind === VI_STATE_KIND) {
      const s = decodeViState(r.value);
      if (s.created) {
        vis.delete(`${r.component}:${s.vi}`);
        const cq = cqs.get(r.component);
        if (cq) for (const m of [cq.send, cq.recv]) for (const [k, e] of m) if (e.vi === s.vi) m.delete(k);
      }
      const v = viOf(r.component, s.vi);
      v.state = s.state;
      v.peer = r.bytes;
      v.asyncError = s.asyncError ?? (s.created ? null : v.asyncError);
      v.last_ps = r.t_ps;
    } else if (r.kind === VI_DESCRIPTOR_KIND) {
      const d = decodeDescriptor(r.value);
      if (d.queue === QueueCode.sendWork || d.queue === QueueCode.recvWork) {
        const v = viOf(r.component, d.vi);
        update(d.queue === QueueCode.sendWork ? v.send : v.recv, d.number, d.vi, r, d.state);
        v.last_ps = r.t_ps;
      } else {
        const c = cqOf(r.component);
        update(d.queue === QueueCode.sendCompletion ? c.send : c.recv, d.number, d.vi, r, d.state);
        c.last_ps = r.t_ps;
      }
    }
  }
  const owners: QueueOwnerView[] = [...vis.values()]
    .sort((a, b) => b.last_ps - a.last_ps || a.component - b.component || a.vi - b.vi)
    .map((v) => {
      const stateName = v.state < 0 ? 'unknown' : viStateName(v.state);
      const queues: QueueView[] = [
        { key: 'send', title: 'Send queue', hint: 'VipPostSend', entries: entryViews(v.send, keep, (e) => `desc ${e.number}`, 'VipSendDone') },
        { key: 'recv', title: 'Receive queue', hint: 'VipPostRecv', entries: entryViews(v.recv, keep, (e) => `desc ${e.number}`, 'VipRecvDone') },
      ];
      return {
        key: `vi-${v.component}-${v.vi}`,
        title: `VI ${v.vi}${v.peer >= 0 ? ` ↔ node ${v.peer}` : ''}`,
        state: v.asyncError && v.state === 3 ? `${stateName} (${v.asyncError})` : stateName,
        tone: v.state === 3 ? 'error' : v.state === 2 ? 'done' : 'pending',
        detail: hostName(v.component),
        queues,
        last_ps: v.last_ps,
      };
    });
  for (const [component, c] of [...cqs.entries()].sort((a, b) => b[1].last_ps - a[1].last_ps)) {
    const label = (e: Entry) => `entry ${e.number} → VI ${e.vi}`;
    const queued = [...c.send.values(), ...c.recv.values()].filter((e) => !e.dequeued).length;
    owners.push({
      key: `cq-${component}`,
      title: 'Completion queues',
      state: plural(queued, 'entry', 'entries'),
      tone: queued > 0 ? 'pending' : 'gone',
      detail: hostName(component),
      queues: [
        { key: 'send-cq', title: 'Send CQ', hint: 'VipCQDone', entries: entryViews(c.send, keep, label, 'VipCQDone', false) },
        { key: 'recv-cq', title: 'Receive CQ', hint: 'VipCQDone', entries: entryViews(c.recv, keep, label, 'VipCQDone', false) },
      ],
      last_ps: c.last_ps,
    });
  }
  return owners;
}
