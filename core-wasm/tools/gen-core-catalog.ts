/**
 * `npm run gen:catalog`: writes web/src/sim/coreCatalog.generated.ts from the native core's catalog
 * (`hpcsim-native --catalog`, built on demand). Run it after enrolling a fabric, protocol, workload kind or testbed,
 * or after changing core-wasm/src/kernel/trace_kinds.h.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nativeCatalog, ROOT } from '../cli/engines';
import { CATALOG_MODULE_PATH, catalogModuleText } from '../cli/catalogModule';

writeFileSync(join(ROOT, CATALOG_MODULE_PATH), catalogModuleText(nativeCatalog()));
process.stderr.write(`wrote ${CATALOG_MODULE_PATH}\n`);
