// Native command-line runner: `hpcsim-native <scenario.json> [--trace-csv <file>]` prints the result JSON on
// stdout and optionally writes every trace record as CSV. `hpcsim-native --parameters` prints the parameter
// registry, `hpcsim-native --catalog` the catalog of fabrics, protocols and workload kinds. A bad scenario prints
// one line naming the field on stderr and exits 2. The npm CLI
// (core-wasm/cli/sim.mjs) validates against the schema first and formats tables.
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "catalog/catalog.h"
#include "enrolment.h"
#include "params/parameter.h"
#include "run/session.h"

namespace {
void dump(std::FILE* csv, hpcsim::TraceBuffer& t) {
  size_t n;
  while ((n = t.take(65536)) > 0)
    for (size_t i = 0; i < n; ++i)
      std::fprintf(csv, "%.0f,%.0f,%u,%u,%u,%u,%d\n", t.batch_t0()[i], t.batch_t1()[i], t.batch_kind()[i],
                   t.batch_component()[i], t.batch_message()[i], t.batch_bytes()[i], t.batch_value()[i]);
}
}  // namespace

int main(int argc, char** argv) {
  hpcsim::enrol_all();
  if (argc == 2 && std::string(argv[1]) == "--parameters") {
    std::printf("%s\n", hpcsim::parameter_registry_json().c_str());
    return 0;
  }
  if (argc == 2 && std::string(argv[1]) == "--catalog") {
    std::printf("%s\n", hpcsim::catalog_json(hpcsim::catalog()).c_str());
    return 0;
  }
  if (argc != 2 && !(argc == 4 && std::string(argv[2]) == "--trace-csv")) {
    std::fprintf(stderr, "usage: hpcsim-native <scenario.json> [--trace-csv <file>] | --parameters | --catalog\n");
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "%s: cannot read the file\n", argv[1]);
    return 2;
  }
  std::stringstream text;
  text << in.rdbuf();
  std::string error;
  auto session = hpcsim::Session::create(text.str(), &error);
  if (!session) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 2;
  }
  std::FILE* csv = nullptr;
  if (argc == 4) {
    csv = std::fopen(argv[3], "w");
    if (!csv) {
      std::fprintf(stderr, "%s: cannot write the file\n", argv[3]);
      return 2;
    }
    std::fprintf(csv, "t_start_ps,t_end_ps,kind,component,message,bytes,value\n");
  }
  for (;;) {
    bool done = session->run(1u << 20);
    if (csv) dump(csv, session->sim().trace());
    if (done) break;
  }
  if (csv) std::fclose(csv);
  std::printf("%s\n", session->result_json().c_str());
  return 0;
}
