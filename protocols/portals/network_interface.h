// Portals network interface (lib_ni_t): identity, portal table, ACL, MD and
// EQ pools, and the status registers.
// Source: ../shared/REFERENCES.md §1.1.1 (handles, limits, PTL_SR_*),
// §1.1.4 (unlink rules, lib_md_unlink), §1.1.5 (EQ); seed 002 §2.1-2.2.
#ifndef HPCSIM_PORTALS_NETWORK_INTERFACE_H
#define HPCSIM_PORTALS_NETWORK_INTERFACE_H

#include <cstdint>
#include <vector>

#include "portals/access_control.h"
#include "portals/event_queue.h"
#include "portals/memory_descriptor.h"
#include "portals/portal_table.h"
#include "portals/types.h"

namespace hpcsim {
namespace portals {

/// Construction parameters of a NetworkInterface (subset of ptl_ni_limits_t
/// plus the owner's identity). Sizes are object counts.
struct NiConfig {
  ProcessId id;               ///< this process {nid, pid}
  ptl_uid_t uid = 0;
  ptl_jid_t jid = 0;
  uint32_t pt_size = kMinPortalTableSize;  ///< max_pt_index + 1, >= 64
  uint32_t ac_size = 8;       ///< max_ac_index + 1
  uint32_t max_mes = 1024;
  uint32_t max_mds = 1024;
  uint32_t max_eqs = 64;
};

/// One Portals NI. Handles are pool slot indices; a freed slot is reused
/// lowest-index first and an MD slot's generation is bumped on every reuse
/// so stale ACK/REPLY handles are detected (REFERENCES §1.1.2).
class NetworkInterface {
 public:
  explicit NetworkInterface(const NiConfig& cfg = NiConfig{});

  const ProcessId& id() const { return cfg_.id; }
  ptl_uid_t uid() const { return cfg_.uid; }
  ptl_jid_t jid() const { return cfg_.jid; }

  PortalTable& portal_table() { return table_; }
  const PortalTable& portal_table() const { return table_; }
  AccessControlList& acl() { return acl_; }
  const AccessControlList& acl() const { return acl_; }

  // ---- Event queues ------------------------------------------------------
  /// PtlEQAlloc: queue of `count` events. Errors: PTL_NO_SPACE.
  ptl_status_t eq_alloc(uint32_t count, ptl_handle_eq_t* out);
  /// PtlEQFree. MDs still naming it post nothing. Errors: PTL_EQ_INVALID.
  ptl_status_t eq_free(ptl_handle_eq_t eq);
  /// Live EQ or nullptr (also for PTL_EQ_NONE).
  EventQueue* eq(ptl_handle_eq_t eq);
  /// Posts `ev` to `eq` if it is live; returns true and the stamped copy.
  bool post_event(ptl_handle_eq_t eq, const Event& ev, Event* posted);

  // ---- Match entries -----------------------------------------------------
  /// PtlMEAttach (see PortalTable::me_attach).
  ptl_status_t me_attach(ptl_pt_index_t pt_index, ProcessId match_id,
                         ptl_match_bits_t match_bits,
                         ptl_match_bits_t ignore_bits, ptl_unlink_t unlink_op,
                         ptl_ins_pos_t pos, ptl_handle_me_t* out);
  /// PtlMEInsert (see PortalTable::me_insert).
  ptl_status_t me_insert(ptl_handle_me_t base, ProcessId match_id,
                         ptl_match_bits_t match_bits,
                         ptl_match_bits_t ignore_bits, ptl_unlink_t unlink_op,
                         ptl_ins_pos_t pos, ptl_handle_me_t* out);
  /// PtlMEUnlink: removes the ME and frees its MD, if any.
  /// Errors: PTL_ME_INVALID; PTL_MD_IN_USE if the MD has pending operations.
  ptl_status_t me_unlink(ptl_handle_me_t me);

  // ---- Memory descriptors ------------------------------------------------
  /// PtlMDAttach: creates an MD from `spec` on ME `me`.
  /// Errors: PTL_ME_INVALID, PTL_ME_IN_USE (ME already has an MD),
  /// PTL_EQ_INVALID, PTL_NO_SPACE.
  ptl_status_t md_attach(ptl_handle_me_t me, const MdSpec& spec,
                         ptl_unlink_t unlink_op, ptl_handle_md_t* out);
  /// PtlMDBind: creates a free-floating MD (initiator side).
  /// Errors: PTL_EQ_INVALID, PTL_NO_SPACE.
  ptl_status_t md_bind(const MdSpec& spec, ptl_unlink_t unlink_op,
                       ptl_handle_md_t* out);
  /// PtlMDUnlink: frees the MD (and, per lib_md_unlink, its ME if that was
  /// attached with PTL_UNLINK; a PTL_RETAIN ME stays with no MD). No event.
  /// Errors: PTL_MD_INVALID, PTL_MD_IN_USE (operations pending).
  ptl_status_t md_unlink(ptl_handle_md_t md);
  /// Live MD for `md`, or nullptr.
  MemoryDescriptor* md(ptl_handle_md_t md);
  const MemoryDescriptor* md(ptl_handle_md_t md) const;
  /// Live MD whose generation equals `gen`, else nullptr.
  MemoryDescriptor* md_checked(ptl_handle_md_t md, uint32_t gen);

  /// Library-internal unlink used by operation completion: frees the MD
  /// slot and unlinks its ME if that ME has PTL_UNLINK. Returns true if the
  /// ME was removed. Precondition: `md` is live.
  bool free_md(ptl_handle_md_t md);

  // ---- Status registers (PTL_SR_*, counts and bytes) ---------------------
  /// PtlNIStatus: register value, 0 for an unknown index.
  uint64_t status(ptl_sr_index_t sr) const;
  /// Adds `amount` to register `sr` (ignored for an unknown index).
  void add_status(ptl_sr_index_t sr, uint64_t amount);

 private:
  ptl_status_t alloc_md(const MdSpec& spec, ptl_unlink_t unlink_op,
                        ptl_handle_md_t* out);

  NiConfig cfg_;
  PortalTable table_;
  AccessControlList acl_;
  std::vector<MemoryDescriptor> mds_;
  uint32_t live_mds_ = 0;
  std::vector<EventQueue> eqs_;
  std::vector<bool> eq_live_;
  uint64_t sr_[PTL_SR_COUNT] = {};
};

}  // namespace portals
}  // namespace hpcsim

#endif  // HPCSIM_PORTALS_NETWORK_INTERFACE_H
