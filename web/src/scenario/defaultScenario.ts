/** The page's default scenario: the seed-002 ping-pong (scenarios/portals-qsnet-pingpong.json). */
import scenario from '../../../scenarios/portals-qsnet-pingpong.json' with { type: 'json' };
import type { Scenario } from '../../../core-wasm/js/scenarioTypes';

export const defaultScenario: Scenario = scenario as Scenario;
