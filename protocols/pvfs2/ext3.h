// ext3 on a PVFS2 server's disk, as Linux 2.6 of 2005 ran it (data=ordered, no barriers), for one datafile: what
// fsync(fd) costs (references/pvfs2-config.md §2.5; the fs/ext3/fsync.c and fs/jbd sources of 2.6.5-2.6.13).
//  - A buffered write leaves dirty pages in the page cache; it dirties the inode when it extends the file, or when its
//    mtime's second differs from the inode's (1 s timestamp granularity).
//  - fsync writes the file's dirty pages (one request for all of them), then, only if the inode is dirty, forces a
//    journal commit (Morton's 2.6.5 patch: "if the inode is unaltered then we need not start a commit").
//  - The commit is jbd's synchronous-handle batching: journal_stop sleeps one jiffy, and again while other handles
//    joined the transaction meanwhile, so concurrent fsyncs share one commit; then kjournald writes the descriptor and
//    the modified metadata blocks to the journal, waits, and writes the commit block synchronously. One commit at a
//    time: a transaction closed while another commits waits for it.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "kernel/simulator.h"
#include "params/parameter.h"
#include "pvfs2/disk.h"

namespace hpcsim::pvfs2 {

class Ext3 {
 public:
  /// Parameters ext3.*, os.jiffy_us. `disk` outlives this.
  Ext3(Simulator& sim, Disk& disk, const ParameterSet& p);
  /// A write(2) of `bytes` ending at file offset `end` reached the page cache.
  void wrote(uint64_t bytes, uint64_t end);
  /// CPU of one buffered write(2) besides the system call and the copy (ext3.write_us).
  Time write_call_ps() const { return write_call_ps_; }
  /// fsync(fd); `done` when it returns.
  void fsync(std::function<void()> done);
  uint64_t commits() const { return commits_; }
  uint64_t fsyncs() const { return fsyncs_; }

 private:
  struct Transaction {
    int handles = 0;      ///< handles that joined (t_handle_count)
    bool closed = false;  ///< committing or waiting to commit: new handles go to the next one
    bool committed = false;
    std::vector<std::function<void()>> waiters;  ///< fsyncs waiting for this commit
  };
  /// journal_stop's batching: sleep a jiffy, again while the handle count moved, then commit and wait.
  void batch(std::shared_ptr<Transaction> t, int seen, std::function<void()> done);
  void request_commit(std::shared_ptr<Transaction> t);
  void commit_next();

  Simulator& sim_;
  Disk& disk_;
  Time jiffy_ps_, write_call_ps_;
  uint64_t block_bytes_, metadata_blocks_;
  uint64_t dirty_ = 0, size_ = 0;
  int64_t mtime_s_ = -1;
  bool inode_dirty_ = false;
  std::shared_ptr<Transaction> running_;
  std::vector<std::shared_ptr<Transaction>> to_commit_;  ///< closed transactions, oldest first
  bool committing_ = false;
  uint64_t commits_ = 0, fsyncs_ = 0;
};

/// The parameters of ext3 and the kernel's tick (ext3.*, os.jiffy_us).
const std::vector<ParameterSpec>& ext3_parameters();

}  // namespace hpcsim::pvfs2
