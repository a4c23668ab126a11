/**
 * The scenario editor's draft of the cluster and workload (form texts), and the scenario it builds.
 * The built scenario is checked with the shared ajv schema (validateScenario.ts); each schema error is mapped back
 * to the field it names (`/cluster/nodes` → `nodes`), plus the cross-field rules the schema cannot state
 * (initiator and target below the node count and distinct). Pure.
 */
import type { Scenario, SeriesSpec } from './scenarioTypes';
import { validateScenario } from './validateScenario';
import { parseNumberField } from './parameterRules';

export type WorkloadField = 'nodes' | 'initiator' | 'target' | 'sizes' | 'series' | 'warmup' | 'iterations';

export interface WorkloadDraft {
  nodes: string;
  initiator: string;
  target: string;
  /** Message sizes in bytes, separated by commas or spaces. */
  sizes: string;
  /** Ids of the series (from the catalog) that run. */
  series: string[];
  warmup: string;
  iterations: string;
}

/** Series the editor offers: the default scenario's, then any other of the current scenario. */
export function seriesCatalog(base: SeriesSpec[], current: SeriesSpec[]): SeriesSpec[] {
  const out = [...base];
  for (const s of current) if (!out.some((b) => b.id === s.id)) out.push(s);
  return out;
}

export function draftFromScenario(s: Scenario): WorkloadDraft {
  const w = s.workload;
  return {
    nodes: String(s.cluster.nodes),
    initiator: String(w.initiator),
    target: String(w.target),
    sizes: w.sizes_bytes.join(', '),
    series: w.series.map((x) => x.id),
    warmup: String(w.warmup_iterations ?? 1),
    iterations: String(w.iterations ?? 2),
  };
}

const FIELD_OF_PATH: [RegExp, WorkloadField][] = [
  [/^\/cluster\/nodes/, 'nodes'],
  [/^\/workload\/initiator/, 'initiator'],
  [/^\/workload\/target/, 'target'],
  [/^\/workload\/sizes_bytes/, 'sizes'],
  [/^\/workload\/series/, 'series'],
  [/^\/workload\/warmup_iterations/, 'warmup'],
  [/^\/workload\/iterations/, 'iterations'],
];

/** A number field's text as a number; text that is not a number is kept so the schema names it. */
function numberOrText(text: string): number | string {
  return parseNumberField(text) ?? text;
}

export interface DraftCheck {
  scenario: Scenario | null;
  errors: Partial<Record<WorkloadField, string>>;
  /** A schema error that names no editor field (shown above the form). */
  other: string | null;
}

/**
 * Builds the scenario from `base` (kept: id, title, reference, trace, ...), the draft and `parameters`,
 * then validates it. `scenario` is null when any rule is broken.
 */
export function buildScenario(base: Scenario, draft: WorkloadDraft, catalog: SeriesSpec[], parameters: Record<string, number> | undefined): DraftCheck {
  const errors: Partial<Record<WorkloadField, string>> = {};
  const sizeTexts = draft.sizes.split(/[\s,]+/).filter((t) => t !== '');
  const sizes = sizeTexts.map(numberOrText);
  if (sizeTexts.length === 0) errors.sizes = 'must list at least one size in bytes';
  else if (sizes.some((v) => typeof v !== 'number')) errors.sizes = 'must be numbers of bytes separated by commas';
  const series = catalog.filter((s) => draft.series.includes(s.id));
  if (series.length === 0) errors.series = 'must run at least one series';
  const candidate: Record<string, unknown> = {
    ...base,
    cluster: { ...base.cluster, nodes: numberOrText(draft.nodes) },
    workload: {
      ...base.workload,
      initiator: numberOrText(draft.initiator),
      target: numberOrText(draft.target),
      sizes_bytes: sizes,
      series,
      warmup_iterations: numberOrText(draft.warmup),
      iterations: numberOrText(draft.iterations),
    },
  };
  delete candidate.parameters;
  if (parameters) candidate.parameters = parameters;
  let other: string | null = null;
  const checked = validateScenario(candidate);
  if (!checked.ok) {
    const [path, ...rest] = checked.error.split(': ');
    const field = FIELD_OF_PATH.find(([re]) => re.test(path))?.[1];
    if (field && !errors[field]) errors[field] = rest.join(': ');
    else if (!field) other = checked.error;
  } else {
    const { cluster, workload } = checked.scenario;
    if (workload.initiator >= cluster.nodes) errors.initiator = `must be below the node count (${cluster.nodes})`;
    if (workload.target >= cluster.nodes) errors.target = `must be below the node count (${cluster.nodes})`;
    if (workload.target === workload.initiator) errors.target = 'must differ from the initiator';
  }
  const ok = checked.ok && Object.keys(errors).length === 0 && other === null;
  return { scenario: ok && checked.ok ? checked.scenario : null, errors, other };
}
