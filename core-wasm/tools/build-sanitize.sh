#!/usr/bin/env bash
# The sanitizer tree build/sanitize (issue 12 items 1 and 3): the whole core, its tests and the libFuzzer target
# built with clang 14 under AddressSanitizer and UndefinedBehaviorSanitizer (-O1, assertions on, any report fatal)
# and libFuzzer's coverage instrumentation, so one build serves `npm run test:sanitize` and `npm run fuzz`. Not the
# CLI and bench binaries (HPCSIM_TOOLS=OFF): nothing runs them from this tree. The test sources stay at -O1 too
# (HPCSIM_TEST_OPTIMIZE): at -O0 the library's inline functions they instantiate were linked in their -O0 copies
# and the suite ran twice as long (82 -> 174 s) for no faster build.
set -euo pipefail
cd "$(dirname "$0")/../.."
flags="-O1 -g1 -fno-omit-frame-pointer -fsanitize=address,undefined -fsanitize=fuzzer-no-link -fno-sanitize-recover=all"
cmake -S core-wasm -B build/sanitize -G Ninja -DBUILD_TESTING=ON -DHPCSIM_FUZZ=ON -DHPCSIM_TOOLS=OFF -DCMAKE_BUILD_TYPE=Debug -DHPCSIM_TEST_OPTIMIZE=-O1 \
  -DCMAKE_CXX_COMPILER=clang++-14 -DCMAKE_CXX_FLAGS_DEBUG="$flags" \
  -DCMAKE_EXE_LINKER_FLAGS="-fsanitize=address,undefined" >/dev/null
cmake --build build/sanitize
