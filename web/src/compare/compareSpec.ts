/**
 * What the comparison run (run B) changes relative to the page's scenario (run A):
 * - `series`: another selection of A's series (e.g. Portals PUT vs Tports), by series id;
 * - `parameter`: one model parameter set to another value (e.g. `pci.clock_MHz` 66 → 133);
 * - `scenario`: a whole other scenario (e.g. pasted from a share link).
 * `compareScenario` derives B; `restoreCompare` reads a spec back from a share link, dropping anything malformed;
 * `describeCompare` names B in legends. Pure.
 */
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { validateScenario } from '../../../core-wasm/js/validateScenario';

export type CompareSpec =
  | { kind: 'series'; series: string[] }
  | { kind: 'parameter'; name: string; value: number }
  | { kind: 'scenario'; scenario: Scenario };

export type DerivedScenario = { ok: true; scenario: Scenario } | { ok: false; error: string };

const PARAMETER_NAME = /^[a-z0-9_]+(\.[A-Za-z0-9_]+)+$/;

/** Run B's scenario (its walkthroughs dropped: they belong to A), checked against the schema. */
export function compareScenario(a: Scenario, spec: CompareSpec): DerivedScenario {
  let b: Scenario;
  if (spec.kind === 'scenario') {
    b = structuredClone(spec.scenario);
  } else if (spec.kind === 'series') {
    const series = a.workload.series.filter((s) => spec.series.includes(s.id));
    if (series.length === 0) return { ok: false, error: 'Pick at least one series for run B.' };
    b = { ...structuredClone(a), workload: { ...structuredClone(a.workload), series } };
  } else {
    if (!PARAMETER_NAME.test(spec.name) || !Number.isFinite(spec.value)) {
      return { ok: false, error: `Run B: "${spec.name}" = ${spec.value} is not a parameter override.` };
    }
    b = structuredClone(a);
    b.parameters = { ...(a.parameters ?? {}), [spec.name]: spec.value };
  }
  delete b.walkthroughs;
  const checked = validateScenario(b);
  return checked.ok ? { ok: true, scenario: checked.scenario } : { ok: false, error: `Run B: ${checked.error}` };
}

/** A CompareSpec from any parsed value, or null when absent or malformed. */
export function restoreCompare(value: unknown): CompareSpec | null {
  if (!value || typeof value !== 'object') return null;
  const o = value as Record<string, unknown>;
  if (o.kind === 'series' && Array.isArray(o.series)) {
    const series = o.series.filter((s): s is string => typeof s === 'string');
    return series.length > 0 ? { kind: 'series', series } : null;
  }
  if (o.kind === 'parameter' && typeof o.name === 'string' && PARAMETER_NAME.test(o.name) && typeof o.value === 'number' && Number.isFinite(o.value)) {
    return { kind: 'parameter', name: o.name, value: o.value };
  }
  if (o.kind === 'scenario') {
    const checked = validateScenario(o.scenario);
    return checked.ok ? { kind: 'scenario', scenario: checked.scenario } : null;
  }
  return null;
}

/** Short name of run B for legends: `pci.clock_MHz = 133`, `series: Tports`, `scenario qsnet-…`. */
export function describeCompare(spec: CompareSpec, a: Scenario): string {
  if (spec.kind === 'parameter') {
    const before = a.parameters?.[spec.name];
    return `${spec.name} = ${spec.value}${before !== undefined ? ` (A: ${before})` : ''}`;
  }
  if (spec.kind === 'series') {
    const labels = spec.series.map((id) => a.workload.series.find((s) => s.id === id)?.label ?? id);
    return `series: ${labels.join(', ')}`;
  }
  return `scenario ${spec.scenario.title ?? spec.scenario.id}`;
}
