// A game whose position is a tuple of tuples, `position ((a, b), c)`,
// rewritten as the game on the flat tuple of its ints, for the int fast
// path: the ints pack and the rules compile as for `position (a, b, c)`,
// while the states keep the nested form (StateTable's spelling).
#pragma once

#include <memory>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"

namespace grundy {

// The rules with the position pattern flattened and every state they
// build (move results, `split` parts, the canonical form and start) a
// flat tuple display. A state is flattened when it is a display of the
// pattern's shape, or an `if` or `let` whose arms are. Null when the
// position is not nested, or some state is not of that form.
// `is_builtin`: whether a name, in this game, means the builtin.
std::unique_ptr<ast::GameDef> flat_tuple_rules(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin);

}  // namespace grundy
