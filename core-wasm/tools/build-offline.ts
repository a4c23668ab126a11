/**
 * `npm run build:offline` (issue 40 item 2): the offline single-file copy. Writes the full core's wasm binary as
 * base64 beside it (public/wasm/hpcsim.wasm.b64, which worker/coreSource.offline.ts imports as text), builds the page
 * with web/vite.offline.config.ts into dist-offline/index.html (everything inlined), then sets the file's
 * Content-Security-Policy: its inline scripts by their SHA-256 hashes, blob: for the worker and the core module that
 * the page starts from its own bytes, 'wasm-unsafe-eval' for WebAssembly, and still no eval and no script from
 * anywhere else; and copies it to dist/hpc-interconnect-emulator-offline.html, which the page's Export offers.
 * Needs `npm run build:wasm` and `npm run build:web` first.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/engines';

export const OFFLINE_FILE = 'hpc-interconnect-emulator-offline.html';

const wasm = join(ROOT, 'public/wasm/hpcsim.wasm');
if (!existsSync(wasm)) {
  console.error(`${wasm} is missing: run npm run build:wasm first`);
  process.exit(1);
}
writeFileSync(join(ROOT, 'public/wasm/hpcsim.wasm.b64'), readFileSync(wasm).toString('base64'));

const vite = spawnSync('npx', ['vite', 'build', '--config', 'web/vite.offline.config.ts', '--logLevel', 'error'], {
  cwd: ROOT, stdio: 'inherit', env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
});
if (vite.status !== 0) process.exit(vite.status ?? 1);

let html = readFileSync(join(ROOT, 'dist-offline/index.html'), 'utf8');
const hashes = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)]
  .filter((m) => m[1].trim() !== '')
  .map((m) => `'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
const csp = `script-src ${hashes.join(' ')} blob: 'wasm-unsafe-eval'; worker-src blob:; object-src 'none'; base-uri 'none'`;
const before = html;
html = html.replace(/<meta http-equiv="Content-Security-Policy" content="[^"]*"\s*\/?>/, `<meta http-equiv="Content-Security-Policy" content="${csp}" />`);
if (html === before) {
  console.error('dist-offline/index.html has no Content-Security-Policy meta tag to set');
  process.exit(1);
}
writeFileSync(join(ROOT, 'dist-offline/index.html'), html);
mkdirSync(join(ROOT, 'dist'), { recursive: true });
writeFileSync(join(ROOT, 'dist', OFFLINE_FILE), html);
console.log(`wrote dist/${OFFLINE_FILE} (${(html.length / 1048576).toFixed(1)} MB; ${hashes.length} inline script${hashes.length === 1 ? '' : 's'})`);
