/**
 * `npm run gen:catalog`: writes core-wasm/js/coreCatalog.generated.ts from the native core's catalog
 * (`hpcsim-native --catalog`, built on demand), and the catalog's ids and limits into scenarios/scenario.schema.json
 * (core-wasm/cli/schemaCatalogFacts.ts), then the schema's standalone validator (as `npm run gen:validator`). Run it
 * after enrolling a fabric, protocol, workload kind or testbed, or after changing core-wasm/src/kernel/trace_kinds.h.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeCatalog, ROOT } from '../cli/engines';
import { CATALOG_MODULE_PATH, catalogModuleText } from '../cli/catalogModule';
import { schemaText, schemaWithCatalogFacts } from '../cli/schemaCatalogFacts';
import { VALIDATOR_MODULE_PATH, scenarioValidatorModuleText } from '../cli/scenarioValidatorModule';

const SCHEMA_PATH = 'scenarios/scenario.schema.json';
const catalog = nativeCatalog();
writeFileSync(join(ROOT, CATALOG_MODULE_PATH), catalogModuleText(catalog));
process.stderr.write(`wrote ${CATALOG_MODULE_PATH}\n`);
const schema = JSON.parse(readFileSync(join(ROOT, SCHEMA_PATH), 'utf8'));
writeFileSync(join(ROOT, SCHEMA_PATH), schemaText(schemaWithCatalogFacts(schema, catalog)));
process.stderr.write(`wrote ${SCHEMA_PATH}\n`);
writeFileSync(join(ROOT, VALIDATOR_MODULE_PATH), scenarioValidatorModuleText(ROOT));
process.stderr.write(`wrote ${VALIDATOR_MODULE_PATH}\n`);
