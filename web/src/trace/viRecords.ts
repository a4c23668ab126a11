/**
 * Decoding of the VIA trace records (core-wasm/src/wasm/README.md, kinds `vi_descriptor` and `vi_state`;
 * packing in protocols/via/vi_trace.h) and VIA's names for what they carry: descriptor Control Segment status
 * (Done and error bits), work and completion queues, VI states and asynchronous errors
 * (../shared/REFERENCES.md §1.5; VIA 1.0). Pure.
 */
import { TraceKind } from '../sim/traceKindCodes';

export const VI_DESCRIPTOR_KIND = TraceKind.vi_descriptor;
export const VI_STATE_KIND = TraceKind.vi_state;

/** Queue codes of a kind-60 record. */
export const QueueCode = { sendWork: 0, recvWork: 1, sendCompletion: 2, recvCompletion: 3 } as const;
export type QueueCodeValue = (typeof QueueCode)[keyof typeof QueueCode];

/** Entry state codes of a kind-60 record (≥ 5: an error, 4 + the lowest error bit of the CS status). */
export const EntryCode = { posted: 1, inProgress: 2, complete: 3, dequeued: 4 } as const;

/** Error bits of the CS status word, by bit index (§1.5.2). */
const ERROR_BITS: Record<number, string> = {
  1: 'FORMAT', 2: 'PROTECTION', 3: 'LENGTH', 4: 'PARTIAL', 5: 'DESC_FLUSHED', 6: 'TRANSPORT', 7: 'RDMA_PROT',
  8: 'REMOTE_DESC',
};

export const VI_STATE_NAMES = ['Idle', 'Connect Pending', 'Connected', 'Error'] as const;

/** VIP_ERROR_* asynchronous errors in the core's via::AsyncError order. */
const ASYNC_ERRORS = [
  'POST_DESC', 'CONN_LOST', 'RECVQ_EMPTY', 'VI_OVERRUN', 'RDMAW_PROT', 'RDMAW_DATA', 'RDMAW_ABORT', 'RDMAR_PROT',
  'COMP_PROT', 'RDMA_TRANSPORT', 'CATASTROPHIC',
];

export interface DescriptorChange {
  state: number;
  queue: QueueCodeValue;
  vi: number;
  /** Descriptor number on its work queue (post order), or entry number in its completion queue. */
  number: number;
}

export interface ViStateChange {
  state: number;
  created: boolean;
  vi: number;
  /** VIP_ERROR_* name, or null. */
  asyncError: string | null;
}

export function decodeDescriptor(value: number): DescriptorChange {
  const v = value >>> 0;
  return { state: v & 0xf, queue: ((v >>> 4) & 0x3) as QueueCodeValue, vi: (v >>> 6) & 0x3ff, number: (v >>> 16) & 0x7fff };
}

export function decodeViState(value: number): ViStateChange {
  const v = value >>> 0;
  const err = (v >>> 16) & 0xff;
  return {
    state: v & 0x7,
    created: (v & 0x8) !== 0,
    vi: (v >>> 4) & 0x3ff,
    asyncError: err === 0 ? null : (ASYNC_ERRORS[err - 1] ?? `async error ${err - 1}`),
  };
}

/** True for a state code that sets the Done bit (complete or an error). */
export const isDone = (state: number): boolean => state === EntryCode.complete || state >= 5;
/** True for an error state code (the Done bit and an error bit). */
export const isError = (state: number): boolean => state >= 5;

/** Short name of an entry state code, e.g. "posted", "complete", "error: LENGTH", "flushed". */
export function entryStateName(state: number): string {
  if (state === EntryCode.posted) return 'posted';
  if (state === EntryCode.inProgress) return 'in progress';
  if (state === EntryCode.complete) return 'complete';
  if (state === EntryCode.dequeued) return 'dequeued';
  const bit = ERROR_BITS[state - 4];
  if (bit === 'DESC_FLUSHED') return 'flushed';
  return bit ? `error: ${bit}` : `state ${state}`;
}

/** The CS Status word as VIA names it: "0 (not done)", "Done", "Done + LENGTH". */
export function statusWord(state: number): string {
  if (!isDone(state)) return 'Status 0';
  const bit = ERROR_BITS[state - 4];
  return bit ? `Done + ${bit}` : 'Done';
}

export function viStateName(state: number): string {
  return VI_STATE_NAMES[state] ?? `state ${state}`;
}
