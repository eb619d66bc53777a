#include "period.hpp"

#include <algorithm>

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

Period prove_period(const std::vector<std::uint32_t>& xs, std::int64_t t, std::int64_t r) {
    const auto n = static_cast<std::int64_t>(xs.size());
    r = std::max<std::int64_t>(r, 2);
    for (std::int64_t p = 1; r * p + t + r <= n; ++p) {
        std::int64_t e = n - p;
        while (e > 0 && xs[static_cast<std::size_t>(e - 1)] == xs[static_cast<std::size_t>(e - 1 + p)]) --e;
        if (n >= r * (std::max<std::int64_t>(e, 1) + p) + t)
            return Period{static_cast<std::size_t>(p), static_cast<std::size_t>(e)};
    }
    return Period{};
}

}  // namespace grundy
