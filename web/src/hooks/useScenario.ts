import { useScenarioStore } from '../state/scenarioStore';
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';

/** The scenario being run. */
export const useScenario = (): Scenario => useScenarioStore((s) => s.scenario);
