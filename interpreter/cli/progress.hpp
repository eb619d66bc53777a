// A progress line on standard error while a statement solves for more than
// a second: states solved so far and the rate. Only on a terminal; the line
// is erased when the statement ends, before its output is shown.
#pragma once

#include "interpreter/driver/interpreter.hpp"

namespace grundy {

// Hooks the line into `in` when standard error is a terminal.
void attach_progress_line(Interpreter& in);

}  // namespace grundy
