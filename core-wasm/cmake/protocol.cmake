# hpcsim_protocol(<target> DIR <folder under protocols/> SOURCES <.cc...> [DEPENDS <protocol targets>]
#                 [PRIVATE_ROOT] [TESTS <test .cc...>] [TEST_DEPENDS <targets>])
#
# One protocol model = one static library. Its include root exposes only its own folder: a symbolic link
# build/protocol_roots/<target>/<DIR> -> protocols/<DIR>, so `#include "<DIR>/x.h"` compiles only in code that
# links the target (the engine, whose include root is core-wasm/src, sees no protocol at all). A protocol that
# other protocols build on (VIPL semantics, the MPICH engine, Portals semantics) exposes its root PUBLIC; a leaf
# protocol marks it PRIVATE_ROOT and is reached only through the catalog (its enrol_<name>() function).
# TESTS become <target>_test (GoogleTest, native only), linked with the target and TEST_DEPENDS.
function(hpcsim_protocol target)
  cmake_parse_arguments(P "PRIVATE_ROOT" "DIR" "SOURCES;DEPENDS;TESTS;TEST_DEPENDS" ${ARGN})
  add_library(${target} STATIC ${P_SOURCES})
  set(root ${CMAKE_BINARY_DIR}/protocol_roots/${target})
  get_filename_component(parent ${root}/${P_DIR} DIRECTORY)
  file(MAKE_DIRECTORY ${parent})
  file(CREATE_LINK ${HPCSIM_PROTOCOLS_DIR}/${P_DIR} ${root}/${P_DIR} SYMBOLIC)
  if(P_PRIVATE_ROOT)
    target_include_directories(${target} PRIVATE ${root})
  else()
    target_include_directories(${target} PUBLIC ${root})
  endif()
  target_link_libraries(${target} PUBLIC hpcsim_engine ${P_DEPENDS})
  set_property(GLOBAL APPEND PROPERTY HPCSIM_PROTOCOL_TARGETS ${target})
  set_property(TARGET ${target} PROPERTY HPCSIM_ROOT ${root})
  if(P_TESTS AND BUILD_TESTING AND NOT EMSCRIPTEN)
    add_executable(${target}_test ${P_TESTS})
    target_include_directories(${target}_test PRIVATE ${root})
    # A generator expression, so a test may depend on a protocol defined later (via_mpi's test runs it over SS-VIA,
    # which builds on via_mpi).
    foreach(dep ${P_TEST_DEPENDS})
      target_include_directories(${target}_test PRIVATE $<TARGET_PROPERTY:${dep},HPCSIM_ROOT>)
    endforeach()
    target_link_libraries(${target}_test PRIVATE ${target} ${P_TEST_DEPENDS} hpcsim_test_main)
    gtest_discover_tests(${target}_test)
  endif()
endfunction()
