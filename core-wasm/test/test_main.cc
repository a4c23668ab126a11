// main() of every native GoogleTest executable (engine, app and each protocol's tests): enrols every model first,
// so the parameter registry and the catalog are what the CLI and the page see.
#include <gtest/gtest.h>

#include "enrolment.h"

int main(int argc, char** argv) {
  hpcsim::enrol_all();
  testing::InitGoogleTest(&argc, argv);
  return RUN_ALL_TESTS();
}
