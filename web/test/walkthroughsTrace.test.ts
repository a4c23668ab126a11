/**
 * The walkthroughs of MPICH-QsNet (seed 001), SCI-MPICH, M-VIA and TCP/IP (seed 003) against the real core (Node
 * wasm build): at every step's time the trace must show what the step's text says, e.g. "a PIO write of this
 * message on PCI", "a packet of it on a link", "the NIC thread matching", "in the kernel between the last DMA and
 * the receive's return". A step whose time drifts away from its event (a model change) fails here.
 *
 * Witnesses name trace kinds (core-wasm/src/kernel/trace.h) and messages relative to the step's anchor:
 * `m0` = the anchor message, `m1` = the next message of the same series and size (the reply).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { loadWasm } from '../../core-wasm/cli/engines.ts';
import { TraceKind, isPacketKind } from '../src/sim/traceKindCodes.ts';
import { TraceStore } from '../src/trace/traceStore.ts';
import { stepTime_ps } from '../src/walkthrough/stepTime.ts';
import type { Scenario } from '../../core-wasm/js/scenarioTypes.ts';

type Reply = 'm0' | 'm1';
/** A message relative to the anchor, or 0 (records of no message, e.g. posting a receive). */
type MessageRef = Reply | 0;
type Witness =
  | { host: 'initiator' | 'target'; op: 'post-receive' | 'send' | 'wait-send' | 'wait-arrival' }
  | { pci: 'dma-read' | 'dma-write' | 'pio-read' | 'pio-write'; message: MessageRef }
  | { packet: MessageRef }
  | { thread: 'wake' | 'match' | 'program-rdma'; message: MessageRef }
  | { e4event: 'copy' | 'write'; message: MessageRef }
  /** In the kernel or host software of the receiver: after the message's last hardware record, before it is received. */
  | { software: Reply }
  /** The message has just been received (within 1 µs). */
  | { received: Reply };

const HOST_OP = { 'post-receive': 1, send: 2, 'wait-send': 3, 'wait-arrival': 4 } as const;
const PCI_OP = { 'dma-read': 0, 'dma-write': 1, 'pio-read': 2, 'pio-write': 3 } as const;
const THREAD_STEP = { wake: 1, match: 4, 'program-rdma': 9 } as const;
const E4_ACTION = { copy: 2, write: 3 } as const;
const HARDWARE_KINDS = new Set([1, 2, 3, 4, 5, 10, 20, 21]);

const EXPECTED: Record<string, { file: string; steps: Witness[] }> = {
  'm-via-kernel': {
    file: 'via-sci-pingpong',
    steps: [
      { host: 'initiator', op: 'send' }, { pci: 'pio-write', message: 'm0' }, { pci: 'dma-read', message: 'm0' },
      { packet: 'm0' }, { pci: 'dma-write', message: 'm0' }, { software: 'm0' }, { received: 'm0' },
    ],
  },
  'tcp-fast-ethernet': {
    file: 'via-sci-pingpong',
    steps: [
      { host: 'initiator', op: 'send' }, { host: 'initiator', op: 'send' }, { pci: 'pio-write', message: 'm0' },
      { packet: 'm0' }, { pci: 'dma-write', message: 'm0' }, { software: 'm0' }, { received: 'm0' },
    ],
  },
  'sci-mpich-short': {
    file: 'via-sci-pingpong',
    steps: [
      { host: 'initiator', op: 'send' }, { pci: 'pio-write', message: 'm0' }, { packet: 'm0' },
      { pci: 'dma-write', message: 'm0' }, { pci: 'pio-read', message: 'm0' }, { host: 'target', op: 'wait-arrival' },
    ],
  },
  'mpich-qsnet-nic-matching': {
    file: 'ompi-elan4-progress',
    steps: [
      { pci: 'pio-write', message: 0 }, { pci: 'pio-write', message: 'm1' }, { packet: 'm1' },
      { thread: 'match', message: 'm1' }, { packet: 'm1' }, { pci: 'dma-write', message: 'm1' },
      { e4event: 'copy', message: 'm1' },
    ],
  },
};

const traces = new Map<string, Promise<TraceStore>>();

/** The whole scenario's trace, as the page runs it (a run with fewer sizes or series can place a message differently). */
function traceOf(file: string, scenario: Scenario): Promise<TraceStore> {
  if (!traces.has(file)) traces.set(file, runTrace(scenario));
  return traces.get(file)!;
}

function load(file: string): Scenario {
  return JSON.parse(readFileSync(new URL(`../../scenarios/${file}.json`, import.meta.url), 'utf8')) as Scenario;
}

/** Runs `scenario` in the wasm core; returns its whole trace. */
async function runTrace(scenario: Scenario): Promise<TraceStore> {
  const core = await loadWasm();
  const store = new TraceStore();
  core.runToEnd(JSON.stringify(scenario), 1 << 18, (batch) => store.append(batch));
  return store;
}

