#include "params/parameter.h"

#include <cmath>
#include <cstdio>

#include "nlohmann/json.hpp"

namespace hpcsim {

namespace {
// clang-format off
const std::vector<ParameterSpec> kRegistry = {
  // PCI bus between host and NIC (seed 002 §5: 64-bit, 66 MHz, 532 MB/s theoretical).
  {"pci.clock_MHz", "MHz", 66, 33, 133, false, "PCI bus clock.", "seed 002 §5 (64-bit/66 MHz slot)"},
  {"pci.width_bytes", "B", 8, 4, 8, true, "PCI data path width; one data phase moves this many bytes.", "seed 002 §5 (64-bit slot, 532 MB/s theoretical)"},
  {"pci.arbitration_cycles", "cycles", 2, 0, 16, true, "REQ#/GNT# arbitration before each transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.address_cycles", "cycles", 1, 1, 4, true, "Address phase(s) of a transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.turnaround_cycles", "cycles", 1, 0, 4, true, "Bus turnaround after each transaction.", "PCI Local Bus Specification 2.2 [recalled]"},
  {"pci.host_read_latency_ns", "ns", 360, 0, 5000, false, "Initial latency of the host bridge when a device reads host DRAM (wait states before the first data phase).", "[estimate] ServerWorks HE-SL class bridge, ~24 PCI clocks; also sets the RDMA read-side bandwidth asymptote (seed 002 §5.2)"},
  // Host (seed 002 §5: Dell 1550, two 1 GHz Pentium III).
  {"host.clock_MHz", "MHz", 1000, 100, 5000, false, "Host CPU clock; library code paths are counted in cycles.", "seed 002 §5 (1 GHz Pentium III)"},
  {"host.uncached_store_ns", "ns", 50, 1, 1000, false, "CPU stall for one 8-byte uncached (PIO) store to NIC memory or command port.", "[estimate] Pentium III front-side bus at 133 MHz, ~7 clocks"},
  {"host.cache_miss_ns", "ns", 150, 1, 1000, false, "Host DRAM access for a cache line invalidated by a NIC DMA write (polling sees the new value).", "[estimate] Pentium III + PC133 SDRAM"},
  {"host.cache_line_bytes", "B", 32, 16, 128, true, "Host cache line size.", "Intel Pentium III datasheet [recalled]"},
  {"host.memcpy_MBps", "MB/s", 600, 10, 20000, false, "Host memory-to-memory copy rate (EQ slot to user buffer).", "[estimate] Pentium III 1 GHz with PC133 SDRAM"},
  // Elan3 NIC (seed 002 §2.3, §4).
  {"elan3.thread_clock_MHz", "MHz", 100, 10, 1000, false, "Clock of the Elan3 thread processor (one simple instruction per cycle).", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]; seed 002 §4 calls it slow relative to the host"},
  {"elan3.sdram_access_ns", "ns", 40, 1, 1000, false, "One load or store by the thread processor to Elan SDRAM.", "[estimate] 4 thread cycles"},
  {"elan3.sdram_MBps", "MB/s", 800, 10, 100000, false, "Burst bandwidth of Elan SDRAM (the inputter writing an arriving packet into its queue slot).", "[estimate] 64-bit SDRAM at 100 MHz"},
  {"elan3.pio_read_latency_ns", "ns", 850, 0, 10000, false, "Elan3 as a PCI target: wait before it returns data for a host read of NIC memory.", "[estimate]; seed 002 §5.1 attributes post-receive cost to PCI accesses"},
  {"elan3.dma_setup_ns", "ns", 200, 0, 10000, false, "DMA engine: fetch a descriptor from the command port and translate addresses in the MMU.", "[estimate]; seed 002 §2.3 (MMU translations done by the Elan)"},
  {"elan3.event_dispatch_ns", "ns", 400, 0, 10000, false, "From a queue event firing to the sleeping NIC thread being runnable.", "[estimate]; seed 002 §4.2 step (2)"},
  {"elan3.qdma_max_bytes", "B", 320, 64, 2048, true, "Largest queued DMA (one input-queue slot).", "REFERENCES §1.2.1 (GASNETC_ELAN_MAX_QUEUEMSG = 320 on Elan3); seed 002 §4.2"},
  {"elan3.input_queue_slots", "slots", 128, 2, 4096, true, "Slots of the NIC input queue that receives queued DMAs.", "[assumption] as REFERENCES §1.3.1 MAX_QSLOTS"},
  // QsNet fabric (seed 002 §2.3).
  {"qsnet.link_MBps", "MB/s", 340, 1, 100000, false, "Link data rate in each direction, after protocol.", "seed 002 §2.3"},
  {"qsnet.switch_latency_ns", "ns", 35, 0, 10000, false, "Wormhole routing latency through one Elite switch.", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]"},
  {"qsnet.cable_ns", "ns", 10, 0, 1000, false, "Propagation delay of one link cable (about 2 m).", "[estimate] ~5 ns/m"},
  {"qsnet.packet_payload_bytes", "B", 320, 32, 4096, true, "Largest data payload of one network packet; RDMA is split into packets of this size.", "Petrini et al., IEEE Micro 22(1) 2002 [recalled]; equals the Elan3 QDMA limit"},
  {"qsnet.ack_bytes", "B", 8, 1, 64, true, "Size of the end-to-end acknowledgement token of a packet.", "[estimate]"},
  // Portals 3.3 on Elan3 (seed 002 §4).
  {"portals.header_bytes", "B", 32, 8, 256, true, "Portals control header carried in each queued DMA.", "seed 002 §4.2"},
  {"portals.small_object_bytes", "B", 64, 32, 320, true, "Header plus up to 32 B of data moved as one 64-byte object.", "seed 002 §5.1"},
  {"portals.event_bytes", "B", 128, 32, 512, true, "Size of a Portals event written into the host event queue.", "seed 002 §5.1"},
  {"portals.thread_context_words", "words", 48, 0, 512, true, "Words the compiled-C Portals NIC thread restores from SDRAM when woken.", "[assumption] seed 002 §4: the thread is a compiled C program"},
  {"tports.thread_context_words", "words", 4, 0, 512, true, "Words the vendor's Tports NIC thread restores when woken.", "[assumption] hand-tuned vendor thread"},
};
// clang-format on
}  // namespace

const std::vector<ParameterSpec>& parameter_registry() { return kRegistry; }

std::string parameter_registry_json() {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto& p : kRegistry) {
    a.push_back({{"name", p.name},
                 {"unit", p.unit},
                 {"default", p.default_value},
                 {"min", p.min},
                 {"max", p.max},
                 {"integer", p.integer},
                 {"description", p.description},
                 {"source", p.source}});
  }
  return a.dump();
}

