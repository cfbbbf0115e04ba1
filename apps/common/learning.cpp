#include "common/learning.hpp"

#include <string>

#include <CLI/CLI.hpp>
#include <solve/search.hpp>

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

CLI::Option* add_learning(CLI::App& app, solve::Learning& use, bool default_on,
                          const std::string& help) {
  use = default_on ? solve::Learning::on : solve::Learning::off;
  // CLI11 reads an enum as its underlying integer
  const auto number = [](solve::Learning l) { return std::to_string(int(l)); };
  return app.add_option("--learning", use, help)
      ->transform(one_of_words(
          {{"on", number(solve::Learning::on)}, {"off", number(solve::Learning::off)}}))
      ->type_name("TEXT")
      ->default_str(default_on ? "on" : "off");
}

}  // namespace cli
