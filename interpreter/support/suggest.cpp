#include "suggest.hpp"

#include <algorithm>

namespace grundy {

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // Optimal string alignment: three rows of the dynamic programme.
    std::vector<std::size_t> before(b.size() + 1), prev(b.size() + 1), cur(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        cur[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] != b[j - 1])});
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
                cur[j] = std::min(cur[j], before[j - 2] + 1);
        }
        std::swap(before, prev);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
    std::size_t limit = word.size() <= 2 ? 1 : 2;
    std::string best;
    std::size_t best_d = limit + 1;
    for (const std::string& c : candidates) {
        if (c == word) continue;
        std::size_t d = edit_distance(word, c);
        if (d < best_d) {
            best = c;
            best_d = d;
        }
    }
    return best;
}

}  // namespace grundy
