#!/usr/bin/env bash
# The native test suite under AddressSanitizer (with LeakSanitizer) and UndefinedBehaviorSanitizer (issue 12 item 3):
# the clang tree of build-sanitize.sh, every ctest test, any report fatal. `npm run test:sanitize`; part of `npm test`.
set -euo pipefail
cd "$(dirname "$0")/../.."
bash core-wasm/tools/build-sanitize.sh
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# All but the NAS fidelity campaign (the seed's full class-A runs: 513 s under the sanitizers here; the same MPI,
# VIA, SCI and TCP code runs in the NpbRun and NpbSession tests at smaller classes) and the catalog's parameter-group
# check (26 whole runs of shipped scenarios, a check of catalog data; the same runs are in the other tests).
ctest --test-dir build/sanitize --output-on-failure -j 2 -E '^(NpbFidelity\.|Shipped/ParameterGroups\.)'
