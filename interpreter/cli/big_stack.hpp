// Runs a function on a thread with a large stack. The solver never recurses
// on game depth, but user functions recurse through the evaluator, as deep
// as this stack allows (Context::push_frame checks the room left). It is
// mapped without reserving memory: only the pages a recursion touches cost.
#pragma once

#include <functional>

namespace grundy {

inline constexpr std::size_t interpreter_stack_bytes = std::size_t{8} << 30;  // address space, touched on demand

int run_with_big_stack(std::function<int()> f);

}  // namespace grundy
