#!/usr/bin/env bash
# WebAssembly build of the same sources with Debian's Emscripten: public/wasm/hpcsim.{mjs,wasm} (every model) and
# hpcsim-<system>.{mjs,wasm} (one system each, core-wasm/cmake/wasm.cmake), the page's modules,
# which Node loads too (core-wasm/cli/engines.ts). Emscripten 3.1.6's optimizer needs NODE_PATH to find its JS
# dependencies (acorn) installed under /usr/share/nodejs.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NODE_PATH=/usr/share/nodejs
emcmake cmake -S core-wasm -B build/wasm -G Ninja -DBUILD_TESTING=OFF >/dev/null
cmake --build build/wasm
# public/wasm/modules.json: what each module enrols and weighs, read from the modules (the page's worker picks one).
node --import tsx core-wasm/tools/gen-wasm-modules.ts
