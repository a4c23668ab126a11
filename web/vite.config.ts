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
    rolldownOptions: {
      output: {
        // React's DOM renderer (about 200 kB minified) in a chunk of its own: it changes only with the react-dom
        // version, so a browser keeps it cached across the page's own releases.
        codeSplitting: { groups: [{ name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ }] },
      },
    },
  },
  worker: { format: 'es' },
  server: { fs: { allow: [repoDir] } },
});