/** Message records (kind 40) of series index `series` and `bytes`, in start order (ties: record order). */
function messageRecords(trace: TraceStore, series: number, bytes: number): number[] {
  const out: number[] = [];
  for (let r = 0; r < trace.length; r++) if (trace.kind[r] === TraceKind.message && trace.value[r] === series && trace.bytes[r] === bytes) out.push(r);
  return out.sort((a, b) => trace.t_start_ps[a] - trace.t_start_ps[b] || a - b);
}

function activeAt(trace: TraceStore, t: number, pred: (r: number) => boolean): boolean {
  for (let r = 0; r < trace.length; r++) if (trace.t_start_ps[r] <= t && t <= trace.t_end_ps[r] && pred(r)) return true;
  return false;
}

for (const [id, expected] of Object.entries(EXPECTED)) {
  test(`walkthrough ${id}: each step's time shows what its text says`, async () => {
    const scenario = load(expected.file);
    const walkthrough = scenario.walkthroughs?.find((w) => w.id === id);
    assert.ok(walkthrough, `${id} is not in scenarios/${expected.file}.json`);
    assert.equal(walkthrough!.steps.length, expected.steps.length);
    assert.ok(expected.steps.length >= 4 && expected.steps.length <= 7, '4 to 7 steps');
    for (const s of walkthrough!.steps) assert.match(s.cite ?? '', /Seed 00[13] '|REFERENCES §1\.[256]/, `"${s.text.slice(0, 40)}" is not cited`);
    const trace = await traceOf(expected.file, scenario);
    const seriesIndex = scenario.workload.series.findIndex((s) => s.id === walkthrough!.steps[0].message?.series);
    assert.ok(seriesIndex >= 0 && walkthrough!.steps.every((s) => s.message?.series === scenario.workload.series[seriesIndex].id));
    walkthrough!.steps.forEach((step, i) => {
      const where = `${id} step ${i + 1} ("${step.text.slice(0, 50)}…")`;
      const t = stepTime_ps(step, scenario, trace);
      assert.ok(t !== null, `${where}: anchor not in the trace`);
      const list = messageRecords(trace, seriesIndex, step.message!.bytes!);
      const k = step.message!.index ?? 0;
      const rec = { m0: list[k], m1: list[k + 1] };
      // The ping-pong's hosts: the anchor (a ping) is received by the target, the reply by the initiator.
      const hostOf = { target: trace.component[list[0]], initiator: trace.component[list[1]] };
      const msg = (m: MessageRef) => (m === 0 ? 0 : trace.message[rec[m]]);
      const w = expected.steps[i];
      if ('host' in w) {
        assert.ok(activeAt(trace, t!, (r) => trace.kind[r] === TraceKind.host_op && trace.component[r] === hostOf[w.host] && trace.value[r] === HOST_OP[w.op]),
          `${where}: the ${w.host}'s host is not in ${w.op}`);
      } else if ('pci' in w) {
        assert.ok(activeAt(trace, t!, (r) => trace.kind[r] === TraceKind.pci_transaction && trace.value[r] === PCI_OP[w.pci] && trace.message[r] === msg(w.message)),
          `${where}: no ${w.pci} on PCI`);
      } else if ('packet' in w) {
        assert.ok(activeAt(trace, t!, (r) => isPacketKind(trace.kind[r]) && trace.message[r] === msg(w.packet)),
          `${where}: no packet of the message on a link`);
      } else if ('thread' in w) {
        assert.ok(activeAt(trace, t!, (r) => trace.kind[r] === TraceKind.nic_thread && trace.value[r] === THREAD_STEP[w.thread] && trace.message[r] === msg(w.message)),
          `${where}: the NIC thread is not in ${w.thread}`);
      } else if ('e4event' in w) {
        assert.ok(activeAt(trace, t!, (r) => trace.kind[r] === TraceKind.e4_event && trace.value[r] === E4_ACTION[w.e4event] && trace.message[r] === msg(w.message)),
          `${where}: no Elan4 ${w.e4event} event`);
      } else if ('software' in w) {
        const m = msg(w.software);
        let lastHardware = -Infinity;
        for (let r = 0; r < trace.length; r++) if (HARDWARE_KINDS.has(trace.kind[r]) && trace.message[r] === m) lastHardware = Math.max(lastHardware, trace.t_end_ps[r]);
        assert.ok(t! > lastHardware && t! < trace.t_end_ps[rec[w.software]], `${where}: not between the last DMA (${lastHardware}) and the receive`);
      } else {
        const end = trace.t_end_ps[rec[w.received]];
        assert.ok(t! >= end && t! - end < 1e6, `${where}: ${t} is not just after the receive at ${end}`);
      }
    });
  });
}
