#include "pvfs2/romio.h"

#include <cstdio>
#include <memory>

namespace hpcsim::pvfs2 {

std::vector<RomioCall> romio_calls(const std::vector<Extent>& file, const std::vector<Extent>& memory,
                                   size_t max_array) {
  std::vector<RomioCall> calls;
  for (size_t i = 0; i < file.size(); i += max_array) {
    RomioCall c;
    const size_t end = std::min(file.size(), i + max_array);
    c.file.assign(file.begin() + static_cast<long>(i), file.begin() + static_cast<long>(end));
    if (!memory.empty()) c.memory.assign(memory.begin() + static_cast<long>(i), memory.begin() + static_cast<long>(end));
    calls.push_back(std::move(c));
  }
  return calls;
}

void run_calls(FileSystem& fs, int client, IoType type, std::shared_ptr<const std::vector<RomioCall>> calls,
               std::function<void()> done) {
  auto next = std::make_shared<std::function<void(size_t)>>();
  auto fin = std::make_shared<std::function<void()>>(std::move(done));
  *next = [&fs, client, type, calls, fin, weak = std::weak_ptr<std::function<void(size_t)>>(next)](size_t i) {
    if (i == calls->size()) {
      (*fin)();
      return;
    }
    auto self = weak.lock();
    const RomioCall& c = (*calls)[i];
    const std::string e = fs.io(client, type, c.file, c.memory, [self, i]() { (*self)(i + 1); });
    if (!e.empty()) std::fprintf(stderr, "romio: %s\n", e.c_str());
  };
  (*next)(0);
}

}  // namespace hpcsim::pvfs2
