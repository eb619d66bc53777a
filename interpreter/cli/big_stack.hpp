// Runs a function on a thread with a large stack. The solver never recurses
// on game depth, but user functions recurse through the evaluator; the
// depth limit (Context::max_depth) is sized to fit well inside this stack.
#pragma once

#include <functional>

namespace grundy {

inline constexpr std::size_t interpreter_stack_bytes = std::size_t{1} << 30;  // reserved, touched on demand

int run_with_big_stack(std::function<int()> f);

}  // namespace grundy
