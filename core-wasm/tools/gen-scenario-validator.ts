/**
 * `npm run gen:validator`: writes core-wasm/js/scenarioValidator.generated.ts, ajv's standalone validation code
 * for scenarios/scenario.schema.json (core-wasm/cli/scenarioValidatorModule.ts). Run after changing the schema;
 * `npm run build:web` runs it first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/engines';
import { VALIDATOR_MODULE_PATH, scenarioValidatorModuleText } from '../cli/scenarioValidatorModule';

writeFileSync(join(ROOT, VALIDATOR_MODULE_PATH), scenarioValidatorModuleText(ROOT));
process.stderr.write(`wrote ${VALIDATOR_MODULE_PATH}\n`);
