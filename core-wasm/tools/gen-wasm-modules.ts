/**
 * Writes public/wasm/modules.json, the manifest of the wasm builds (core-wasm/cli/wasmModules.ts), after
 * `npm run build:wasm` has linked them (core-wasm/tools/build-wasm.sh runs it). Prints each module's size.
 */
import { writeFileSync } from 'node:fs';
import { MANIFEST_PATH, wasmManifest } from '../cli/wasmModules';

const manifest = await wasmManifest();
writeFileSync(MANIFEST_PATH, `${JSON.stringify(manifest)}\n`);
for (const m of manifest.modules)
  process.stderr.write(
    `${m.module.padEnd(26)} ${m.wasm_bytes.toLocaleString('en-US').padStart(10)} B  ${(m.wasm_brotli_bytes / 1000).toFixed(1).padStart(6)} kB brotli  ` +
      `${m.fabrics.length} fabrics, ${m.protocols.length} protocols, ${m.workloads.length} workload kinds, ${m.parameters.length} parameters\n`,
  );
