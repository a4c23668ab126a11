#!/usr/bin/env bash
# Installs everything the project needs on a fresh Debian machine, then the npm packages. Idempotent: a
# second run installs nothing. Used by `npm start` and `npm test` (README: nothing is installed by hand).
#   Debian: emscripten (3.1.6: C++ to WebAssembly), chromium (Playwright's browser: Playwright cannot
#   download its own here), nlohmann-json3-dev, cmake, ninja-build, g++, libgtest-dev.
set -euo pipefail
cd "$(dirname "$0")/../.."

need=()
command -v em++ >/dev/null 2>&1 || need+=(emscripten)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
[ -f /usr/include/nlohmann/json.hpp ] || need+=(nlohmann-json3-dev)
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v ninja >/dev/null 2>&1 || need+=(ninja-build)
command -v g++ >/dev/null 2>&1 || need+=(g++)
[ -f /usr/include/gtest/gtest.h ] || need+=(libgtest-dev)
# clang with its sanitizer and libFuzzer runtimes: the sanitizer suite and the fuzz target (build-sanitize.sh).
command -v clang++-14 >/dev/null 2>&1 || need+=(clang-14)
compgen -G '/usr/lib/llvm-14/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null || need+=(libclang-rt-14-dev)
if [ "${#need[@]}" -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}" >&2
  sudo=""
  [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${need[@]}" >&2
fi

# npm packages from the lock file; Playwright must not try to download a browser.
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages" >&2
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >&2
fi
