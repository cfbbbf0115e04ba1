#include "common/learning.hpp"

#include <CLI/CLI.hpp>

#include "common/names.hpp"

namespace cli {

CLI::Option* add_learning(CLI::App& app, bool& on, bool default_on, const std::string& help) {
  on = default_on;
  // "1"/"0": what CLI11 reads into a bool; only the words are offered and listed
  return app.add_option("--learning", on, help)
      ->transform(one_of_words({{"on", "1"}, {"off", "0"}}))
      ->type_name("TEXT")
      ->default_str(default_on ? "on" : "off");
}

}  // namespace cli
