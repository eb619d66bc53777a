// Generalized Sprague-Grundy values of loopy games (Smith 1966; Fraenkel
// and Yesha; Siegel, Combinatorial Game Theory, ch. IV).
//
// solve_loopy(root) labels every state root reaches that has no value yet:
//  1. explore them breadth first, numbering each and keeping its options
//     as edges (to a numbered state, or to a value already known);
//  2. find their strongly connected components (Tarjan), which come out
//     sinks first, so every option outside a component is labelled before
//     the component is;
//  3. label a component of one state without a loop by the mex rule
//     (value_beside_loops), and any other by rounds m = 0, 1, ...: a state
//     is labelled m when no option is labelled m and every option that is
//     unlabelled or infinite has an option labelled m (a retrograde pass
//     with counters); those left with no option labelled m are infinite.
// A state is labelled in the round of its value, so a component whose
// values are at most v takes v + 2 rounds of its size and edges.
#include <algorithm>

#include <fmt/format.h>

#include "solver.hpp"

namespace grundy::solver {

namespace {

// An edge: a numbered state below leaf_bit, else a known value: finite
// (leaf_bit | v) or infinite (the value itself, at least finite_limit).
constexpr std::uint32_t leaf_bit = 0x80000000;
constexpr std::uint32_t unlabelled = ValueArray::unknown;

}  // namespace

struct Solver::Loopy {
    Solver& s;
    std::vector<Comp> comp;            // by number
    std::vector<std::uint32_t> first;  // edges of state i: first[i] .. first[i + 1]
    std::vector<std::uint32_t> edges;
    std::vector<std::uint32_t> value;  // labels, unlabelled until its component is done

    // States are marked explore_base + base + their number: a search
    // begun while another explores (for a part of a sum) numbers after it,
    // and a mark below its base is the other's.
    const std::uint32_t base;

    explicit Loopy(Solver& solver) : s(solver), base(solver.explore_next_) {}

    std::uint32_t number(Comp c) {
        const auto i = static_cast<std::uint32_t>(comp.size());
        if (base + i >= on_path - explore_base) s.state_limit();
        if (own_id(comp_state(c))) s.charge_state();
        comp.push_back(c);
        s.set(c, explore_base + base + i);
        s.explore_next_ = base + i + 1;
        return i;
    }

    std::uint32_t leaf(std::uint32_t v) const {
        if (is_finite(v)) {
            if (v >= leaf_bit) throw SolveError("a Grundy value past 2^31 in a loopy game");
            return leaf_bit | v;
        }
        return v;
    }

    // The edge for a component met as an option: numbered, or known.
    std::uint32_t edge_to(Comp c) {
        const std::uint32_t v = s.peek(c);
        if (v < explore_base) return leaf(v);
        if (v == unknown) return number(c);
        if (v == on_path || v - explore_base < base) s.cycle(c);  // an outer search's
        return v - explore_base - base;
    }

    // The value of an option of several parts, each solved on its own.
    std::uint32_t sum_edge(std::span<const std::uint64_t> parts) {
        std::uint32_t x = 0;
        for (std::uint64_t e : parts) {
            std::uint32_t v;
            if (e & resolved_bit) {
                v = static_cast<std::uint32_t>(e);
            } else {
                v = s.peek(e);
                if (v >= explore_base && v != unknown) s.cycle(e);
                if (v == unknown) v = s.grundy(e);
            }
            x = s.nim_add(x, v);
        }
        return leaf(x);
    }

    void explore(Comp root) {
        number(root);
        std::vector<std::uint64_t> buf;
        for (std::uint32_t i = 0; i < comp.size(); ++i) {
            first.push_back(static_cast<std::uint32_t>(edges.size()));
            buf.clear();
            OptionSink sink(buf, true);
            ++s.stats_.expansions;
            if ((i & 0xFFF) == 0xFFF) s.check_interrupt();
            s.tables_[comp_graph(comp[i])].graph->expand(comp_state(comp[i]), sink);
            for (std::size_t a = 0; a < buf.size();) {
                std::size_t b = a + 1;
                while (b < buf.size() && !(buf[b] & OptionSink::header_bit)) ++b;
                const std::span<const std::uint64_t> parts(buf.data() + a + 1, b - a - 1);
                if (parts.size() == 1 && !(parts[0] & resolved_bit)) edges.push_back(edge_to(parts[0]));
                else edges.push_back(sum_edge(parts));
                a = b;
            }
        }
        first.push_back(static_cast<std::uint32_t>(edges.size()));
        value.assign(comp.size(), unlabelled);
    }

