// Period detection for `table` and period(): the least period p, and the
// first index k from which xs[n] == xs[n + p] holds to the end.
//
// A period is reported only with evidence: the periodic part must hold at
// least three full periods and be at least as long as the preperiod, so a
// coincidence at the end of a short table is not called a period.
#pragma once

#include <vector>

#include "interpreter/values/value.hpp"

namespace grundy {

struct Period {
    std::size_t period = 0;  // 0: none found
    std::size_t start = 0;   // the preperiod: the periodic part starts here
    bool found() const { return period != 0; }
};

Period find_period(const std::vector<Value>& xs);

}  // namespace grundy
