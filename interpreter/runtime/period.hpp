// Period detection for `table` and period(): the least period p, and the
// first index k from which xs[n] == xs[n + p] holds to the end.
//
// A period is reported only with evidence: the periodic part must hold at
// least three full periods and be at least as long as the preperiod, so a
// coincidence at the end of a short table is not called a period.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/values/value.hpp"

namespace grundy {

struct Period {
    std::size_t period = 0;  // 0: none found
    std::size_t start = 0;   // the preperiod: the periodic part starts here
    bool found() const { return period != 0; }
};

Period find_period(const std::vector<Value>& xs);

// The Guy-Smith periodicity theorem, for the values xs of heaps 0..N-1 of
// a take-and-break game whose moves remove at most t tokens and leave at
// most r heaps: if xs[m + p] == xs[m] for every m with
// e <= m < r * max(e, 1) + (r - 1) * p + t, it holds for every m >= e (an
// option of a heap of at least r (e + p) + t has a part of at least e + p,
// which is p more than a part of an option of the heap p less). With r = 2
// this is the bound 2e + p + t of Winning Ways. The least p that the
// values prove so, with the least e for it; none when they prove none yet.
Period prove_period(const std::vector<std::uint32_t>& xs, std::int64_t t, std::int64_t r = 2);

}  // namespace grundy
