// A game on lists of one fixed length, `position h` whose every move,
// canonical and start result is a list of k ints, rewritten as the game on
// the k-tuple of those ints, for the int fast path.
#pragma once

#include <memory>

#include "interpreter/ast/ast.hpp"
#include "interpreter/runtime/function_ref.hpp"

namespace grundy {

// The rules with position `[h#0, ..., h#k-1]` (names no source can spell):
// `h[c]` for a literal c in range is h#c, `len(h)` is k, any other `h` is
// the list display of the k names, `h[e]` reads the list `h#` by index
// (IntCompiler compiles it over the position's registers), and `update`
// of such a display at a literal index, or at a generator variable whose
// range stays inside the list, is a display too. Null when the results do
// not all have one length k in 1..8, or when h or a builtin used is
// rebound, so that the rewrite could change a meaning.
// `is_builtin`: whether a name, in this game, means the builtin.
// `length`: where every result keeps the length of the list it came from
// (`update(h, ...)`, `sorted(h)`, h itself), no result fixes k: the rules
// for positions of `length` ints are made then (0: only a length the
// results fix).
std::unique_ptr<ast::GameDef> fixed_list_rules(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin,
                                               int length = 0);
// Whether every result keeps its list's length (so fixed_list_rules makes
// the rules for any length asked).
bool keeps_list_length(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin);

// The lengths fixed_list_rules takes: 1..max_fixed_list.
constexpr int max_fixed_list = 8;

}  // namespace grundy
