/**
 * Scenario files in the page: the text the page saves (the same JSON the CLI runs, `npm run sim -- <file>`, and
 * scenarios/*.json hold) and the check of a file a user opens. Pure: openScenarioFile.ts is the browser glue.
 */
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { validateScenario, type ValidationResult } from '../../../core-wasm/js/validateScenario';

/** Files over this are refused before they are read (B): a scenario is a few kB, and must fit a 64 KiB share link. */
export const MAX_SCENARIO_FILE_BYTES = 1024 * 1024;

/** The file's text for `scenario`: two-space JSON with a final newline, like the shipped scenarios/*.json. */
export function scenarioFileText(scenario: Scenario): string {
  return `${JSON.stringify(scenario, null, 2)}\n`;
}

/** The name the page saves `scenario` under: its id, `.json`. */
export function scenarioFileName(scenario: Scenario): string {
  return `${scenario.id}.json`;
}

/** Why a file of `bytes` B named `name` is refused before reading it, or null. */
export function scenarioFileSizeError(name: string, bytes: number): string | null {
  if (bytes <= MAX_SCENARIO_FILE_BYTES) return null;
  return `${name}: ${(bytes / 1048576).toFixed(1)} MiB; scenario files over ${MAX_SCENARIO_FILE_BYTES / 1048576} MiB are refused.`;
}

/**
 * The scenario in a file's `text`, or the reason it is refused, prefixed with the file's `name`: not JSON (with the
 * parser's message), or the first schema rule it breaks (`<path>: <message>`, as a share link's). The core's own
 * rules are checked by the caller. Never throws.
 */
export function parseScenarioFile(name: string, text: string): ValidationResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `${name}: not JSON (${(e as Error).message}).` };
  }
  const checked = validateScenario(value);
  return checked.ok ? checked : { ok: false, error: `${name}: ${checked.error}` };
}
