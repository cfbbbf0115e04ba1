#pragma once
// Where a FlatZinc item came from in the user's MiniZinc model. `minizinc` compiles a model
// into a temporary .fzn file whose variables are often MiniZinc's own (X_INTRODUCED_12_); with
// "needsPathsFile" in the solver configuration it also hands the solver `--paths FILE`, a
// table from each FlatZinc variable and constraint to its MiniZinc name and source location:
//
//   X_INTRODUCED_0_ <TAB> q[1] <TAB> /home/u/queens.mzn|2|26|2|26|id|q;|0|0|0|0|il|0;
//   3 <TAB> 3 <TAB> /home/u/queens.mzn|5|12|5|23|bin|'>=';...|ca|int_le;
//
// (a variable by its FlatZinc name, a constraint by its number in the file from 0; the path
// is a chain of "file|line|col|endline|endcol|kind|..." segments, outermost first). A message
// about the .fzn file is then told in the model's words: its place in the model, the
// MiniZinc names of the variables it quotes, and the .fzn place after it.
#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

#include "ast.hpp"

namespace fzn {

class SourceMap {
 public:
  /// Reads a paths file (bounded: it is as large as the model; InputError when malformed or
  /// too large). Lines it does not understand are skipped: the file is MiniZinc's to change.
  static SourceMap read(const std::string& path);
  /// The same from text (tests).
  static SourceMap parse(std::string_view text);

  /// A message "FZN:LINE:COL: what" about the model as "MZN:LINE:COL: what (FZN:LINE:COL)",
  /// with each 'name' of a FlatZinc variable in `what` replaced by its MiniZinc name, when the
  /// item at that line of the .fzn file is in the table; otherwise the message as it is.
  std::string explain(const Model& model, std::string_view message) const;

  std::size_t size() const { return names_.size() + constraints_.size(); }

 private:
  struct Entry {
    std::string nice;   ///< the MiniZinc name ("q[1]"); empty for a constraint
    std::string place;  ///< "file:line:col" in the user's model, or empty
  };
  std::unordered_map<std::string, Entry> names_;
  std::unordered_map<std::size_t, Entry> constraints_;
};

}  // namespace fzn
