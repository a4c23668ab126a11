/**
 * Two readings of a critical path (core-wasm/js/criticalPath.ts) for its views: the steps on it, one row per record
 * (the page's step table), and the time per kind of step (a PVFS2 I/O call's hundreds of segments summed by what
 * they were: the CLI's `by_step`, the page's step totals). Pure; no DOM.
 */
import type { TraceColumnsView } from './bridgeTypes';
import type { CriticalPath, ResourceClass } from './criticalPath';

/** A record on the path (or a wait): its time on the path and its whole span (ps). */
export interface PathStep {
  record: number;
  step: string;
  resource: ResourceClass;
  node: number | null;
  /** Time the path spends in it. */
  ps: number;
  /** The record's whole span (the step's own time, e.g. a NIC thread step that waits for its DMA); a wait's = ps. */
  record_ps: number;
}

/** Segments merged into one row per record, in order of first appearance: what the path's step list shows. */
export function pathSteps(trace: TraceColumnsView, path: CriticalPath): PathStep[] {
  const rows = new Map<string, PathStep>();
  for (const s of path.segments) {
    const key = s.record >= 0 ? `r${s.record}` : `w${s.start_ps}`;
    const row = rows.get(key);
    const ps = s.end_ps - s.start_ps;
    if (row) row.ps += ps;
    else {
      const record_ps = s.record >= 0 ? trace.t_end_ps[s.record] - trace.t_start_ps[s.record] : ps;
      rows.set(key, { record: s.record, step: s.step, resource: s.resource, node: s.node, ps, record_ps });
    }
  }
  return [...rows.values()];
}

/** A kind of step on a path with the time it took there in all (stepTotals). */
export interface StepTotal {
  resource: ResourceClass;
  /** The step's name without the message it served ("PCI-X DMA read", "waiting for pcix7 (busy)", "AIO pread / pwrite"). */
  step: string;
  ps: number;
  /** Segments summed. */
  count: number;
}

/**
 * The path's time by kind of step, largest first: what a long path (a PVFS2 I/O call's hundreds of segments) spent
 * its time on. Message numbers are dropped from the names, so one kind of step sums over every message it served.
 */
export function stepTotals(path: CriticalPath): StepTotal[] {
  const totals = new Map<string, StepTotal>();
  for (const s of path.segments) {
    const step = s.step
      .replace(/^message \d+'s /, '')
      .replace(/ \(queued behind it\)$/, '')
      .replace(/ \(busy with message \d+\)$/, ' (busy)')
      .replace(/ on node \d+\)$/, ')');
    const key = `${s.resource}\u0000${step}`;
    const t = totals.get(key);
    if (t) {
      t.ps += s.end_ps - s.start_ps;
      t.count++;
    } else totals.set(key, { resource: s.resource, step, ps: s.end_ps - s.start_ps, count: 1 });
  }
  return [...totals.values()].sort((a, b) => b.ps - a.ps);
}
