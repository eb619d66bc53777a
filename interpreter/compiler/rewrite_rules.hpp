// Rewrites a copy of a game's rules, before they compile, into the forms
// that every later analysis knows, without changing what they mean:
//
// - Calls of small user functions are expanded in place, so that a rule
//   written through a helper (`canonical => (lo(a, b), hi(a, b))`) compiles
//   to the code of the helper's body written in place.
// - A move result that is a sum of this game's own positions, `G(a) + G(b)`
//   (or `G(p, q)(a) + ...` with the game's own rule parameters), is the
//   same sum as `split(a, b)`, and is written so.
//
// The expansion keeps the call's meaning exactly: an argument that is a
// literal or a local name is substituted for its parameter; any other is
// bound first (`let p = arg in body`), so arguments are evaluated once,
// left to right, before the body, as a call evaluates them. A function is
// expanded only when its body is small, it is not already being expanded
// (recursion stays a call), and no name in its body would mean something
// else at the call site.
#pragma once

#include <memory>
#include <string>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"

namespace grundy {

// `global_fn(name)`: the definition of the global function `name`, or null
// when `name` is not one; `is_builtin(name)`: no global takes the name of
// the builtin (`split`, `update`).
std::unique_ptr<ast::GameDef> rewrite_rules(const ast::GameDef& gd,
                                           FunctionRef<const ast::FnDef*(const std::string&)> global_fn,
                                           FunctionRef<bool(const std::string&)> is_builtin);

}  // namespace grundy
