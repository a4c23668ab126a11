/**
 * The parameter form's model: registry entries grouped by name prefix (`pci.`, `host.`, `elan3.`, `qsnet.`,
 * `portals.`, `tports.`, and any prefix the core adds later, in registry order), and the `parameters` object
 * of a scenario built from the form (only values that differ from the registry default are written).
 */
import type { ParameterInfo } from '../../../core-wasm/js/bridgeTypes';
import { fabricEntry, protocolEntry, workloadEntry } from '../../../core-wasm/js/coreCatalog';
import { parameterRuleError, parseNumberField } from './parameterRules';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';

export interface ParameterGroup {
  prefix: string;
  parameters: ParameterInfo[];
}

/** Prefix of a registry name: the text before the first dot (`pci.clock_MHz` → `pci`). */
export function parameterPrefix(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/** Groups in first-appearance order of their prefix; entries keep registry order. */
export function groupParameters(registry: ParameterInfo[]): ParameterGroup[] {
  const groups = new Map<string, ParameterInfo[]>();
  for (const p of registry) {
    const prefix = parameterPrefix(p.name);
    let list = groups.get(prefix);
    if (!list) groups.set(prefix, (list = []));
    list.push(p);
  }
  return [...groups].map(([prefix, parameters]) => ({ prefix, parameters }));
}

/**
 * The parameter groups a run of `scenario` reads: those the core's catalog lists for its fabric, for each series'
 * protocol and for its workload kind (hs_catalog_json `parameters`; each entry's models' parameter tables). The
 * others change nothing in that run, e.g. `elan3.` on a Fast Ethernet cluster.
 */
export function groupsReadBy(scenario: Pick<Scenario, 'cluster' | 'workload'>): Set<string> {
  const groups = new Set<string>(fabricEntry(scenario.cluster.fabric)?.parameters ?? []);
  for (const s of scenario.workload.series) for (const g of protocolEntry(s.protocol)?.parameters ?? []) groups.add(g);
  for (const g of workloadEntry(scenario.workload.kind)?.parameters ?? []) groups.add(g);
  return groups;
}

/** Field texts for the form: the scenario's override, else the registry default. */
export function parameterFieldTexts(registry: ParameterInfo[], overrides: Record<string, number> | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const p of registry) {
    const v = overrides?.[p.name] ?? p.default;
    texts[p.name] = typeof v === 'number' ? String(v) : '';
  }
  return texts;
}

/** Errors per parameter name for the given field texts (only names with an error appear). */
export function parameterErrors(registry: ParameterInfo[], texts: Record<string, string>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const p of registry) {
    const error = parameterRuleError(p, texts[p.name] ?? '');
    if (error) errors[p.name] = error;
  }
  return errors;
}

/**
 * The scenario's `parameters`: every valid field whose value differs from the registry default.
 * Returns undefined when nothing differs (the field is then left out of the scenario).
 */
export function changedParameters(registry: ParameterInfo[], texts: Record<string, string>): Record<string, number> | undefined {
  const out: Record<string, number> = {};
  for (const p of registry) {
    const value = parseNumberField(texts[p.name] ?? '');
    if (value === null || parameterRuleError(p, texts[p.name]) !== null) continue;
    if (value !== p.default) out[p.name] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
