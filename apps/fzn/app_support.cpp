#include "app_support.hpp"

#include <csignal>
#include <cstdlib>
#include <iostream>

namespace fzn::app {
namespace {

std::atomic<bool> interrupted{false};

extern "C" void on_signal(int sig) {
  if (interrupted.exchange(true)) {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
}

}  // namespace

void error(std::string_view message) { std::cerr << "fzn-libsolve: " << message << '\n'; }

const std::atomic<bool>* install_interrupt_flag() {
  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  return &interrupted;
}

}  // namespace fzn::app
