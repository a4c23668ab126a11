# Every Emscripten flag of the project, each with its reason (after Perfetto's gn/standalone/wasm.gni).
# Link targets: ES modules for the page's Web Worker, the full one and one per system (below). Node (the tests, the
# CLI's wasm engine, the bench) loads the same modules and passes `wasmBinary` (core-wasm/cli/engines.ts), so what is
# tested is what the page ships. A second, CommonJS link for Node used to be built too; its .wasm was byte-identical.

# Compile flag for every object, the protocol libraries included: no C++ exceptions (scenarios are parsed
# with nlohmann's non-throwing parse), so none of the throwing support code is needed at link time.
# Measured on this toolchain: exceptions on would halve JSON parsing speed and grow the module by half.
add_compile_options(-fno-exceptions)
# No RTTI either: nothing asks for a type at run time (Machine::network<T>() compares network_type<T>() tags), and
# each of the ~700 std::function targets would otherwise carry a mangled type name and target()/target_type().
# Measured here: those type names were 154 KB of the module's 1.7 MB (about 8 KB once compressed by brotli).
add_compile_options(-fno-rtti)
# libc++'s policy-based std::function (its ABI v2 form): a stored callable costs one invoker and, when it does not fit
# two pointers or is not trivially copyable, one clone and one destroy function, instead of a vtable of seven
# members per lambda type (~600 of them here, each passed as a continuation). Emscripten leaves it off by default
# only because it cannot hold std::function<Incomplete(...)> (emscripten-core/emscripten#11022, #11403), which
# no code here declares; the libc++ archive exposes no std::function, so every object agrees on the layout.
# Measured here: hpcsim.wasm 1,556,573 -> 1,227,115 B (337.3 -> 303.0 KB brotli), half-shift speed unchanged.
add_compile_options(-D_LIBCPP_ABI_OPTIMIZED_FUNCTION)

set(HPCSIM_WASM_OUT ${CMAKE_CURRENT_SOURCE_DIR}/../public/wasm)

set(HPCSIM_WASM_COMMON_FLAGS
  # The exported C functions of app/wasm/bridge.cc (kept alive by EMSCRIPTEN_KEEPALIVE as well).
  "-sEXPORTED_FUNCTIONS=_hs_create,_hs_last_error,_hs_run,_hs_run_until,_hs_now_ps,_hs_events,_hs_fraction_done,_hs_trace_take,_hs_trace_column,_hs_result_json,_hs_topology_json,_hs_message_json,_hs_trace_kinds_json,_hs_parameters_json,_hs_catalog_json,_hs_destroy,_hs_create_part,_hs_parts,_hs_part_result_json,_hs_retire,_hs_merge,_malloc,_free"
  # ccall/cwrap to call them from JS; HEAPU8 etc. so JS can view the trace columns.
  "-sEXPORTED_RUNTIME_METHODS=ccall,cwrap,UTF8ToString,HEAPU8,HEAPF64,HEAPU32,HEAP32"
  # Traces grow with the run; memory must be able to grow (JS re-reads heap views after each call).
  "-sALLOW_MEMORY_GROWTH=1"
  # Up to wasm32's whole 4 GiB (Emscripten's default stops growth at 2 GiB): the 4,096-node all-to-all's first
  # series holds more than 2 GiB (issue 39 item 2). Pointers past 2 GiB are negative as wasm's i32, so the JS side
  # reads every pointer the core returns with `>>> 0` (core-wasm/js/coreBridge.ts).
  "-sMAXIMUM_MEMORY=4GB"
  # A factory function instead of a global Module, so a worker can create it when it wants.
  "-sMODULARIZE=1"
  "-sEXPORT_NAME=createHpcSim"
  # Link without exception support too (matches the compile flag above).
  "-fno-exceptions"
  "-fno-rtti"
  # Keep a useful stack for errors without assertions' size cost.
  "-sASSERTIONS=0"
  # No filesystem: scenarios arrive as strings.
  "-sFILESYSTEM=0"
)

# The per-system modules: the same objects linked with the enrolment of one seed's system only
# (app/enrolment_list.h), so that the page fetches the models of the scenario it runs and not the other three systems'.
# Measured at 81dd12f: the full module 292.9 kB brotli; portals-elan3 131.3, ompi-elan4 162.9, via-sci 146.8,
# pvfs2-elan4 201.7. The worker picks the smallest module that enrols the scenario's fabric, protocols, workload kind and
# overridden parameters (core-wasm/js/coreModules.ts, from public/wasm/modules.json written by
# core-wasm/tools/gen-wasm-modules.ts), and the full module otherwise.
set(HPCSIM_WASM_SYSTEMS portals-elan3 ompi-elan4 via-sci pvfs2-elan4)

# One ES module `public/wasm/<output>.mjs` + `.wasm`, loaded by the Vite-built worker with a dynamic import (and by
# Node, given wasmBinary: without a browser the glue's web/worker paths are skipped and it fetches nothing).
function(hpcsim_add_wasm_module target output)
  add_executable(${target} $<TARGET_OBJECTS:hpcsim_bridge> ${ARGN})
  target_link_libraries(${target} PRIVATE hpcsim_app)
  target_link_options(${target} PRIVATE ${HPCSIM_WASM_COMMON_FLAGS} "-sEXPORT_ES6=1" "-sENVIRONMENT=web,worker")
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${output} SUFFIX ".mjs" RUNTIME_OUTPUT_DIRECTORY ${HPCSIM_WASM_OUT})
endfunction()

function(hpcsim_add_wasm_targets)
  # The bridge's exports, compiled once for every module.
  add_library(hpcsim_bridge OBJECT app/wasm/bridge.cc)
  target_link_libraries(hpcsim_bridge PRIVATE hpcsim_app)
  # The full module: every model (the CLI's wasm engine, the tests, and the page for a scenario no system holds).
  hpcsim_add_wasm_module(hpcsim_web hpcsim)
  # One per system: its own enrolment.o (compiled with HPCSIM_WASM_SYSTEM) defines enrol_all before hpcsim_app's.
  foreach(system ${HPCSIM_WASM_SYSTEMS})
    hpcsim_add_wasm_module(hpcsim_web_${system} hpcsim-${system} app/enrolment.cc)
    target_compile_definitions(hpcsim_web_${system} PRIVATE HPCSIM_WASM_SYSTEM="${system}")
  endforeach()
endfunction()
