/**
 * A run of a scenario whose workload has independent parts (core-wasm/app/run/session.h: the NAS campaign's
 * benchmark x transport runs, BT-IO's runs) on several simulation workers at once (issue 39 item 5), behind the one
 * worker interface a RunController drives (run/runController.ts), so the controller and the views do not know the
 * difference. It asks its first worker how many parts the scenario has (`parts`); with fewer than two it hands that
 * worker the run as it is. Otherwise each worker runs one part at a time (`start` with `part`), the next part going
 * to the first worker free, and this posts what one serial run would:
 * - `trace`: each part's batches offset into the run's time, message ids and record numbers (as the core's
 *   TraceBuffer::set_batch_offsets does in a serial run), in part order: a part's batches wait until every earlier
 *   part has ended, and the run's trace cap (`trace.max_records`) cuts them where the serial run's would;
 * - `progress`: events of every part, the time the ordered trace has reached, the share of parts done;
 * - `done`: the merged result (`merge`, core-wasm/app/run/session.cc Session::merge): the same result JSON and
 *   fingerprint as the serial run's, whatever the number of workers;
 * - `message` replies from the worker that ran the message's part, with the run's message id.
 * A worker's error, or a part stopped by the memory budget, fails the run; `terminate` ends every worker.
 */
import type { FromWorker, ToWorker, TraceBatch } from '../../../core-wasm/js/bridgeTypes';
import type { SimWorker } from './runController';

/**
 * The order parts start in: the first, so the run's start plays at once, then the others from the last. A scenario
 * lists its baselines last, and the baselines are its slowest runs (BT-IO's PVFS2/IBA run is 4.9 s of its 10.3 s
 * natively: bmi_ib registers every list segment); started last, such a run would end alone, long after the others.
 * On 2 workers BT-IO's parts then end within 1.03 x their total time / 2 instead of 1.45 x (the NAS campaign's:
 * 1.02 x instead of 1.00 x). The order never changes the result: the parts merge in part order.
 */
export function partOrder(parts: number): number[] {
  return parts <= 0 ? [] : [0, ...Array.from({ length: parts - 1 }, (_, i) => parts - 1 - i)];
}

/** The scenario's trace cap when it sets none (core-wasm/src/scenario/scenario.h trace_max_records). */
const DEFAULT_MAX_RECORDS = 1_000_000;

/** What a finished part's result text says of its place in the run (Session::part_result_json). */
interface PartOutcome {
  end_ps: number;
  events: number;
  messages: number;
  records: number;
  gap_ps: number;
  bounded?: { reason: string; memory_mib?: number };
  /** The part went idle before its end (a protocol deadlock): the run stops there, as a serial run does. */
  stalled?: string;
}

interface PartState {
  worker: number;
  /** Batches that arrived before every earlier part had ended. */
  waiting: TraceBatch[];
  events: number;
  now_ps: number;
  fraction: number;
  resultText: string | null;
  outcome: PartOutcome | null;
}

type Start = Extract<ToWorker, { type: 'start' }>;

