/**
 * Checks a parsed value against the shared scenario schema (scenarios/scenario.schema.json) with ajv's standalone
 * code for it (scenarioValidator.generated.ts, `npm run gen:validator`): no code is compiled at run time, so the
 * page keeps its Content-Security-Policy without 'unsafe-eval'. Used by the page (share links, the editor) and by
 * the node tests; free of browser APIs.
 *
 * Errors name the field as a JSON pointer (`/cluster/nodes: must be integer`); an unknown field is named
 * too (`/cluster: must NOT have additional properties ('color')`). Only the first error is reported.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { validate as generatedValidate } from './scenarioValidator.generated';
import type { Scenario } from './scenarioTypes';

/** Upper bound on a scenario's text, characters: a file, or a share link once decompressed (against decompression bombs). */
export const MAX_SCENARIO_CHARS = 1024 * 1024;

export type ValidationResult = { ok: true; scenario: Scenario } | { ok: false; error: string };

const validator = (): ValidateFunction => generatedValidate as unknown as ValidateFunction;

/** One readable line for an ajv error: `<instancePath>: <message>`, naming unknown fields. */
export function formatSchemaError(error: ErrorObject): string {
  const path = error.instancePath === '' ? '/' : error.instancePath;
  const params = error.params as Record<string, unknown>;
  let message = error.message ?? 'is invalid';
  if (error.keyword === 'additionalProperties' && typeof params.additionalProperty === 'string') {
    message += ` ('${params.additionalProperty}')`;
  } else if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    message += `: ${params.allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  } else if (error.keyword === 'const' && 'allowedValue' in params) {
    message += ` ${JSON.stringify(params.allowedValue)}`;
  } else if (error.keyword === 'propertyNames' && typeof params.propertyName === 'string') {
    message = `property name '${params.propertyName}' is invalid`;
  }
  // A propertyNames failure is reported on the object with the offending name beside it (ajv's `propertyName`).
  const propertyName = (error as ErrorObject & { propertyName?: string }).propertyName;
  if (propertyName !== undefined && error.keyword !== 'propertyNames') return `${path}: property name '${propertyName}' ${message}`;
  return `${path}: ${message}`;
}

/** Validates `value` (already JSON-parsed). Never throws. */
export function validateScenario(value: unknown): ValidationResult {
  const validate = validator();
  if (validate(value)) return { ok: true, scenario: value as Scenario };
  const first = validate.errors?.[0];
  return { ok: false, error: first ? formatSchemaError(first) : 'scenario does not match the schema' };
}
