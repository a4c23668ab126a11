/**
 * Looks up model parameters in the core's registry (hs_parameters_json), honouring scenario overrides.
 */
import type { ParameterInfo } from '../../../core-wasm/js/bridgeTypes';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { testbedOf } from '../scenario/fabrics';

/** Value of the first registry parameter whose name matches `pattern` (override first, then the testbed's
 * default, then the registry's). */
export function parameterValue(parameters: ParameterInfo[], scenario: Scenario, pattern: RegExp): number | null {
  const p = parameters.find((x) => pattern.test(x.name));
  if (!p) return null;
  const override = scenario.parameters?.[p.name];
  if (typeof override === 'number') return override;
  const testbed = p.testbeds?.[testbedOf(scenario.cluster)];
  if (typeof testbed === 'number') return testbed;
  return typeof p.default === 'number' ? p.default : null;
}

/** Slots of the Elan3 QDMA input queue, from a registry parameter like `nic.input_queue_slots`. */
export const INPUT_QUEUE_SLOTS = /input_queue.*(slots|entries|depth)|qdma.*(slots|entries)/;
/** Portals event-queue capacity, from a parameter like `portals.eq_entries`. */
export const EVENT_QUEUE_SIZE = /(event_queue|\beq)_?.*(entries|slots|size|depth)/;
