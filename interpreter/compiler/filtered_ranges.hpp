// A move whose range is filtered by a condition of its variable alone,
// rewritten over the list of the values that pass (see filtered_range).
#pragma once

#include <string>
#include <vector>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"

namespace grundy {

// `k in lo..hi where P and R`, one generator, where lo and an upper bound
// U of k are int literals at most max_filtered_values apart (U: hi, an
// argument of `hi = min(...)`, or a conjunct `k <= U` or `k < U` of P), hi
// is a name, a literal or a `min` of such, and P, the leading conjuncts
// that read k, read nothing else of the rules' (`locals`, which holds k)
// and are `pure`: becomes `k in [k for k in lo..U where P] where k <= hi
// and R` (`k <= a` for each argument a of a `min` that may be below U);
// false when gs is not so. The options and their order are the same, P
// runs once per value rather than once per state. The int path compiles
// this copy (IntCompiler::filtered_copy): the list reads no register, so
// it is made once per instance, and the move is a translation where R is
// bounds only; a P that fails makes the list fail, which leaves the
// instance to the generic path and its rules as written.
bool filtered_range(ast::Generators& gs, const std::vector<std::string>& locals,
                    FunctionRef<bool(const ast::Expr&)> pure);

inline constexpr std::int64_t max_filtered_values = 4096;

}  // namespace grundy
