// `grundy repl`: the interactive loop (see docs/repl.md).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "interpreter/driver/interpreter.hpp"
#include "interpreter/driver/limits.hpp"

namespace grundy {

struct ReplOptions {
    std::size_t max_nodes = 500;  // :graph refuses larger graphs
    Watchdog* watchdog = nullptr;  // armed while an entry or a command runs
};

int repl(Interpreter& in, const std::vector<std::string>& files, const ReplOptions& opts);

}  // namespace grundy
