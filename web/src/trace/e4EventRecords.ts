/**
 * Decoding of the Elan4 event trace records (core-wasm/src/kernel/trace.h): kind `e4_event_count` — an event
 * primed or set (value = the event's id on its NIC, bytes = count << 16 | remaining) — and kind `e4_event` —
 * what the event processor did when an event fired (value 1 count reached, 2 COPY = a chained DMA, 3 WRITE of a
 * done word, 4 INTERRUPT). Names after REFERENCES §1.2.4 (Elan4 events). Pure.
 */
import { TraceKind } from '../sim/traceKindCodes';

export const E4_EVENT_ACTION_KIND = TraceKind.e4_event;
export const E4_EVENT_COUNT_KIND = TraceKind.e4_event_count;

export interface E4EventCount {
  id: number;
  /** Count the event was primed with (the number of set-events it waits for). */
  count: number;
  /** Set-events still to come before it fires (0 = fired). */
  remaining: number;
}

export function decodeEventCount(value: number, bytes: number): E4EventCount {
  const b = bytes >>> 0;
  return { id: value >>> 0, count: b >>> 16, remaining: b & 0xffff };
}

/** The action names of an `e4_event` record's value. */
export function eventActionName(value: number): string {
  switch (value) {
    case 1: return 'count reached';
    case 2: return 'COPY (chained DMA)';
    case 3: return 'WRITE done word';
    case 4: return 'INTERRUPT';
    default: return `action ${value}`;
  }
}
