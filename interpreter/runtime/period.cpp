#include "period.hpp"

namespace grundy {

Period find_period(const std::vector<Value>& xs) {
    const std::size_t n = xs.size();
    for (std::size_t p = 1; 3 * p <= n; ++p) {
        // Walk back from the end while xs[i] == xs[i + p].
        std::size_t k = n - p;
        while (k > 0 && xs[k - 1] == xs[k - 1 + p]) --k;
        std::size_t periodic = n - k;
        if (periodic >= 3 * p && periodic >= k) return Period{p, k};
    }
    return Period{};
}

}  // namespace grundy
