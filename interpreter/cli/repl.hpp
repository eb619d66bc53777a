// `grundy repl`: the interactive loop.
#pragma once

#include <string>
#include <vector>

#include "interpreter/driver/interpreter.hpp"

namespace grundy {

int repl(Interpreter& in, const std::vector<std::string>& files);

}  // namespace grundy
