// The built-in functions, one table. A builtin receives evaluated arguments
// and throws ValueError (or solver::SolveError) on bad input; the call site
// adds the location.
#pragma once

#include <span>
#include <string_view>

#include "context.hpp"

namespace grundy {

struct Builtin {
    const char* name;
    int min_args;
    int max_args;                // -1: any number
    Value (*fn)(Context& ctx, std::span<const Value> args);
    const char* signature;       // for errors and :help, e.g. "update(xs, i, v)"
    const char* summary;
};

const Builtin* find_builtin(std::string_view name);
std::span<const Builtin> all_builtins();

}  // namespace grundy