const std::vector<Testbed>& testbeds() {
  static const std::vector<Testbed> kTestbeds = {
      {"sandia-elan3-2004",
       "Seed 002 §5: Dell 1550, 2 x 1 GHz Pentium III, 64-bit/66 MHz PCI, QsNet (Elan3, Elite)",
       {}},
  };
  return kTestbeds;
}

ParameterSet::ParameterSet() {
  for (const auto& p : kRegistry) values_[p.name] = p.default_value;
}

ParameterSet::ParameterSet(const std::string& testbed) : ParameterSet() {
  for (const auto& t : testbeds())
    if (testbed == t.id)
      for (const auto& kv : t.defaults) values_[kv.first] = kv.second;
}

std::string ParameterSet::set(const std::string& name, double value) {
  for (const auto& p : kRegistry) {
    if (name != p.name) continue;
    char buf[256];
    if (!std::isfinite(value)) return "parameters." + name + ": must be a finite number";
    if (value < p.min || value > p.max) {
      std::snprintf(buf, sizeof buf, "parameters.%s: %g %s is outside the allowed range [%g, %g]", p.name, value,
                    p.unit, p.min, p.max);
      return buf;
    }
    if (p.integer && std::floor(value) != value) return "parameters." + name + ": must be a whole number";
    values_[name] = value;
    return "";
  }
  return "parameters." + name + ": unknown parameter (see `npm run sim -- --parameters`)";
}

double ParameterSet::get(const std::string& name) const {
  auto it = values_.find(name);
  return it == values_.end() ? 0.0 : it->second;
}

}  // namespace hpcsim
