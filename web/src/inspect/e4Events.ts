/**
 * The Elan4 events of a NIC at a time (seed 001 "Chained Event"; REFERENCES §1.2.4), rebuilt from the trace's
 * event records (trace/e4EventRecords.ts): each event with its count, the set-events it has had, whether it has
 * fired and which actions its firing ran (COPY of a chained DMA, WRITE of a done word, INTERRUPT). The most recent
 * `keep` events of each NIC are listed, oldest first. Pure; records must be in trace order.
 */
import type { QueueEntryView, QueueOwnerView, QueueRecord, Tone } from './queueModel';
import { E4_EVENT_ACTION_KIND, E4_EVENT_COUNT_KIND, decodeEventCount, eventActionName } from '../trace/e4EventRecords';

export interface E4EventsOptions {
  /** Events listed per NIC (most recent), default 8. */
  keep?: number;
  /** Title of a NIC component, e.g. "Elan4 (rail 0)". */
  nicName?: (component: number) => string;
}

interface EventState {
  id: number;
  count: number;
  remaining: number;
  sets: number;
  message: number;
  actions: string[];
  since_ps: number;
}

/** One owner per NIC component that has event records at or before `t_ps`, in component order. */
export function e4EventsAt(records: readonly QueueRecord[], t_ps: number, options: E4EventsOptions = {}): QueueOwnerView[] {
  const keep = options.keep ?? 8;
  const nicName = options.nicName ?? ((c: number) => `NIC ${c}`);
  const nics = new Map<number, Map<number, EventState>>();
  /** Per NIC: the event that fired last, which the following action records belong to. */
  const lastFired = new Map<number, EventState>();
  for (const r of records) {
    if (r.t_ps > t_ps) break;
    if (r.kind === E4_EVENT_COUNT_KIND) {
      const c = decodeEventCount(r.value, r.bytes);
      let events = nics.get(r.component);
      if (!events) nics.set(r.component, (events = new Map()));
      let e = events.get(c.id);
      const primed = !e || c.remaining === c.count;
      if (!e || primed) {
        events.delete(c.id); // a re-primed event moves to the end, as a new arming
        e = { id: c.id, count: c.count, remaining: c.remaining, sets: 0, message: r.message, actions: [], since_ps: r.t_ps };
        events.set(c.id, e);
      }
      if (!primed) e.sets = e.count - c.remaining;
      e.remaining = c.remaining;
      e.since_ps = r.t_ps;
      if (r.message) e.message = r.message;
      if (c.remaining === 0) lastFired.set(r.component, e);
      while (events.size > keep) events.delete(events.keys().next().value as number);
    } else if (r.kind === E4_EVENT_ACTION_KIND && r.value !== 1) {
      const e = lastFired.get(r.component);
      if (e && e.message === r.message) e.actions.push(eventActionName(r.value));
    }
  }
  const owners: QueueOwnerView[] = [];
  for (const [component, events] of [...nics.entries()].sort((a, b) => a[0] - b[0])) {
    const entries: QueueEntryView[] = [...events.values()].map((e) => {
      const fired = e.remaining === 0;
      const state = fired ? 'fired' : e.sets === 0 ? `primed, count ${e.count}` : `${e.sets} of ${e.count} set`;
      const tone: Tone = fired ? 'done' : e.sets === 0 ? 'pending' : 'active';
      return {
        key: `${component}:${e.id}:${e.since_ps}`,
        label: `event ${e.id}`,
        state,
        stateId: fired ? 'fired' : e.sets === 0 ? 'primed' : 'counting',
        detail: fired ? (e.actions.length > 0 ? e.actions.join(' → ') : 'no action yet') : undefined,
        tone,
        bytes: 0,
        message: e.message,
        since_ps: e.since_ps,
      };
    });
    const last = Math.max(0, ...[...events.values()].map((e) => e.since_ps));
    const waiting = entries.filter((e) => e.stateId !== 'fired').length;
    owners.push({
      key: `e4:${component}`,
      title: nicName(component),
      state: waiting > 0 ? `${waiting} waiting` : 'all fired',
      tone: waiting > 0 ? 'active' : 'done',
      detail: `the last ${entries.length} events armed`,
      queues: [{ key: 'events', title: 'Events', hint: 'primed by the PTL; set by DMA completions and set-event commands', entries }],
      last_ps: last,
    });
  }
  return owners;
}