    // The value an edge leads to, once its target is labelled.
    std::uint32_t target_value(std::uint32_t e) const {
        if (e < leaf_bit) return value[e];
        return e < finite_limit ? e & ~leaf_bit : e;
    }

    void label(std::uint32_t i, std::uint32_t v) {
        value[i] = v;
        s.tables_[comp_graph(comp[i])].loopy = true;
        s.set(comp[i], v);
        ++s.stats_.solved;
    }

    // Tarjan's algorithm, iteratively; each component is labelled as it
    // comes off the stack.
    void components() {
        const std::uint32_t n = static_cast<std::uint32_t>(comp.size());
        constexpr std::uint32_t unvisited = ~0u;
        std::vector<std::uint32_t> order(n, unvisited), low(n);
        std::vector<std::uint32_t> stack;                           // Tarjan's
        std::vector<std::pair<std::uint32_t, std::uint32_t>> path;  // state, next edge
        std::uint32_t counter = 0;
        auto visit = [&](std::uint32_t v) {
            order[v] = low[v] = counter++;
            stack.push_back(v);
            path.emplace_back(v, first[v]);
        };
        visit(0);
        while (!path.empty()) {
            auto& [v, at] = path.back();
            if (at < first[v + 1]) {
                const std::uint32_t w = edges[at++];
                if (w >= leaf_bit) continue;
                if (order[w] == unvisited) {
                    visit(w);
                } else if (value[w] == unlabelled) {  // on the stack
                    low[v] = std::min(low[v], order[w]);
                }
                continue;
            }
            const std::uint32_t done = v;
            path.pop_back();
            if (!path.empty()) low[path.back().first] = std::min(low[path.back().first], low[done]);
            if (low[done] != order[done]) continue;
            auto top = std::find(stack.rbegin(), stack.rend(), done).base() - 1;
            std::span<const std::uint32_t> members(&*top, static_cast<std::size_t>(stack.end() - top));
            solve_component(members, low);
            stack.erase(top, stack.end());
            if ((counter & 0xFFF) == 0) s.check_interrupt();
        }
    }

    bool self_loop(std::uint32_t v) const {
        for (std::uint32_t e = first[v]; e < first[v + 1]; ++e)
            if (edges[e] == v) return true;
        return false;
    }

    void solve_component(std::span<const std::uint32_t> members, std::vector<std::uint32_t>& place) {
        if (members.size() == 1 && !self_loop(members[0])) {
            const std::uint32_t v = members[0];
            std::vector<std::uint32_t>& sums = scratch_;
            sums.clear();
            bool finite = true;
            for (std::uint32_t e = first[v]; e < first[v + 1]; ++e) {
                sums.push_back(target_value(edges[e]));
                finite = finite && is_finite(sums.back());
            }
            label(v, finite ? mex(sums) : s.value_beside_loops(sums));
            return;
        }
        rounds(members, place);
    }

    static std::uint32_t mex(std::vector<std::uint32_t>& xs) {
        std::sort(xs.begin(), xs.end());
        std::uint32_t m = 0;
        for (std::uint32_t x : xs) {
            if (x == m) ++m;
            else if (x > m) break;
        }
        return m;
    }

