/**
 * A generic "queues with entries and states" model for inspectors (issue 5: registry-driven inspectors of
 * every queue): owners (a VI, a completion-queue set, later an MPI match queue ...) hold queues, queues hold
 * entries in order, each entry with a state. Protocol modules (e.g. inspect/viQueues.ts) build it from trace
 * records; components/QueueInspector.tsx draws any of them. Pure types.
 */

/** How an entry or owner state is drawn: waiting, being worked on, finished, failed, already removed. */
export type Tone = 'pending' | 'active' | 'done' | 'error' | 'gone';

export interface QueueEntryView {
  key: string;
  /** e.g. "desc 3" or "entry 0 → VI 1". */
  label: string;
  /** e.g. "posted", "in progress", "complete", "error: LENGTH". */
  state: string;
  /** Machine-readable state for tests and styling: the same words, kebab-case. */
  stateId: string;
  /** Further words, e.g. the descriptor's CS status "Done + LENGTH", or who removed it. */
  detail?: string;
  tone: Tone;
  /** Byte count (0 when none). */
  bytes: number;
  /** Simulator message id (0 = none). */
  message: number;
  /** Time of the entry's latest change, ps. */
  since_ps: number;
}

export interface QueueView {
  key: string;
  title: string;
  /** The API call that adds entries, e.g. "VipPostSend". */
  hint?: string;
  entries: QueueEntryView[];
}

export interface QueueOwnerView {
  key: string;
  title: string;
  /** e.g. "Connected", "Error (RECVQ_EMPTY)". */
  state: string;
  tone: Tone;
  /** e.g. "SS-VIA on host0". */
  detail?: string;
  queues: QueueView[];
  /** Time of the owner's latest change, ps (owners are listed most recent first). */
  last_ps: number;
}

/** One trace record as the inspectors read it (columns of core-wasm/src/wasm/README.md). */
export interface QueueRecord {
  t_ps: number;
  kind: number;
  component: number;
  message: number;
  bytes: number;
  value: number;
}

/** Kebab-case id of a state name ("error: LENGTH" → "error-length"). */
export const stateId = (state: string): string =>
  state
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
