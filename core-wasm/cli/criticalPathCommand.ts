/**
 * `npm run sim -- <scenario> --critical-path SERIES:BYTES | MESSAGE_ID | call:SERIES[:N] [--iteration] [--format json]`
 * (issue 38 item 5; PVFS2 I/O calls, issue 37 item 5): runs the scenario on the wasm engine keeping its whole trace,
 * finds the message (the first of the series at that size, or the id) or the N-th I/O call (from 1) of the series'
 * first client, and prints its critical path (core-wasm/js/criticalPath.ts) as a table, or one JSON
 * object {"critical_path": {"message", "unit", "start_us", "end_us", "total_us", "segments": [{"start_us",
 * "end_us", "resource", "step", "node", "role"}], "by_resource_us": {...}, "phases": [...]}}.
 */
import { criticalPath, CriticalPathError, firstMessageOf, PathContext, RESOURCE_CLASSES, RESOURCE_LABELS, type CriticalPath } from '../js/criticalPath';
import { stepTotals } from '../js/pathSteps';
import { ioCalls } from '../js/ioCalls';
import { runKeepingTrace } from '../js/traceRun';
import type { CoreBridge } from '../js/coreBridge';
import { loadWasm } from './engines';

/** What --critical-path names: a series id and a size, a message id, or a series' N-th PVFS2 I/O call (from 1). */
export type PathTarget = { series: string; bytes: number } | { message: number } | { call: string; index: number };

/** Parses --critical-path's value; a string is the refusal. */
export function parsePathTarget(text: string): PathTarget | string {
  if (/^\d+$/.test(text)) return Number(text) > 0 ? { message: Number(text) } : '--critical-path: message ids start at 1';
  const c = /^call:([^:]+)(?::(\d+))?$/.exec(text);
  if (c) return c[2] === undefined || Number(c[2]) > 0 ? { call: c[1], index: c[2] === undefined ? 1 : Number(c[2]) } : '--critical-path: I/O calls count from 1';
  const m = /^(.+):(\d+)$/.exec(text);
  if (!m) return `--critical-path: "${text}" is neither SERIES:BYTES (e.g. portals-put:0), call:SERIES[:N] (e.g. call:iba:3) nor a message id`;
  return { series: m[1], bytes: Number(m[2]) };
}

const us = (ps: number): number => Math.round(ps) / 1e6;

/** The path as the JSON object of issue 38 item 5. */
export function pathJson(path: CriticalPath): object {
  return {
    critical_path: {
      message: path.unit.message,
      unit: path.unit.kind,
      start_us: us(path.start_ps),
      end_us: us(path.end_ps),
      total_us: us(path.end_ps - path.start_ps),
      segments: path.segments.map((s) => ({ start_us: us(s.start_ps), end_us: us(s.end_ps), resource: s.resource, step: s.step, node: s.node, role: s.role })),
      by_resource_us: Object.fromEntries(RESOURCE_CLASSES.map((c) => [c, us(path.by_resource_ps[c])])),
      by_step: stepTotals(path).map((t) => ({ resource: t.resource, step: t.step, us: us(t.ps), segments: t.count })),
      phases: path.phases.map((p) => ({ step: p.step, start_us: us(p.start_ps), end_us: us(p.end_ps) })),
    },
  };
}

