// Native benchmark: simulated events per second for each scenario file given on the command line.
// Prints figures; never passes or fails. Used by `npm run bench`.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "run/session.h"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    std::ifstream in(argv[i], std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::string err;
    auto t0 = std::chrono::steady_clock::now();
    auto s = hpcsim::Session::create(text.str(), &err);
    if (!s) {
      std::printf("%s: %s\n", argv[i], err.c_str());
      continue;
    }
    while (!s->run(1u << 20)) {
    }
    double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    double events = static_cast<double>(s->sim().events_executed());
    std::printf("{\"scenario\":\"%s\",\"build\":\"native\",\"events\":%.0f,\"seconds\":%.3f,\"events_per_s\":%.0f}\n",
                s->scenario().id.c_str(), events, secs, events / secs);
  }
  return 0;
}
