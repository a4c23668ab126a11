// Simulated time: integer picoseconds (STYLE.md, after SST and OMNeT++).
#pragma once
#include <cstdint>

namespace hpcsim {

/// Simulated time or duration in picoseconds. Signed 64-bit: about 106 days of range.
using Time = int64_t;

constexpr Time kPs = 1;
constexpr Time kNs = 1000;
constexpr Time kUs = 1000 * 1000;

/// Nanoseconds (possibly fractional, as in a parameter) to picoseconds, rounded to nearest.
constexpr Time ns_to_ps(double ns) { return static_cast<Time>(ns * 1000.0 + (ns >= 0 ? 0.5 : -0.5)); }

/// A time in picoseconds given as a double (a JS number, or a µs bound x 1e6): 0 at or below 0, the clock's end
/// (INT64_MAX, about 106 days) from 9.2e18 on.
constexpr Time ps_saturating(double ps) { return ps <= 0 ? 0 : ps >= 9.2e18 ? INT64_MAX : static_cast<Time>(ps); }

/// Picoseconds to microseconds, for output only.
constexpr double ps_to_us(Time t) { return static_cast<double>(t) / 1e6; }

/// Time to move `bytes` at `bytes_per_s` (10^6 B/s = 1 MB/s), rounded up to a whole picosecond.
constexpr Time transfer_time_ps(uint64_t bytes, double bytes_per_s) {
  double t = static_cast<double>(bytes) * 1e12 / bytes_per_s;
  Time whole = static_cast<Time>(t);
  return (static_cast<double>(whole) < t) ? whole + 1 : whole;
}

/// Component identifier: every host, PCI bus, NIC, switch and directed link has one.
using ComponentId = uint32_t;

}  // namespace hpcsim
