/**
 * Checks a parsed value against the shared scenario schema (scenarios/scenario.schema.json) with ajv.
 * Used by the page (share links) and by the node tests; free of browser APIs.
 *
 * Errors name the field as a JSON pointer (`/cluster/nodes: must be integer`); an unknown field is named
 * too (`/cluster: must NOT have additional properties ('color')`). Only the first error is reported.
 */
import AjvModule from 'ajv';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { scenarioSchema } from './scenarioSchema';
import type { Scenario } from './scenarioTypes';

export type ValidationResult = { ok: true; scenario: Scenario } | { ok: false; error: string };

// ajv is CommonJS; under some ESM loaders the class sits on `.default`.
const Ajv = ((AjvModule as unknown as { default?: unknown }).default ?? AjvModule) as typeof AjvModule;

let compiled: ValidateFunction | null = null;

function validator(): ValidateFunction {
  if (!compiled) {
    const ajv = new Ajv({ allErrors: false, strict: false });
    compiled = ajv.compile(scenarioSchema);
  }
  return compiled;
}

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
  return `${path}: ${message}`;
}

/** Validates `value` (already JSON-parsed). Never throws. */
export function validateScenario(value: unknown): ValidationResult {
  const validate = validator();
  if (validate(value)) return { ok: true, scenario: value as Scenario };
  const first = validate.errors?.[0];
  return { ok: false, error: first ? formatSchemaError(first) : 'scenario does not match the schema' };
}
