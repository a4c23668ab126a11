/**
 * The offline single-file copy (`npm run build:offline`, issue 40 item 2): the page, its worker, the full core (its
 * ES module as text and its wasm binary as a data URL) and the shipped scenarios in one HTML file that runs from
 * file:// with no network. The page's config, with run/workerFactory.ts and worker/coreSource.ts replaced by their
 * .offline variants (the simulation host in the page instead of a worker; the core imported from a blob: URL),
 * everything inlined by vite-plugin-singlefile, written to ../dist-offline; core-wasm/tools/finish-offline.ts then sets
 * its Content-Security-Policy (the inline script's hash, blob: for the worker and the core; still no eval) and copies it
 * into ../dist for the page to offer.
 */
import { defineConfig, mergeConfig } from 'vite';
import { fileURLToPath } from 'node:url';
import { viteSingleFile } from 'vite-plugin-singlefile';
import base from './vite.config.ts';

const offline = (file: string) => fileURLToPath(new URL(`./src/${file}`, import.meta.url));
const alias = [
  { find: /^\.\/workerFactory$/, replacement: offline('run/workerFactory.offline.ts') },
  { find: /^(\.\.\/worker\/|\.\/)coreSource$/, replacement: offline('worker/coreSource.offline.ts') },
];

export default mergeConfig(base, defineConfig({
  publicDir: false,
  resolve: { alias },
  plugins: [viteSingleFile()],
  build: {
    outDir: fileURLToPath(new URL('../dist-offline', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: () => true,
    rolldownOptions: { output: { codeSplitting: false } },
  },
}));
