import { useEffect, useState } from 'react';
import { useRun } from '../run/RunContext';
import { useRunStatus } from './useRunStatus';
import { useTopology } from './useTopology';
import { useTraceVersion } from './useTraceVersion';
import { criticalPath, CriticalPathError, firstMessages, PathContext, type ResourceClass } from '../../../core-wasm/js/criticalPath';

/** One size of one series: the iteration's time per resource, halved (one way, as the latency chart plots it). */
export interface SizeStack {
  bytes: number;
  /** ps per resource class for one way (the iteration's ÷ 2). */
  by_resource_ps: Record<ResourceClass, number>;
  message: number;
}

/**
 * For a finished ping-pong run: per series (by index), per message size, the critical path of the first iteration at
 * that size split by resource (core-wasm/js/criticalPath.ts), halved to one way. Computed a few paths per task
 * (each scans the trace) so the page stays responsive; `done` says how many of `total` are in.
 */
export function usePathsBySize(seriesCount: number, sizes: readonly number[], enabled: boolean): { stacks: SizeStack[][]; done: number; total: number } {
  const { trace } = useRun();
  const version = useTraceVersion();
  const status = useRunStatus();
  const topology = useTopology();
  const total = seriesCount * sizes.length;
  const [state, setState] = useState<{ stacks: SizeStack[][]; done: number }>({ stacks: [], done: 0 });
  useEffect(() => {
    // Only a real change is an update: a reset of an empty state would re-render for nothing.
    setState((s) => (s.stacks.length === 0 && s.done === 0 ? s : { stacks: [], done: 0 }));
    if (!enabled || status !== 'finished' || !topology || total === 0) return;
    const ctx = new PathContext(topology);
    const first = firstMessages(trace);
    const stacks: SizeStack[][] = Array.from({ length: seriesCount }, () => []);
    let i = 0;
    let timer = 0;
    const step = () => {
      const until = performance.now() + 12;
      while (i < total && performance.now() < until) {
        const s = Math.floor(i / sizes.length);
        const bytes = sizes[i % sizes.length];
        i++;
        const message = first.get(`${s}:${bytes}`);
        if (message === undefined) continue;
        try {
          const path = criticalPath(trace, ctx, { kind: 'iteration', message });
          const half = Object.fromEntries(Object.entries(path.by_resource_ps).map(([k, v]) => [k, v / 2])) as Record<ResourceClass, number>;
          stacks[s].push({ bytes, by_resource_ps: half, message });
        } catch (e) {
          if (!(e instanceof CriticalPathError)) throw e;
        }
      }
      setState({ stacks: stacks.map((x) => [...x]), done: i });
      if (i < total) timer = window.setTimeout(step, 0);
    };
    timer = window.setTimeout(step, 0);
    return () => window.clearTimeout(timer);
    // version: the trace store (outside React) grew
  }, [trace, version, status, topology, seriesCount, sizes, enabled, total]);
  return { ...state, total };
}
