// Whether a one-heap game's rules depend on the heap only as a
// take-and-break game's do, so that the Guy-Smith theorem (Winning Ways,
// ch. 4) proves a period from finitely many values: the options of a heap
// n are parts that sum to n less a removal, and every test and bound that
// reads n stops depending on it once n passes what a move removes.
#pragma once

#include "interpreter/ast/ast.hpp"

namespace grundy {

// Of `position n` rules (after the rule rewrite): no terminal rule and no
// canonical form; n read only as `n - e` (and `(n - e) / c`, `n - e - f`),
// in `min(n, e)` or `min(n - e, f)`, or compared with a removal variable
// (`k <= n`, `k == n`: the proof's window then passes the largest k,
// HeapEngine::removal_bound); a removal variable is one whose
// range's end is a `min` with an expression free of n, or free of n
// itself; any other generator (a part, `a in 1..(n - k) / 2`) appears
// only in results. The heap name must not be rebound.
bool uniform_heap_rules(const ast::GameDef& gd);

}  // namespace grundy
