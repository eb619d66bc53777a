// The reference side of the differential test: games as explicit move
// lists over explicit states, solved by plain memoised recursion. It shares
// nothing with the interpreter, and is meant to be slow and obviously right.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace grundy::difftest {

// An int is {n}, a tuple its coordinates, a list its elements, a set its
// elements sorted without duplicates.
using State = std::vector<std::int64_t>;

struct Comp {
    int game;
    State state;
    auto operator<=>(const Comp&) const = default;
};

// A position: the disjunctive sum of its components (empty: no move left).
using Sum = std::vector<Comp>;

// The language's `/` and `%` round towards minus infinity; C++'s do not.
inline std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    std::int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
inline std::int64_t floor_mod(std::int64_t a, std::int64_t b) { return a - floor_div(a, b) * b; }

struct RefGame {
    using Moves = std::function<void(const State&, std::vector<Sum>&)>;
    std::function<bool(const State&)> terminal;  // empty: never
    std::vector<Moves> moves;                    // each appends the options of one move line
    // What `canonical` makes of a state: every state is played as its
    // canonical form, and two states with one form are one position.
    std::function<State(const State&)> canon;  // empty: none
};

class Reference {
public:
    int size() const { return static_cast<int>(games_.size()); }

    int add(RefGame g) {
        games_.push_back(std::move(g));
        return static_cast<int>(games_.size()) - 1;
    }

    std::vector<Sum> options(const Comp& c) const {
        std::vector<Sum> out;
        const RefGame& g = games_.at(c.game);
        const State s = g.canon ? g.canon(c.state) : c.state;
        if (g.terminal && g.terminal(s)) return out;
        for (const auto& m : g.moves) m(s, out);
        return out;
    }

    int sg(const Comp& c) {
        if (auto it = sg_.find(c); it != sg_.end()) return it->second;
        std::vector<Sum> opts = options(c);
        std::vector<bool> seen(opts.size() + 1);  // the mex is at most the number of options
        for (const Sum& option : opts)
            if (int v = sg(option); v < static_cast<int>(seen.size())) seen[v] = true;
        int mex = 0;
        while (seen[mex]) ++mex;
        sg_.emplace(c, mex);
        return mex;
    }

    int sg(const Sum& sum) {
        int x = 0;
        for (const Comp& c : sum) x ^= sg(c);
        return x;
    }

    // Thrown when a misère question would take the reference too long; the
    // generator then asks another.
    struct TooBig {};

    bool misere_first_wins(Sum sum) {
        misere_limit_ = misere_.size() + misere_budget;
        return misere_wins(std::move(sum));
    }

    bool first_wins(const Sum& sum, bool misere) { return misere ? misere_first_wins(sum) : sg(sum) != 0; }

    // How many distinct positions one move from `sum` the player to move
    // wins by moving to. Positions are multisets of canonical components.
    int winning_moves(const Sum& sum, bool misere) {
        std::set<Sum> winning;
        for (std::size_t i = 0; i < sum.size(); ++i)
            for (const Sum& option : options(sum[i])) {
                Sum next = replace(sum, i, option);
                if (first_wins(next, misere)) continue;
                for (Comp& c : next)
                    if (const auto& canon = games_[c.game].canon) c.state = canon(c.state);
                std::sort(next.begin(), next.end());
                winning.insert(next);
            }
        return static_cast<int>(winning.size());
    }

private:
    static constexpr std::size_t misere_budget = 5000;  // new sums for one question

    // Misère play, straight from the definition: with no move at all the
    // player to move has won; otherwise they win iff some move leaves a
    // position the other player loses. A component with no move is dropped
    // first: it offers no move and never gets one.
    // The misère search visits each component many times.
    const std::vector<Sum>& misere_options(const Comp& c) {
        auto it = options_.find(c);
        if (it == options_.end()) it = options_.emplace(c, options(c)).first;
        return it->second;
    }

    bool misere_wins(Sum sum) {
        std::erase_if(sum, [&](const Comp& c) { return misere_options(c).empty(); });
        std::sort(sum.begin(), sum.end());
        if (auto it = misere_.find(sum); it != misere_.end()) return it->second;
        if (misere_.size() >= misere_limit_) throw TooBig{};
        bool any_move = false, wins = false;
        for (std::size_t i = 0; i < sum.size() && !wins; ++i) {
            for (const Sum& option : misere_options(sum[i])) {
                any_move = true;
                if (!misere_wins(replace(sum, i, option))) {
                    wins = true;
                    break;
                }
            }
        }
        bool result = wins || !any_move;
        misere_.emplace(std::move(sum), result);
        return result;
    }

    static Sum replace(const Sum& sum, std::size_t i, const Sum& option) {
        Sum next;
        for (std::size_t j = 0; j < sum.size(); ++j)
            if (j != i) next.push_back(sum[j]);
        next.insert(next.end(), option.begin(), option.end());
        return next;
    }

    std::vector<RefGame> games_;
    std::map<Comp, std::vector<Sum>> options_;
    std::map<Comp, int> sg_;
    std::map<Sum, bool> misere_;
    std::size_t misere_limit_ = 0;
};

}  // namespace grundy::difftest
