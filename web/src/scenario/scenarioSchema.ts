/** The shared scenario schema (scenarios/scenario.schema.json), imported once for the page and node tests. */
import schema from '../../../scenarios/scenario.schema.json' with { type: 'json' };

export const scenarioSchema: object = schema;