    // Fraenkel and Yesha's rounds over one component, whose options outside
    // it are labelled. `place` is free for its members: their index here.
    void rounds(std::span<const std::uint32_t> members, std::vector<std::uint32_t>& place) {
        const std::size_t k = members.size();
        for (std::size_t a = 0; a < k; ++a) place[members[a]] = static_cast<std::uint32_t>(a);
        auto inside = [&](std::uint32_t e) { return e < leaf_bit && value[e] == unlabelled; };
        // Predecessors inside the component, by index, one per edge.
        std::vector<std::uint32_t> pred_first(k + 1, 0), preds;
        for (std::uint32_t v : members)
            for (std::uint32_t e = first[v]; e < first[v + 1]; ++e)
                if (inside(edges[e])) ++pred_first[place[edges[e]] + 1];
        for (std::size_t a = 0; a < k; ++a) pred_first[a + 1] += pred_first[a];
        preds.resize(pred_first[k]);
        {
            std::vector<std::uint32_t> fill(pred_first.begin(), pred_first.end() - 1);
            for (std::size_t a = 0; a < k; ++a)
                for (std::uint32_t e = first[members[a]]; e < first[members[a] + 1]; ++e)
                    if (inside(edges[e])) preds[fill[place[edges[e]]]++] = static_cast<std::uint32_t>(a);
        }
        constexpr std::uint32_t open = unlabelled, infinite = unlabelled - 1;
        std::vector<std::uint32_t> lab(k, open), need(k);
        std::vector<std::uint8_t> good(k), bad(k);
        std::vector<std::uint32_t> queue;
        std::size_t left = k;
        auto loose = [&](std::uint32_t b) { return lab[b] >= infinite; };  // unlabelled or infinite
        for (std::uint32_t m = 0; left > 0; ++m) {
            s.check_interrupt();
            // Options outside: one labelled m makes a state good (it can
            // move to m); an infinite one without m in its K bars m.
            for (std::size_t a = 0; a < k; ++a) {
                if (!loose(static_cast<std::uint32_t>(a))) continue;
                good[a] = bad[a] = 0;
                for (std::uint32_t e = first[members[a]]; e < first[members[a] + 1]; ++e) {
                    if (inside(edges[e])) continue;
                    const std::uint32_t x = target_value(edges[e]);
                    if (x == m) good[a] = 1;
                    else if (is_infinite(x) && !contains(s.infinite_set(x), m)) bad[a] = 1;
                }
            }
            queue.clear();
            for (std::size_t a = 0; a < k; ++a) {
                if (lab[a] != open) continue;
                need[a] = 0;
                for (std::uint32_t e = first[members[a]]; e < first[members[a] + 1]; ++e) {
                    if (!inside(edges[e])) continue;
                    const std::uint32_t b = place[edges[e]];
                    need[a] += loose(b) && !good[b];
                }
            }
            // Then the first labelled m: their options are all counted
            // while still unlabelled, so no two of them follow each other.
            for (std::size_t a = 0; a < k; ++a) {
                if (lab[a] == open && !good[a] && !bad[a] && need[a] == 0) {
                    lab[a] = m;
                    queue.push_back(static_cast<std::uint32_t>(a));
                }
            }
            for (std::size_t q = 0; q < queue.size(); ++q) {
                const std::uint32_t u = queue[q];
                for (std::uint32_t i = pred_first[u]; i < pred_first[u + 1]; ++i) {
                    const std::uint32_t p = preds[i];
                    if (!loose(p) || good[p]) continue;
                    good[p] = 1;  // it can move to u
                    for (std::uint32_t j = pred_first[p]; j < pred_first[p + 1]; ++j) {
                        const std::uint32_t r = preds[j];
                        if (lab[r] != open || --need[r] != 0 || good[r] || bad[r]) continue;
                        lab[r] = m;
                        queue.push_back(r);
                    }
                }
            }
            left -= queue.size();
            for (std::size_t a = 0; a < k; ++a) {
                if (lab[a] == open && !good[a]) {
                    lab[a] = infinite;
                    --left;
                }
            }
        }
        // Values: finite ones first, so that each K is read from labels.
        for (std::size_t a = 0; a < k; ++a)
            if (lab[a] != infinite) label(members[a], lab[a]);
        for (std::size_t a = 0; a < k; ++a) {
            if (lab[a] != infinite) continue;
            std::vector<std::uint32_t> set;
            for (std::uint32_t e = first[members[a]]; e < first[members[a] + 1]; ++e) {
                const std::uint32_t x = edges[e] < leaf_bit ? lab_or_value(edges[e], lab, place) : target_value(edges[e]);
                if (is_finite(x)) set.push_back(x);
            }
            std::sort(set.begin(), set.end());
            set.erase(std::unique(set.begin(), set.end()), set.end());
            infinite_values_.emplace_back(members[a], std::move(set));
        }
        for (auto& [v, set] : infinite_values_) label(v, s.infinite(std::move(set)));
        infinite_values_.clear();
    }

