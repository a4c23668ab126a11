/**
 * Vite config for the page. Root = web/, static files (including the core's build output public/wasm/)
 * from ../public, production build to ../dist. Run from the repo root: `vite --config web/vite.config.ts`.
 */
import { defineConfig } from 'vite';
import { fileURLToPath } from 'node:url';

const webDir = fileURLToPath(new URL('.', import.meta.url));
const repoDir = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  root: webDir,
  publicDir: fileURLToPath(new URL('../public', import.meta.url)),
  base: './',
  build: {
    outDir: fileURLToPath(new URL('../dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
  },
  worker: { format: 'es' },
  server: { fs: { allow: [repoDir] } },
});
