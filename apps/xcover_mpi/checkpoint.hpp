#pragma once
// The checkpoint file of a distributed count: the parts counted so far, one line each, appended
// as their results come in, so that a run killed at any moment (a node failure, the batch
// system's time limit) can go on where it stopped (--resume FILE). A text file:
//
//   xcover-mpi checkpoint 2
//   problem 9f3a0c21d4e5b677 48213                  FNV-1a hash and size of the problem's text
//   parts 256 263 5d1c0e77a9b3f210                  parts asked of the split, parts it gave, check
//   done 17 1234 56789 1011121 14 0.250000 0 0 0 0 8e02b4c61f3a9d57
//   ...
//
// A "done" line: index, count, nodes, updates, max depth, seconds, memo lookups, hits, stores,
// evictions, check. The check (16 hex digits) is a 64-bit hash of the line's text before it,
// keyed by the problem's hash and size (the "parts" line) and by the "parts" line too (the
// "done" lines): a damaged or edited line, or one moved from the checkpoint of another
// problem or split, is refused. It is not a signature: whoever recomputes it can forge a line.
// A last line without its newline (the run was killed while writing it) is dropped. Format 1
// (without checks) is refused: its counts cannot be checked.
//
// The file is read line by line, stopping at the first bad line, and its size is bounded by
// what its part count allows; the parts read are added up as they come (memory: a bit per
// part). A run holds a lock on it (flock) while it writes to it: a second run is refused.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "part_result.hpp"

namespace xcover_mpi {

/// The first line of a checkpoint.
inline constexpr std::string_view checkpoint_magic = "xcover-mpi checkpoint 2";
/// The longest line a checkpoint may have: a "done" line with a count of max_count_digits
/// digits, every other number at its widest. Longer lines are refused.
inline constexpr std::size_t max_checkpoint_line = 4608;

/// Which problem and which split a checkpoint belongs to.
struct CheckpointHeader {
  std::uint64_t problem_hash = 0;   ///< fingerprint() of the problem's text
  std::uint64_t problem_bytes = 0;  ///< its size
  std::size_t asked = 0;            ///< the number of parts asked of split_cover
  std::size_t parts = 0;            ///< the number it gave
  friend bool operator==(const CheckpointHeader&, const CheckpointHeader&) = default;
};

/// What the run that reads a checkpoint knows, checked as soon as the header is read (before
/// any "done" line, and before the split).
struct CheckpointExpect {
  std::uint64_t problem_hash = 0;   ///< this problem's fingerprint()
  std::uint64_t problem_bytes = 0;  ///< its size
  std::size_t split = 0;            ///< --split (0: not given)
  std::size_t options =
      0;  ///< the problem's options: the split gives at most asked + options parts
};

struct Checkpoint {
  CheckpointHeader header;
  Tally total;                  ///< the parts counted, added up
  std::vector<bool> done;       ///< done[p]: part p is counted (none past the last part counted)
  std::size_t valid_bytes = 0;  ///< the length of the complete lines (what is kept)
  bool dropped_tail = false;    ///< an incomplete last line was dropped
};

/// Called with each part read, in file order (tests and the fuzz harness look at them).
using PartHook = std::function<void(const PartResult&)>;

/// FNV-1a (64 bits) of a problem's text: a checkpoint of another problem is refused.
std::uint64_t fingerprint(std::string_view text);
/// The check of a line: a 64-bit hash of its text, keyed.
std::uint64_t line_check(std::uint64_t key, std::string_view text);
/// The key of the "parts" line's check: the problem's hash and size.
std::uint64_t parts_key(const CheckpointHeader& h);
/// The key of the "done" lines' checks: the problem and the split (the parts line's check).
std::uint64_t done_key(const CheckpointHeader& h);

/// The first three lines.
std::string format_header(const CheckpointHeader& h);
/// A "done" line (with its check and newline) for a complete result, keyed by done_key().
std::string format_done(const PartResult& r, std::uint64_t key);

/// Parses a checkpoint's text; solve::InputError "NAME:LINE: what" when it is not one, a line
/// is malformed, too long or fails its check, an index is past the parts or given twice, the
/// header is out of bounds or (with `expect`) not this problem's or split's.
Checkpoint parse_checkpoint(std::string_view text, const std::string& name,
                            const CheckpointExpect* expect = nullptr, const PartHook& each = {});

/// A checkpoint file open for a run: created new (--checkpoint) or opened to go on with
/// (--resume), and locked (flock) as long as it is open, so that a second run is refused
/// rather than appending too. "done" lines are appended and each written at once (a killed
/// process loses nothing written), forced to the disk (fdatasync) at most once a second and at
/// the end, so that a crashed machine loses at most the last second. A failed write throws
/// cli::WriteError.
class CheckpointFile {
 public:
  /// Throws cli::WriteError unless a new checkpoint can be made at path: it must not exist (its
  /// work would be lost) and its folder must be writable. Meant before a long split; create()
  /// checks again.
  static void check_new(const std::string& path);
  /// A new file with the header; WriteError when path exists (its work would be lost).
  static CheckpointFile create(const std::string& path, const CheckpointHeader& header);
  /// An existing file, locked and read (parse_checkpoint's checks, reading line by line);
  /// solve::InputError when another run holds it, or it cannot be read or used.
  static CheckpointFile resume(const std::string& path, const CheckpointExpect& expect,
                               Checkpoint& read, const PartHook& each = {});
  CheckpointFile(CheckpointFile&& o) noexcept;
  CheckpointFile& operator=(CheckpointFile&&) = delete;
  ~CheckpointFile();

  /// A resumed file: opens it for writing, cut back to valid_bytes (an incomplete last line
  /// goes). Done once, before the first append.
  void open_to_append(std::size_t valid_bytes);
  void append(const PartResult& r);
  /// Forces what was written to the disk.
  void sync();
  const std::string& path() const { return path_; }

 private:
  CheckpointFile(std::string path, int fd) : path_(std::move(path)), fd_(fd) {}
  void lock();
  void write(std::string_view text);
  [[noreturn]] void fail(const char* what) const;

  std::string path_;
  int fd_ = -1;            // written to (-1: a resumed file not opened to append yet)
  int lock_fd_ = -1;       // holds the lock (fd_ too when the file was created)
  std::uint64_t key_ = 0;  // done_key() of the header
  double last_sync_ = 0;   // steady-clock seconds
};

}  // namespace xcover_mpi
