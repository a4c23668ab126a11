/**
 * The parameter registry as one scenario sees it: each default replaced by the scenario's testbed's where that
 * machine differs (hs_parameters_json `testbeds`), with that value's source (`testbed_sources`), so the editor shows,
 * and compares edits with, the values the core will use (ParameterSet(testbed) in core-wasm/src/params). Pure.
 */
import type { ParameterInfo } from '../../../core-wasm/js/bridgeTypes';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';
import { testbedOf } from './fabrics';

export function registryFor(registry: ParameterInfo[], scenario: Scenario): ParameterInfo[] {
  const testbed = testbedOf(scenario.cluster);
  return registry.map((p) => {
    const d = p.testbeds?.[testbed];
    return d === undefined ? p : { ...p, default: d, source: p.testbed_sources?.[testbed] ?? p.source };
  });
}
