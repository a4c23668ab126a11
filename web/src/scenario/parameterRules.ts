/**
 * The rule a model-parameter value must obey, read from the core's registry (hs_parameters_json:
 * min, max, unit, integer). Returns the broken rule as a sentence fragment, e.g. "must be between 33 and 133 MHz"
 * or "must be a whole number", or null when the value is allowed. Pure; the core re-checks every value.
 */
import type { ParameterInfo } from '../../../core-wasm/js/bridgeTypes';

/** Parses a form field: a finite number, or null for empty / non-numeric text. */
export function parseNumberField(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/** "between 33 and 133 MHz", "at least 0 ns", "at most 8 B" or "" when the registry gives no bound. */
export function rangeText(info: ParameterInfo): string {
  const unit = info.unit ? ` ${info.unit}` : '';
  const hasMin = typeof info.min === 'number';
  const hasMax = typeof info.max === 'number';
  if (hasMin && hasMax) return `between ${info.min} and ${info.max}${unit}`;
  if (hasMin) return `at least ${info.min}${unit}`;
  if (hasMax) return `at most ${info.max}${unit}`;
  return '';
}

/** The broken rule for the field text `text` of parameter `info`, or null when it is valid. */
export function parameterRuleError(info: ParameterInfo, text: string): string | null {
  const value = parseNumberField(text);
  if (value === null) return 'must be a number';
  if (info.integer && !Number.isInteger(value)) return 'must be a whole number';
  const outsideMin = typeof info.min === 'number' && value < info.min;
  const outsideMax = typeof info.max === 'number' && value > info.max;
  if (outsideMin || outsideMax) return `must be ${rangeText(info)}`;
  return null;
}
