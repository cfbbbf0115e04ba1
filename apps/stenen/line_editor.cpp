#include "line_editor.hpp"

#include <cstdlib>
#include <cstring>
#include <string_view>
#include <utility>

#ifdef STENEN_LIBEDIT
#include <editline/readline.h>
#endif

namespace stenen {

namespace {

std::vector<std::string> completion_words;

}  // namespace

#ifdef STENEN_LIBEDIT

namespace {

// libedit calls this with state 0, then 1, 2, ... until it returns nullptr; it frees the words.
char* next_word(const char* text, int state) {
  static std::size_t at = 0;
  if (state == 0) at = 0;
  while (at < completion_words.size()) {
    const std::string& w = completion_words[at++];
    if (std::string_view(w).starts_with(text)) return ::strdup(w.c_str());
  }
  return nullptr;
}

char** complete(const char* text, int start, int /*end*/) {
  rl_attempted_completion_over = 1;  // never file names
  return start == 0 ? rl_completion_matches(text, next_word) : nullptr;
}

}  // namespace

bool line_editing_available() { return true; }

LineEditor::LineEditor(std::vector<std::string> words) {
  completion_words = std::move(words);
  rl_readline_name = "stenen";  // for ~/.editrc
  rl_attempted_completion_function = complete;
  using_history();
  stifle_history(1000);
}

LineEditor::~LineEditor() {
  clear_history();
  rl_attempted_completion_function = nullptr;
  completion_words.clear();
}

std::optional<std::string> LineEditor::read(const std::string& prompt) {
  char* raw = ::readline(prompt.c_str());
  if (raw == nullptr) return std::nullopt;
  std::string line(raw);
  std::free(raw);
  if (line.find_first_not_of(" \t") != std::string::npos && line != last_) {
    add_history(line.c_str());
    last_ = line;
  }
  return line;
}

#else

bool line_editing_available() { return false; }

LineEditor::LineEditor(std::vector<std::string> words) { completion_words = std::move(words); }

LineEditor::~LineEditor() { completion_words.clear(); }

std::optional<std::string> LineEditor::read(const std::string& /*prompt*/) { return std::nullopt; }

#endif

}  // namespace stenen
