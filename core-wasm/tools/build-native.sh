#!/usr/bin/env bash
# Native build of the core, its tests, the native CLI and the native bench (CMake + Ninja, Release).
set -euo pipefail
cd "$(dirname "$0")/../.."
cmake -S core-wasm -B build/native -G Ninja -DBUILD_TESTING=ON >/dev/null
cmake --build build/native