    // A numbered state's label: its component's (by place) or an earlier one's.
    std::uint32_t lab_or_value(std::uint32_t v, const std::vector<std::uint32_t>& lab,
                               const std::vector<std::uint32_t>& place) const {
        if (value[v] != unlabelled) return value[v];
        const std::uint32_t l = lab[place[v]];
        return l == unlabelled - 1 ? finite_limit : l;  // infinite: any value past the finite ones
    }

    static bool contains(std::span<const std::uint32_t> set, std::uint32_t m) {
        return std::binary_search(set.begin(), set.end(), m);
    }

    // On the way out by an error: states numbered and not labelled are unknown again.
    void forget_unlabelled() {
        for (std::size_t i = 0; i < comp.size(); ++i) {
            const std::uint32_t v = s.peek(comp[i]);
            if (v >= explore_base && v != unknown) s.set(comp[i], unknown);
        }
    }

    std::vector<std::uint32_t> scratch_;
    std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> infinite_values_;
};

void Solver::solve_loopy(Comp root) {
    Loopy loopy(*this);
    try {
        loopy.explore(root);
        loopy.components();
    } catch (...) {
        explore_next_ = loopy.base;
        loopy.forget_unlabelled();
        throw;
    }
    explore_next_ = loopy.base;
}

std::uint32_t Solver::infinite(std::vector<std::uint32_t> k) {
    std::string key(reinterpret_cast<const char*>(k.data()), k.size() * sizeof(std::uint32_t));
    auto [it, fresh] = infinite_codes_.try_emplace(std::move(key), static_cast<std::uint32_t>(infinite_sets_.size()));
    if (fresh) {
        if (finite_limit + infinite_sets_.size() >= explore_base) throw SolveError("too many distinct infinite values");
        infinite_sets_.push_back(std::move(k));
    }
    return finite_limit + it->second;
}

std::uint32_t Solver::nim_add_loopy(std::uint32_t a, std::uint32_t b) {
    if (is_infinite(a) && is_infinite(b)) return infinite({});
    if (is_infinite(b)) std::swap(a, b);
    std::vector<std::uint32_t> k;
    for (std::uint32_t x : infinite_set(a)) k.push_back(x ^ b);
    std::sort(k.begin(), k.end());
    return infinite(std::move(k));
}

Solver::Outcome Solver::outcome(std::uint32_t v) const {
    if (is_finite(v)) return v == 0 ? Outcome::p : Outcome::n;
    const auto k = infinite_set(v);
    return !k.empty() && k.front() == 0 ? Outcome::n : Outcome::draw;
}

// No cycle passes through this state (its options are all labelled, it is
// not): in the round of the mex m of its finite options, it is labelled m
// unless an infinite option has no option of value m; then it is infinite.
std::uint32_t Solver::value_beside_loops(std::span<const std::uint32_t> sums) {
    std::vector<std::uint32_t> finite;
    for (std::uint32_t x : sums)
        if (is_finite(x)) finite.push_back(x);
    std::sort(finite.begin(), finite.end());
    finite.erase(std::unique(finite.begin(), finite.end()), finite.end());
    std::uint32_t m = 0;
    while (m < finite.size() && finite[m] == m) ++m;
    for (std::uint32_t x : sums)
        if (!is_finite(x) && !std::binary_search(infinite_set(x).begin(), infinite_set(x).end(), m))
            return infinite(std::move(finite));
    return m;
}

}  // namespace grundy::solver
