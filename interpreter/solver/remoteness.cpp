// Remoteness under normal play (Steinhaus; Winning Ways ch. 9): 0 at a
// terminal position; at an N-position one more than the least remoteness of
// its P options (the winner hurries); at a P-position one more than the
// greatest of its options' (the loser delays); a draw has none.
//
// The positions c reaches are explored as sums (a move changes one part),
// since the remoteness of a sum is not made from its parts', and labelled
// backwards from the terminal ones in order of remoteness, as retrograde
// analysis does: that order is well founded in loopy games too. Outcomes
// come from the values, so the search only orders what they decide.
#include <algorithm>
#include <queue>
#include <unordered_map>

#include <fmt/format.h>

#include "solver.hpp"

namespace grundy::solver {

namespace {

using Sum = std::vector<Comp>;  // sorted

struct SumHash {
    std::size_t operator()(const Sum& s) const {
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (Comp c : s) h = (h ^ c) * 0x100000001b3ull;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }
};

}  // namespace

std::uint64_t Solver::remoteness(Comp root) { return remoteness(std::span<const Comp>(&root, 1)); }

std::uint64_t Solver::remoteness(std::span<const Comp> root) {
    Busy busy(*this);
    if (root.size() == 1)
        if (auto it = remoteness_.find(root[0]); it != remoteness_.end()) return it->second;
    std::unordered_map<Sum, std::uint32_t, SumHash> number;
    std::vector<Sum> sums;
    std::vector<std::vector<std::uint32_t>> preds;
    std::vector<std::uint32_t> options;  // count of each sum's options
    std::vector<Outcome> outcome_of;
    std::vector<std::uint64_t> far;  // remoteness, draw_remoteness until found
    // Settled in order of remoteness (the known ones come first, at any).
    using Entry = std::pair<std::uint64_t, std::uint32_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> ready;
    auto add = [&](Sum s) -> std::uint32_t {
        auto [it, fresh] = number.try_emplace(s, static_cast<std::uint32_t>(sums.size()));
        if (!fresh) return it->second;
        if (sums.size() >= max_states_)
            throw SolveError(fmt::format("state limit reached: remoteness needs more than {} positions; raise it "
                                         "with --max-states",
                                         max_states_));
        if ((sums.size() & 0xFFF) == 0xFFF) check_interrupt();
        outcome_of.push_back(outcome(grundy(std::span<const Comp>(s))));
        far.push_back(draw_remoteness);
        preds.emplace_back();
        options.push_back(0);
        sums.push_back(std::move(s));
        return it->second;
    };
    Sum start(root.begin(), root.end());
    std::sort(start.begin(), start.end());
    add(std::move(start));
    for (std::uint32_t i = 0; i < sums.size(); ++i) {
        if (sums[i].size() == 1) {
            if (auto it = remoteness_.find(sums[i][0]); it != remoteness_.end()) {
                far[i] = it->second;  // known: its options need not be explored
                ready.emplace(far[i], i);
                continue;
            }
        }
        std::uint32_t count = 0;
        for (std::size_t part = 0; part < sums[i].size(); ++part) {
            if (part > 0 && sums[i][part] == sums[i][part - 1]) continue;  // the same moves
            for (const std::vector<Comp>& option : this->options(sums[i][part])) {
                Sum next;
                next.reserve(sums[i].size() + option.size());
                for (std::size_t q = 0; q < sums[i].size(); ++q)
                    if (q != part) next.push_back(sums[i][q]);
                next.insert(next.end(), option.begin(), option.end());
                std::sort(next.begin(), next.end());
                const std::uint32_t j = add(std::move(next));
                preds[j].push_back(i);
                ++count;
            }
        }
        options[i] = count;
        if (count == 0) {
            far[i] = 0;
            ready.emplace(far[i], i);
        }
    }
    // Backwards in order of remoteness: an N-position is settled by its
    // first P option settled, a P-position by its last option.
    std::vector<bool> settled(sums.size());
    while (!ready.empty()) {
        const std::uint32_t v = ready.top().second;
        ready.pop();
        if (settled[v]) continue;
        settled[v] = true;
        for (std::uint32_t u : preds[v]) {
            if (settled[u] || far[u] != draw_remoteness) continue;
            if (outcome_of[u] == Outcome::n && outcome_of[v] == Outcome::p) {
                far[u] = far[v] + 1;
                ready.emplace(far[u], u);
            } else if (outcome_of[u] == Outcome::p && --options[u] == 0) {
                far[u] = far[v] + 1;
                ready.emplace(far[u], u);
            }
        }
    }
    for (std::uint32_t i = 0; i < sums.size(); ++i)
        if (sums[i].size() == 1) remoteness_.emplace(sums[i][0], far[i]);
    return far[0];
}

}  // namespace grundy::solver