/** The path as terminal tables: the segments, then the time per resource. */
export function pathTable(path: CriticalPath, title: string): string {
  const total = path.end_ps - path.start_ps;
  const lines = [`${title}: ${(total / 1e6).toFixed(3)} us, from ${(path.start_ps / 1e6).toFixed(3)} us to ${(path.end_ps / 1e6).toFixed(3)} us`, ''];
  const rows = path.segments.map((s) => [(s.start_ps / 1e6).toFixed(3), (s.end_ps / 1e6).toFixed(3), ((s.end_ps - s.start_ps) / 1e6).toFixed(3), RESOURCE_LABELS[s.resource], s.node === null ? '' : String(s.node), s.step]);
  const header = ['start_us', 'end_us', 'us', 'resource', 'node', 'step'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: string[]) => r.map((c, i) => (i < 3 ? c.padStart(widths[i]) : i === 5 ? c : c.padEnd(widths[i]))).join('  ');
  lines.push(line(header), ...rows.map(line), '', 'time per resource');
  for (const c of RESOURCE_CLASSES)
    if (path.by_resource_ps[c] > 0) lines.push(`  ${RESOURCE_LABELS[c].padEnd(28)} ${(path.by_resource_ps[c] / 1e6).toFixed(3).padStart(9)} us  ${((100 * path.by_resource_ps[c]) / total).toFixed(1).padStart(5)}%`);
  if (path.unit.kind === 'call') {
    lines.push('', 'time per step (the 12 largest)');
    for (const t of stepTotals(path).slice(0, 12))
      lines.push(`  ${(t.ps / 1e6).toFixed(3).padStart(9)} us  ${((100 * t.ps) / total).toFixed(1).padStart(5)}%  ${String(t.count).padStart(4)} x  ${RESOURCE_LABELS[t.resource].padEnd(28)} ${t.step}`);
  }
  if (path.phases.length > 0) {
    lines.push('', 'the sending host\'s steps (seed 002 Table 1\'s rows)');
    for (const p of path.phases) lines.push(`  ${p.step.padEnd(28)} ${((p.end_ps - p.start_ps) / 1e6).toFixed(3).padStart(9)} us`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Runs `scenarioText` and returns the path of `target` (`iteration`: the ping-pong iteration its message starts).
 * Throws an Error whose message names the option for a target the run does not have.
 */
export async function runCriticalPath(scenarioText: string, seriesIds: string[], target: PathTarget, iteration: boolean): Promise<{ path: CriticalPath; title: string }> {
  const named = 'series' in target ? target.series : 'call' in target ? target.call : null;
  const seriesIndex = named === null ? -1 : seriesIds.indexOf(named);
  if (named !== null && seriesIndex < 0) throw new Error(`--critical-path: series "${named}" is not in the scenario (its series: ${seriesIds.join(', ') || 'none'})`);
  const core = await loadWasm();
  if ('call' in target) return callPath(core, scenarioText, seriesIndex, target);
  const run = runKeepingTrace(core, scenarioText);
  const ctx = new PathContext(run.topology);
  const message = 'message' in target ? target.message : firstMessageOf(run.trace, seriesIndex, target.bytes);
  if (message === null && 'series' in target) throw new Error(`--critical-path: the run has no message of series "${target.series}" with ${target.bytes} bytes`);
  const id = message as number;
  try {
    const path = criticalPath(run.trace, ctx, iteration ? { kind: 'iteration', message: id } : { kind: 'message', message: id });
    const what = 'series' in target ? `${target.series}, ${target.bytes} B, message ${id}` : `message ${id}`;
    return { path, title: `critical path of ${iteration ? 'the ping-pong iteration of ' : ''}${what}` };
  } catch (e) {
    if (e instanceof CriticalPathError) throw new Error(`--critical-path: ${e.message}`);
    throw e;
  }
}

/**
 * The path of a series' N-th PVFS2 I/O call of its first client. The run keeps up to 5,000,000 records with no
 * per-run limit (a call's records must all be there); a workload with parts runs one part at a time, up to the one
 * whose trace holds the series' calls (BT-IO's IBA part alone, not the runs before it).
 */
function callPath(core: CoreBridge, scenarioText: string, seriesIndex: number, target: { call: string; index: number }): { path: CriticalPath; title: string } {
  const doc = JSON.parse(scenarioText) as Record<string, unknown>;
  const text = JSON.stringify({ ...doc, trace: { max_records: 5_000_000, max_records_per_run: 0 } });
  const parts = core.parts(text);
  let found = 0;
  for (let k = 0; k < parts; k++) {
    const run = runKeepingTrace(core, text, 1 << 18, parts > 1 ? k : undefined);
    const calls = ioCalls(run.trace).filter((c) => c.series === seriesIndex);
    const mine = calls.filter((c) => c.host === calls[0]?.host);
    found = Math.max(found, mine.length);
    const call = mine[target.index - 1];
    if (!call) continue;
    const ctx = new PathContext(run.topology);
    const path = criticalPath(run.trace, ctx, { kind: 'call', message: 0, call });
    return { path, title: `critical path of I/O call ${target.index} of series ${target.call} (client ${ctx.nameOf(call.host)}${parts > 1 ? `, part ${k + 1} of ${parts} run alone` : ''})` };
  }
  throw new Error(`--critical-path: the run has ${found === 0 ? 'no PVFS2 I/O call' : `only ${found} PVFS2 I/O calls`} of series "${target.call}" in its trace${found === 0 ? ' (I/O calls are a PVFS2 workload\'s)' : ''}`);
}
