/**
 * `--set NAME=VALUE` and `--sweep NAME=V1,V2,...` of `npm run sim`: model parameters (the core's registry, see
 * `--parameters`) overridden from the command line instead of the scenario file's "parameters" object. A sweep runs
 * the scenario once per value. Values are numbers in the parameter's unit; the core checks the name and the range when
 * the run is created (an error names `parameters.<name>`), this module only the option's shape.
 */

/** One override: a registry parameter name and its value, in the parameter's unit. */
export interface ParameterValue {
  name: string;
  value: number;
}

/** A sweep: one parameter and the values it takes, one run each, in the order given. */
export interface Sweep {
  name: string;
  values: number[];
}

/** A parameter name as the registry spells them: dotted lowercase words, e.g. host.memcpy_MBps. */
const NAME = /^[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+$/;
/** Most runs a sweep may ask for: each is a whole run of the scenario. */
export const MAX_SWEEP_VALUES = 32;

function number(option: string, text: string): number | string {
  const v = Number(text);
  return text.trim() === '' || !Number.isFinite(v) ? `${option}: "${text}" is not a number` : v;
}

function split(option: string, text: string): [string, string] | string {
  const eq = text.indexOf('=');
  if (eq < 0) return `${option}: "${text}" is not NAME=VALUE (e.g. ${option} host.memcpy_MBps=${option === '--sweep' ? '600,900,1200' : '900'})`;
  const name = text.slice(0, eq);
  if (!NAME.test(name)) return `${option}: "${name}" is not a parameter name (see --parameters)`;
  return [name, text.slice(eq + 1)];
}

/** The overrides of every `--set` given, or the first refusal (one line naming the option). A later `--set` of the
 * same name wins. */
export function parseSets(texts: readonly string[]): ParameterValue[] | string {
  const out = new Map<string, number>();
  for (const text of texts) {
    const parts = split('--set', text);
    if (typeof parts === 'string') return parts;
    const v = number('--set', parts[1]);
    if (typeof v === 'string') return v;
    out.set(parts[0], v);
  }
  return [...out].map(([name, value]) => ({ name, value }));
}

/** The sweep of a `--sweep` option, or a refusal naming it: at least one value, at most MAX_SWEEP_VALUES. */
export function parseSweep(text: string): Sweep | string {
  const parts = split('--sweep', text);
  if (typeof parts === 'string') return parts;
  const values: number[] = [];
  for (const t of parts[1].split(',')) {
    const v = number('--sweep', t);
    if (typeof v === 'string') return v;
    values.push(v);
  }
  if (values.length > MAX_SWEEP_VALUES) return `--sweep: ${values.length} values; at most ${MAX_SWEEP_VALUES} (each is a whole run)`;
  return { name: parts[0], values };
}

/** The scenario document with `overrides` written into its "parameters" (a new object; `doc` is not changed). */
export function withParameters(doc: Record<string, unknown>, overrides: readonly ParameterValue[]): Record<string, unknown> {
  if (overrides.length === 0) return doc;
  const parameters = { ...((doc.parameters as Record<string, number> | undefined) ?? {}) };
  for (const o of overrides) parameters[o.name] = o.value;
  return { ...doc, parameters };
}