export class PartsWorker implements SimWorker {
  onmessage: ((e: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((e: ErrorEvent) => void) | null = null;
  private readonly workers: SimWorker[] = [];
  private terminated = false;
  private parts: PartState[] = [];
  private nextPart = 0;
  /** The earliest part not yet ended, and where it lies in the run: its origin and the ids and records before it. */
  private frontier = 0;
  private origin = 0;
  private messagesBefore = 0;
  private recordsBefore = 0;
  private maxRecords = DEFAULT_MAX_RECORDS;
  /** The part each worker runs now. */
  private readonly running: number[] = [];
  /** Records posted of each part (the trace cap counts them). */
  private readonly recordsPosted: number[] = [];
  /** The scenario has fewer than two parts: the first worker runs it as it is, and its messages pass through. */
  private serial = false;
  private startMessage: Start | null = null;
  /** Set once the run's result is being merged: later parts' messages are not the run's. */
  private ended = false;
  private readyPosted = false;
  private topologyPosted = false;
  private failed = false;
  private nextRequestId = 1;
  /** Our request id -> the controller's (message lookups) or a callback (parts, merge). */
  private readonly requests = new Map<number, (m: FromWorker) => void>();

  /** `createWorker`: a real simulation worker; `workers`: at most this many at once (navigator.hardwareConcurrency). */
  constructor(
    private readonly createWorker: () => SimWorker,
    private readonly maxWorkers: number,
  ) {}

  postMessage(message: ToWorker): void {
    if (this.terminated) return;
    if (message.type === 'start') this.start(message);
    else if (message.type === 'message') this.lookup(message.requestId, message.message);
    else if (message.type === 'cancel') this.terminate();
    else this.worker(0).postMessage(message);  // check, parts, merge: any worker's core answers
  }

  terminate(): void {
    if (this.terminated) return;
    this.terminated = true;
    for (const w of this.workers) w.terminate();
  }

  private emit(message: FromWorker): void {
    if (!this.terminated) this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }

  /** Worker `i`, created on first use, its messages handled as part `part()`'s (the part it runs now). */
  private worker(i: number): SimWorker {
    while (this.workers.length <= i) {
      const index = this.workers.length;
      const w = this.createWorker();
      w.onmessage = (e) => this.fromWorker(index, e.data);
      w.onerror = (e) => {
        if (this.terminated) return;
        this.onerror?.(e);
      };
      this.workers.push(w);
    }
    return this.workers[i];
  }

  /** A request to worker `i` whose reply goes to `reply`. */
  private ask(i: number, build: (requestId: number) => ToWorker, reply: (m: FromWorker) => void): void {
    const requestId = this.nextRequestId++;
    this.requests.set(requestId, reply);
    this.worker(i).postMessage(build(requestId));
  }

  private start(m: Start): void {
    const { scenarioText, wasmUrl } = m;
    try {
      const max = (JSON.parse(scenarioText) as { trace?: { max_records?: number } }).trace?.max_records;
      if (typeof max === 'number') this.maxRecords = max;
    } catch { /* the core refuses it, in its words */ }
    this.ask(0, (requestId) => ({ type: 'parts', requestId, scenarioText, wasmUrl }), (reply) => {
      const count = reply.type === 'parts' ? reply.count : -1;
      if (count < 2) {
        this.serial = true;
        this.worker(0).postMessage(m);  // one part (or refused: the worker says why)
        return;
      }
      this.parts = Array.from({ length: count }, () => ({ worker: -1, waiting: [], events: 0, now_ps: 0, fraction: 0, resultText: null, outcome: null }));
      this.startMessage = m;
      for (let i = 0; i < Math.min(this.maxWorkers, count); i++) this.startNext(i, m);
    });
  }

  /** Worker `i` takes the next part, if any. */
  private startNext(i: number, m: Start): void {
    if (this.nextPart >= this.parts.length) return;
    const part = partOrder(this.parts.length)[this.nextPart++];
    this.parts[part].worker = i;
    this.running[i] = part;
    this.worker(i).postMessage({ ...m, part });
  }

  private fromWorker(i: number, m: FromWorker): void {
    if (this.terminated || this.failed) return;
    if ((m.type === 'message' || m.type === 'parts' || m.type === 'merged' || m.type === 'checked') && this.requests.has(m.requestId)) {
      const reply = this.requests.get(m.requestId)!;
      this.requests.delete(m.requestId);
      reply(m);
      return;
    }
    if (this.serial || m.type === 'checked') {
      this.emit(m);
      return;
    }
    if (this.ended) return;
    const k = this.running[i];
    const part = this.parts[k];
    switch (m.type) {
      case 'ready':
        if (!this.readyPosted) this.emit(m);
        this.readyPosted = true;
        break;
      case 'topology':
        if (!this.topologyPosted) this.emit(m);
        this.topologyPosted = true;
        break;
      case 'trace':
        if (k === this.frontier) this.postBatch(m.batch);
        else part.waiting.push(m.batch);
        break;
      case 'progress':
        part.events = m.events;
        part.now_ps = m.now_ps;
        part.fraction = m.fraction;
        this.postProgress();
        break;
      case 'done':
        this.partDone(i, k, m.resultText, m.events);
        break;
      case 'error':
        this.failed = true;
        this.emit(m);
        this.terminate();
        break;
      default:
        break;
    }
  }

  private partDone(i: number, k: number, resultText: string, events: number): void {
    const part = this.parts[k];
    let outcome: PartOutcome;
    try {
      outcome = JSON.parse(resultText) as PartOutcome;
    } catch {
      outcome = { end_ps: 0, events, messages: 0, records: 0, gap_ps: 0 };
    }
    if (outcome.bounded) {
      this.failed = true;
      this.emit({
        type: 'error', phase: 'run',
        message: `Part ${k + 1} of ${this.parts.length} stopped at the memory budget (${outcome.bounded.memory_mib ?? '?'} MiB) while ${this.workers.length} ran at once.`,
      });
      this.terminate();
      return;
    }
    part.resultText = resultText;
    part.outcome = outcome;
    part.events = outcome.events;
    part.fraction = 1;
    // Every part ended up to here: place the next one after it and post what it computed meanwhile.
    while (this.frontier < this.parts.length && this.parts[this.frontier].outcome) {
      const done = this.parts[this.frontier].outcome!;
      if (done.stalled) {  // a serial run stops at this part: so does this one, with the parts up to it
        this.ended = true;
        this.merge(i, this.frontier + 1);
        return;
      }
      this.origin += done.end_ps + done.gap_ps;
      this.messagesBefore += done.messages;
      this.recordsBefore += Math.min(done.records, Math.max(0, this.maxRecords - this.recordsBefore));
      this.frontier++;
      if (this.frontier < this.parts.length) {
        const next = this.parts[this.frontier];
        for (const batch of next.waiting) this.postBatch(batch);
        next.waiting = [];
      }
    }
    this.postProgress();
    this.startNext(i, this.startMessage!);
    if (this.frontier === this.parts.length) this.merge(i, this.parts.length);
  }

  /** A batch of the frontier part, offset into the run and cut at the trace cap. */
  private postBatch(batch: TraceBatch): void {
    const room = Math.max(0, this.maxRecords - this.recordsBefore - (this.recordsPosted[this.frontier] ?? 0));
    const n = Math.min(batch.n, room);
    if (n === 0) return;
    const cut = <T extends Float64Array | Uint32Array | Int32Array>(a: T): T => (n < batch.n ? (a.slice(0, n) as T) : a);
    const out: TraceBatch = {
      n,
      t_start_ps: cut(batch.t_start_ps), t_end_ps: cut(batch.t_end_ps), kind: cut(batch.kind), component: cut(batch.component),
      message: cut(batch.message), bytes: cut(batch.bytes), value: cut(batch.value), cause: cut(batch.cause),
    };
    for (let r = 0; r < n; r++) {
      out.t_start_ps[r] += this.origin;
      out.t_end_ps[r] += this.origin;
      if (out.message[r] !== 0) out.message[r] += this.messagesBefore;
      if (out.cause[r] !== 0) out.cause[r] += this.recordsBefore;
    }
    this.recordsPosted[this.frontier] = (this.recordsPosted[this.frontier] ?? 0) + n;
    this.emit({ type: 'trace', batch: out });
  }

  private postProgress(): void {
    const events = this.parts.reduce((sum, p) => sum + p.events, 0);
    const fraction = this.parts.reduce((sum, p) => sum + Math.max(0, p.fraction), 0) / this.parts.length;
    const front = this.parts[this.frontier];
    const now_ps = this.origin + (front && !front.outcome ? front.now_ps : 0);
    this.emit({ type: 'progress', now_ps, events, fraction });
  }

  /** Every part ended (or the first `count` with a stalled one last): worker `i` merges their results into the run's. */
  private merge(i: number, count: number): void {
    const m = this.startMessage!;
    const parts = this.parts.slice(0, count).map((p) => p.resultText!);
    this.ask(i, (requestId) => ({ type: 'merge', requestId, scenarioText: m.scenarioText, wasmUrl: m.wasmUrl, parts }), (reply) => {
      if (reply.type !== 'merged' || reply.resultText === null) {
        this.failed = true;
        this.emit({ type: 'error', phase: 'run', message: `The parts' results could not be merged: ${reply.type === 'merged' ? reply.error : 'no reply'}` });
        this.terminate();
        return;
      }
      const last = this.parts[count - 1].outcome!;
      // The last part's end in the run's time (the frontier stopped at a stalled part before passing it).
      const now_ps = count === this.parts.length ? this.origin - last.gap_ps : this.origin + last.end_ps;
      const events = this.parts.slice(0, count).reduce((sum, p) => sum + p.events, 0);
      this.emit({ type: 'done', resultText: reply.resultText, now_ps, events });
    });
  }

  /** A message lookup by the run's message id: asked of the worker that ran its part, by the part's own id. */
  private lookup(requestId: number, message: number): void {
    if (this.serial || this.parts.length === 0) {
      this.ask(0, (id) => ({ type: 'message', requestId: id, message }), (reply) => this.emit(reply.type === 'message' ? { ...reply, requestId } : { type: 'message', requestId, json: null }));
      return;
    }
    let before = 0;
    for (let k = 0; k < this.parts.length; k++) {
      const o = this.parts[k].outcome;
      if (!o) break;
      if (message > before && message <= before + o.messages) {
        this.ask(this.parts[k].worker, (id) => ({ type: 'message', requestId: id, message: message - before, part: k }), (reply) => {
          let json = reply.type === 'message' ? reply.json : null;
          if (json && json !== '{}' && before > 0) {
            try {
              json = JSON.stringify({ ...(JSON.parse(json) as object), message });
            } catch { /* as the core wrote it */ }
          }
          this.emit({ type: 'message', requestId, json });
        });
        return;
      }
      before += o.messages;
    }
    this.emit({ type: 'message', requestId, json: '{}' });
  }
}
