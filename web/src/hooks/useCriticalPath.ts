import { useMemo } from 'react';
import { useTraceVersion } from './useTraceVersion';
import { useTopology } from './useTopology';
import { useRun } from '../run/RunContext';
import { criticalPath, CriticalPathError, PathContext, type CriticalPath } from '../../../core-wasm/js/criticalPath';
import { pathSteps, type PathStep } from '../../../core-wasm/js/pathSteps';
import { callOfMessage } from '../../../core-wasm/js/ioCalls';
import type { PathUnitKind } from '../state/pathUnitStore';

/** The path, its steps and the analysis's time (ms, wall clock: `npm run bench:ui` reads it). */
export type CriticalPathState = { path: CriticalPath; steps: PathStep[]; ms: number } | { error: string } | null;

/**
 * The critical path of `message` (or of the ping-pong iteration it starts, or of the PVFS2 I/O call it belongs to) in
 * the current run's trace (core-wasm/js/criticalPath.ts), recomputed when the trace grows; null with no message; an
 * error the analysis gives (no records yet, not a ping-pong, not in an I/O call) as text.
 */
export function useCriticalPath(message: number | null, unit: PathUnitKind): CriticalPathState {
  const { trace } = useRun();
  const version = useTraceVersion();
  const topology = useTopology();
  const ctx = useMemo(() => (topology ? new PathContext(topology) : null), [topology]);
  return useMemo(() => {
    if (message === null || !ctx || trace.length === 0) return null;
    try {
      const t0 = performance.now();
      let path: CriticalPath;
      if (unit === 'call') {
        const call = callOfMessage(trace, ctx, message);
        if (!call) return { error: `message ${message} is in no PVFS2 I/O call of the trace` };
        path = criticalPath(trace, ctx, { kind: 'call', message: 0, call });
      } else path = criticalPath(trace, ctx, { kind: unit, message });
      const steps = pathSteps(trace, path);
      return { path, steps, ms: performance.now() - t0 };
    } catch (e) {
      if (e instanceof CriticalPathError) return { error: e.message };
      throw e;
    }
    // version: the trace store (outside React) grew
  }, [trace, ctx, message, unit, version]);
}
