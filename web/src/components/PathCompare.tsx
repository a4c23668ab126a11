/**
 * In Compare (issue 38 item 2): the time per resource of run A's path beside run B's, with their differences. Run B's
 * unit is the first message (or its iteration) of the same series id and payload as run A's picked message.
 */
import { useMemo } from 'react';
import { useStore } from 'zustand';
import { compareRun } from '../run/runs';
import { useCompareStore } from '../state/compareStore';
import { useScenario } from '../hooks/useScenario';
import { criticalPath, CriticalPathError, firstMessages, PathContext, RESOURCE_CLASSES, RESOURCE_LABELS, type CriticalPath } from '../../../core-wasm/js/criticalPath';
import type { MessageEntry } from '../chain/messageList';

const us = (ps: number) => (ps / 1e6).toFixed(3);

export function PathCompare({ pathA, entry }: { pathA: CriticalPath; entry: MessageEntry | undefined }) {
  const spec = useCompareStore((s) => s.spec);
  const scenarioA = useScenario();
  const status = useStore(compareRun.store, (s) => s.status);
  const topology = useStore(compareRun.store, (s) => s.topology);
  const scenarioB = useStore(compareRun.store, (s) => s.scenario);
  const version = useStore(compareRun.store, (s) => s.traceVersion);
  const b = useMemo((): { path: CriticalPath } | { error: string } | null => {
    if (!spec || status !== 'finished' || !topology || !scenarioB || !entry) return null;
    const seriesId = scenarioA.workload.series[entry.seriesIndex]?.id;
    const indexB = scenarioB.workload.series.findIndex((s) => s.id === seriesId);
    const message = firstMessages(compareRun.trace).get(`${indexB}:${entry.bytes}`);
    if (indexB < 0 || message === undefined) return { error: `run B has no ${seriesId ?? 'such'} message of ${entry.bytes} B` };
    try {
      return { path: criticalPath(compareRun.trace, new PathContext(topology), { kind: pathA.unit.kind === 'iteration' ? 'iteration' : 'message', message }) };
    } catch (e) {
      if (e instanceof CriticalPathError) return { error: e.message };
      throw e;
    }
    // version: run B's trace store (outside React) grew
  }, [spec, status, topology, scenarioB, entry, scenarioA, pathA.unit.kind, version]);
  if (!spec) return null;
  if (!b) return <p className="muted">Run B: its path appears when run B has finished.</p>;
  if ('error' in b) return <p className="muted" data-testid="path-compare-error">Run B: {b.error}.</p>;
  const totalA = pathA.end_ps - pathA.start_ps;
  const totalB = b.path.end_ps - b.path.start_ps;
  const used = RESOURCE_CLASSES.filter((c) => pathA.by_resource_ps[c] > 0 || b.path.by_resource_ps[c] > 0);
  const diff = (x: number) => `${x >= 0 ? '+' : '−'}${us(Math.abs(x))}`;
  return (
    <table className="path-compare" data-testid="path-compare">
      <caption>Run A's path beside run B's (the first {entry?.bytes} B message of the same series: #{b.path.unit.message}), µs</caption>
      <thead>
        <tr><th>resource</th><th>run A</th><th>run B</th><th>B − A</th></tr>
      </thead>
      <tbody>
        {used.map((c) => (
          <tr key={c} data-testid={`path-compare-${c}`}>
            <td>{RESOURCE_LABELS[c]}</td><td>{us(pathA.by_resource_ps[c])}</td><td>{us(b.path.by_resource_ps[c])}</td><td>{diff(b.path.by_resource_ps[c] - pathA.by_resource_ps[c])}</td>
          </tr>
        ))}
        <tr className="path-compare-total"><td>total</td><td>{us(totalA)}</td><td>{us(totalB)}</td><td>{diff(totalB - totalA)}</td></tr>
      </tbody>
    </table>
  );
}
