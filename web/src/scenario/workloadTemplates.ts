/**
 * The scenario each workload kind starts from when the editor switches kinds: ping-pong = the default scenario
 * (seed 002, QsNet), NAS = npb-sci-8node-small (seed 003's 8-node SCI cluster, class S, both MPI transports).
 * The NAS runs need the SCI ringlet (the core refuses `npb` on any other fabric).
 */
import npbSmall from '../../../scenarios/npb-sci-8node-small.json' with { type: 'json' };
import type { Scenario, SeriesSpec } from './scenarioTypes';
import { defaultScenario } from './defaultScenario';

export type WorkloadKind = Scenario['workload']['kind'];

export const npbTemplate: Scenario = npbSmall as Scenario;

/** The template scenario of `kind`. */
export function templateOf(kind: WorkloadKind): Scenario {
  return kind === 'npb' ? npbTemplate : defaultScenario;
}

/** Series the editor offers: the template's of that kind, then any other of `current` (when of that kind). */
export function seriesCatalogFor(kind: WorkloadKind, current: Scenario): SeriesSpec[] {
  const out = [...templateOf(kind).workload.series];
  if (current.workload.kind === kind) for (const s of current.workload.series) if (!out.some((b) => b.id === s.id)) out.push(s);
  return out;
}
