// Generalized Sprague-Grundy values of loopy games (Smith 1966; Fraenkel
// and Yesha; Siegel, Combinatorial Game Theory, ch. IV).
//
// solve_loopy(root) labels every state root reaches that has no value yet:
//  1. explore them breadth first, numbering each and keeping its options:
//     those to numbered states as local edges (and their reverse), the
//     values of the others (states already solved, sums) apart;
//  2. peel: a state whose options are all labelled is on no cycle among
//     the rest, so the mex rule labels it (value_beside_loops when an
//     option is infinite), from the states with no option inside backwards;
//  3. label the rest, which reach a cycle, by Fraenkel and Yesha's rounds
//     m = 0, 1, ...: a state is labelled m when no option is labelled m and
//     every option that is unlabelled or infinite has an option labelled m
//     (a retrograde pass with counters, as win/lose/draw analysis does);
//     those left with no option labelled m are infinite, ∞{K} with K their
//     options' finite values.
// Round 0 is the win/lose/draw analysis; a round costs the states still
// unlabelled and the edges of those it labels. A query for the outcome
// alone (outcome.cpp) runs that analysis and nothing more (`outcomes`). The depth-first search
// solves every state that reaches no cycle before it meets one, so most
// games never come here.
#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "solver.hpp"

namespace grundy::solver {

namespace {

constexpr std::uint32_t unlabelled = ValueArray::unknown;

}  // namespace


struct Solver::Loopy {
    Solver& s;
    std::vector<Comp> comp;  // by number
    // Options of state a: succ[succ_first[a] ..] numbered, out[out_first[a] ..] known values.
    std::vector<std::uint32_t> succ_first, succ, out_first, out;

    // States are marked explore_base + base + their number: a search
    // begun while another explores (for a part of a sum) numbers after it,
    // and a mark below its base is the other's.
    const std::uint32_t base;

    // Outcomes alone (a query for the outcome): the win/loss/draw analysis,
    // round 0 of the labelling, and no more; a state outside already
    // known only by its outcome is taken as it is.
    const bool outcomes_only;

    Loopy(Solver& solver, bool outcomes) : s(solver), base(solver.explore_next_), outcomes_only(outcomes) {}

    // c's entry is `e`, unknown or an outcome's code.
    std::uint32_t number(Comp c, std::uint32_t e) {
        const auto i = static_cast<std::uint32_t>(comp.size());
        if (base + i >= known_n - explore_base || (own_id(comp_state(c)) && s.stats_.states >= s.max_states_)) {
            // As the depth-first search does: where the states went.
            auto name = [&](Comp x) { return s.tables_[comp_graph(x)].graph->describe(comp_state(x)); };
            throw StateLimit(fmt::format(
                "state limit reached: more than {} states, searching the positions that {} reaches ({} so far, the "
                "last {}); if the positions keep growing, the game never ends (check that its moves lead toward a "
                "terminal position), else raise the limit with --max-states",
                s.max_states_, name(comp[0]), comp.size(), name(comp.back())));
        }
        if (own_id(comp_state(c)) && !is_outcome_code(e)) s.charge_state();  // an outcome's: counted already
        comp.push_back(c);
        s.set(c, explore_base + base + i);
        s.explore_next_ = base + i + 1;
        return i;
    }

    // An option that is one state: numbered (new or not), or known.
    void add_state(Comp c) { add_state(c, s.entry(c)); }
    void add_state(Comp c, std::uint32_t e) {  // e: c's entry
        if (outcomes_only && is_outcome_code(e)) return out.push_back(e);
        const std::uint32_t v = is_outcome_code(e) ? unknown : e;
        if (v < explore_base) return out.push_back(v);
        if (v == unknown) return succ.push_back(number(c, e));
        if (v == on_path) s.cycle(c);                           // an outer search's path
        if (v - explore_base < base) throw SolveFirst{c};       // an outer loopy search's
        succ.push_back(v - explore_base - base);
    }

    // An option of several parts: its value, each part solved on its own.
    void add_sum(std::span<const std::uint64_t> parts) {
        std::uint32_t x = 0;
        for (std::uint64_t e : parts) {
            std::uint32_t v;
            if (e & resolved_bit) {
                v = static_cast<std::uint32_t>(e);
            } else {
                v = s.peek(e);
                if (v == on_path) s.cycle(e);
                if (v >= explore_base && v != unknown) throw SolveFirst{e};
                if (v == unknown) v = s.grundy(e);
            }
            x = s.nim_add(x, v);
        }
        out.push_back(x);
    }

    // Expanded a batch of states at a time: the options' value entries,
    // read in an order unrelated to their ids, are prefetched while the
    // rest of the batch expands, and read after. A game that knows a
    // state's options to be states of its own gives their ids alone
    // (GameGraph::expand_states), with no option headers to read.
    void explore(Comp root, const RangeAhead* ahead) {
        constexpr std::uint32_t batch = 32;
        number(root, s.entry(root));
        if (ahead) take_range(*ahead);
        std::vector<std::uint64_t> buf;  // options in OptionSink's form
        std::vector<StateId> ids;        // options given as states of the same game
        struct Expanded {
            std::uint32_t graph;
            bool plain;       // its options are in ids
            std::size_t end;  // of its options in ids or buf
        };
        std::vector<Expanded> ends;
        // With a range taken along, most states are known from the start:
        // the per-state arrays are allocated once, not grown by copying.
        const std::size_t known_ahead = ahead ? comp.size() : 0;
        succ_first.reserve(known_ahead + 1);
        out_first.reserve(known_ahead + 1);
        succ_first.push_back(0);
        out_first.push_back(0);
        for (std::uint32_t i = 0; i < comp.size();) {
            const auto stop = std::min<std::uint32_t>(i + batch, static_cast<std::uint32_t>(comp.size()));
            buf.clear();
            ids.clear();
            ends.clear();
            for (std::uint32_t j = i; j < stop; ++j) {
                ++s.stats_.expansions;
                if ((j & 0xFFF) == 0xFFF) s.check_interrupt();
                const std::uint32_t g = comp_graph(comp[j]);
                GameGraph& graph = *s.tables_[g].graph;
                const std::size_t from = ids.size();
                if (graph.expand_states(comp_state(comp[j]), ids)) {
                    const ValueArray& own = s.tables_[g].values[0];  // of ids below high_ids, most often all
                    for (std::size_t a = from; a < ids.size(); ++a) {
                        if (ids[a] < high_ids) own.prefetch(ids[a]);
                        else s.prefetch(make_comp(g, ids[a]));
                    }
                    ends.push_back({g, true, ids.size()});
                    continue;
                }
                const std::size_t sink_from = buf.size();
                OptionSink sink(buf, true);
                graph.expand(comp_state(comp[j]), sink);
                for (std::size_t a = sink_from; a < buf.size(); ++a)
                    if (!(buf[a] & (OptionSink::header_bit | resolved_bit))) s.prefetch(buf[a]);
                ends.push_back({g, false, buf.size()});
            }
            std::size_t a = 0, b = 0;  // in ids, in buf
            for (const Expanded& e : ends) {
                if (e.plain) {
                    const ValueArray& own = s.tables_[e.graph].values[0];
                    for (; a < e.end; ++a) {
                        const Comp c = make_comp(e.graph, ids[a]);
                        add_state(c, ids[a] < high_ids ? own.get(ids[a]) : s.entry(c));
                    }
                }
                while (!e.plain && b < e.end) {
                    std::size_t next = b + 1;
                    while (next < e.end && !(buf[next] & OptionSink::header_bit)) ++next;
                    const std::span<const std::uint64_t> parts(buf.data() + b + 1, next - b - 1);
                    if (parts.size() == 1 && !(parts[0] & resolved_bit)) add_state(parts[0]);
                    else add_sum(parts);
                    b = next;
                }
                succ_first.push_back(static_cast<std::uint32_t>(succ.size()));
                out_first.push_back(static_cast<std::uint32_t>(out.size()));
            }
            i = stop;
        }
    }

    // The range's states after the root that have no value yet (as
    // add_state finds them), numbered in order, as many as the limit
    // allows beside those numbered.
    void take_range(const RangeAhead& r) {
        // At most 2^20 states at a time: the search keeps some 40 bytes a
        // state where the loop as written keeps its values alone.
        constexpr std::uint64_t most = std::uint64_t{1} << 20;
        const std::uint64_t room = std::min(s.room(), most);
        const StateId last = static_cast<StateId>(std::min<std::uint64_t>(r.last, std::uint64_t{r.first} + room));
        if (last > r.first) comp.reserve(comp.size() + (last - r.first));
        for (StateId id = r.first + 1; id <= last && id > r.first; ++id) {
            const Comp c = make_comp(r.graph, id);
            const std::uint32_t e = s.entry(c);
            if (outcomes_only && is_outcome_code(e)) continue;
            if ((is_outcome_code(e) ? unknown : e) == unknown) number(c, e);
        }
    }

    void label(std::uint32_t i, std::uint32_t v) {
        s.set(comp[i], v);
        s.tables_[comp_graph(comp[i])].loopy = true;
        ++s.stats_.solved;
    }

    static bool contains(std::span<const std::uint32_t> set, std::uint32_t m) {
        return std::binary_search(set.begin(), set.end(), m);
    }

    // Predecessors, one per edge: preds[pred_first[a] ..] lead to a.
    void predecessors(std::vector<std::uint32_t>& pred_first, std::vector<std::uint32_t>& preds) const {
        const auto k = static_cast<std::uint32_t>(comp.size());
        pred_first.assign(k + 1, 0);
        preds.resize(succ.size());
        // Counted, then filled from the ends down (each count its own
        // cursor, no copy), last edge first so each list comes out in
        // order; the edges' targets lie in no order, so their counters
        // and places are loaded a few edges ahead.
        constexpr std::size_t ahead_edges = 16;
        const std::size_t edges = succ.size();
        for (std::size_t i = 0; i < edges; ++i) {
            if (i + ahead_edges < edges) prefetch_line(&pred_first[succ[i + ahead_edges] + 1]);
            ++pred_first[succ[i] + 1];
        }
        for (std::uint32_t a = 0; a < k; ++a) pred_first[a + 1] += pred_first[a];
        for (std::uint32_t a = k; a-- > 0;) {
            for (std::uint32_t i = succ_first[a + 1]; i-- > succ_first[a];) {
                if (i >= 2 * ahead_edges) {
                    prefetch_line(&pred_first[succ[i - 2 * ahead_edges] + 1]);
                    if (const std::uint32_t end = pred_first[succ[i - ahead_edges] + 1]) prefetch_line(&preds[end - 1]);
                }
                preds[--pred_first[succ[i] + 1]] = a;
            }
        }
        // Each count now holds the start of the list before it.
        std::copy(pred_first.begin() + 1, pred_first.end(), pred_first.begin());
        pred_first[k] = static_cast<std::uint32_t>(edges);
    }

    // The outcomes alone, as a hand-written solver finds them: a state is
    // lost (P) when every option is won, won (N) when one option is lost;
    // what is never settled is drawn. P is labelled with its value, 0; N
    // and D with their codes, which a later sg() takes for unknown.
    void outcomes() {
        const auto k = static_cast<std::uint32_t>(comp.size());
        std::vector<std::uint32_t> pred_first, preds;
        predecessors(pred_first, preds);
        // A state's one word, read together at a visit in no order: how
        // many options are not yet known won (a draw's: never zero), and
        // whether it is lost or won.
        constexpr std::uint32_t lost = 1u << 30, won = 1u << 31, decided = lost | won, count = lost - 1;
        std::vector<std::uint32_t> st(k), queue;
        queue.reserve(k);
        for (std::uint32_t a = 0; a < k; ++a) {
            std::uint32_t x = succ_first[a + 1] - succ_first[a];
            for (std::uint32_t i = out_first[a]; i < out_first[a + 1]; ++i) {
                const Outcome o = s.outcome(out[i]);
                if (o == Outcome::p) x |= won;
                else if (o == Outcome::draw) x |= count;  // never lost
            }
            if ((x & won) || x == 0) {
                x |= (x & won) ? 0 : lost;
                queue.push_back(a);
            }
            st[a] = x;
        }
        for (std::size_t q = 0; q < queue.size(); ++q) {
            if (q + 8 < queue.size()) prefetch_line(&pred_first[queue[q + 8]]);
            if (q + 6 < queue.size()) prefetch_line(&preds[pred_first[queue[q + 6]]]);
            if (q + 4 < queue.size()) {
                const std::uint32_t u = queue[q + 4];
                for (std::uint32_t i = pred_first[u]; i < pred_first[u + 1]; ++i) prefetch_line(&st[preds[i]]);
            }
            const std::uint32_t w = queue[q];
            const bool w_lost = st[w] & lost;
            for (std::uint32_t i = pred_first[w]; i < pred_first[w + 1]; ++i) {
                const std::uint32_t u = preds[i];
                std::uint32_t& x = st[u];
                if (x & decided) continue;
                if (w_lost) x |= won, queue.push_back(u);
                else if ((--x & count) == 0) x |= lost, queue.push_back(u);
            }
        }
        for (std::uint32_t a = 0; a < k; ++a) {
            if (a + 16 < k) s.prefetch(comp[a + 16]);  // the states' entries lie in no order
            label(a, (st[a] & lost) ? 0 : (st[a] & won) ? known_n : known_d);
        }
    }

    void rounds() {
        const auto k = static_cast<std::uint32_t>(comp.size());
        std::vector<std::uint32_t> pred_first, preds;
        predecessors(pred_first, preds);
        // A label: a finite value, an infinite one with its K (`code`, from
        // the peel), or one of these two.
        constexpr std::uint32_t open = unlabelled, infinite = unlabelled - 1;
        // What a round reads of a state, together: 16 bytes, so that a
        // visit in no order loads one cache line, never two.
        constexpr std::uint32_t seen_values = 30, good_bit = 1u << 30, bad_bit = 1u << 31;
        struct State {
            std::uint32_t lab = open;
            std::uint32_t loose = 0;  // options inside still open or infinite by the rounds
            std::uint32_t need = 0;   // of those, the ones not yet good
            // Bit v < seen_values: an option inside was labelled v; good_bit:
            // it has an option labelled m; bad_bit: an infinite option of
            // known K has no option of value m.
            std::uint32_t bits = 0;
            bool good() const { return bits & good_bit; }
            bool good_or_bad() const { return bits & (good_bit | bad_bit); }
        };
        static_assert(sizeof(State) == 16);
        std::vector<State> st(k);
        std::vector<std::uint32_t> queue;
        // The queues visit states in an order unrelated to their numbers:
        // while one is handled, the predecessors of those a few places on
        // are loaded (their list first, then their states).
        auto ahead = [&](std::size_t q) {
            if (q + 16 < queue.size()) prefetch_line(&pred_first[queue[q + 16]]);
            if (q + 8 < queue.size()) prefetch_line(&preds[pred_first[queue[q + 8]]]);
            if (q + 4 < queue.size()) {
                const std::uint32_t u = queue[q + 4];
                for (std::uint32_t i = pred_first[u]; i < pred_first[u + 1]; ++i) prefetch_line(&st[preds[i]]);
            }
        };
        // Options of known value of the states the peel leaves (outside, or
        // peeled): the finite ones by value, the infinite ones apart. A
        // peeled option is listed for each predecessor as it is labelled,
        // while the predecessor's state is in cache anyway; a predecessor
        // peeled later keeps its entries, which the rounds skip (not loose).
        std::vector<std::pair<std::uint32_t, std::uint32_t>> by_value, by_infinite;  // (value, state)
        auto fixed = [&](std::uint32_t x, std::uint32_t a) {
            if (is_finite(x)) by_value.emplace_back(x, a);
            else by_infinite.emplace_back(x, a);
        };
        auto note_label = [&](std::uint32_t u, std::uint32_t v) {  // u labelled v: its predecessors know
            const std::uint32_t bit = is_finite(v) && v < seen_values ? std::uint32_t{1} << v : 0;
            for (std::uint32_t i = pred_first[u]; i < pred_first[u + 1]; ++i) {
                State& p = st[preds[i]];
                p.bits |= bit;
                fixed(v, preds[i]);
                if (--p.loose == 0 && p.lab == open) queue.push_back(preds[i]);
            }
        };
        // 1. The peel: a state whose options are all labelled is on no
        //    cycle among the rest, so the mex rule labels it; from the
        //    states with no option inside, backwards.
        for (std::uint32_t a = 0; a < k; ++a) {
            st[a].loose = succ_first[a + 1] - succ_first[a];
            if (st[a].loose == 0) queue.push_back(a);
        }
        std::vector<std::uint32_t> sums;
        for (std::size_t q = 0; q < queue.size(); ++q) {
            ahead(q);
            if (q + 4 < queue.size()) {  // the mex reads the options' labels
                const std::uint32_t b = queue[q + 4];
                for (std::uint32_t i = succ_first[b]; i < succ_first[b + 1]; ++i) prefetch_line(&st[succ[i]]);
            }
            const std::uint32_t a = queue[q];
            sums.assign(out.begin() + out_first[a], out.begin() + out_first[a + 1]);
            for (std::uint32_t i = succ_first[a]; i < succ_first[a + 1]; ++i) sums.push_back(st[succ[i]].lab);
            const bool finite = std::all_of(sums.begin(), sums.end(), [](std::uint32_t x) { return is_finite(x); });
            st[a].lab = finite ? mex(sums) : s.value_beside_loops(sums);
            note_label(a, st[a].lab);
        }
        // 2. The rest reach a cycle. Their options of known value: the
        //    peeled ones are listed (note_label), those outside are added.
        std::vector<std::uint32_t> opened;
        for (std::uint32_t a = 0; a < k; ++a) {
            if (st[a].lab != open) continue;
            opened.push_back(a);
            for (std::uint32_t i = out_first[a]; i < out_first[a + 1]; ++i) fixed(out[i], a);
        }
        std::erase_if(by_infinite, [&](const auto& x) { return st[x.second].lab != open; });  // read every round
        sort_by_value(by_value);
        std::size_t next_value = 0;
        auto is_loose = [](const State& x) { return x.lab >= infinite; };
        std::vector<std::uint32_t> touched;  // good or bad in the last round
        queue.clear();
        for (std::uint32_t m = 0; !opened.empty(); ++m) {
            s.check_interrupt();
            for (std::uint32_t a : touched) st[a].bits &= ~(good_bit | bad_bit);
            touched.clear();
            // Options of known value: one of value m makes a state good (it
            // can move to m); an infinite one without m in its K bars m.
            while (next_value < by_value.size() && by_value[next_value].first < m) ++next_value;
            for (; next_value < by_value.size() && by_value[next_value].first == m; ++next_value) {
                State& x = st[by_value[next_value].second];
                if (!is_loose(x) || x.good()) continue;
                x.bits |= good_bit;
                touched.push_back(by_value[next_value].second);
            }
            const std::size_t good_from_start = touched.size();
            for (const auto& [code, a] : by_infinite) {
                if (!is_loose(st[a]) || (st[a].bits & bad_bit) || contains(s.infinite_set(code), m)) continue;
                st[a].bits |= bad_bit;
                touched.push_back(a);
            }
            // Counts kept across rounds, less the options good from the start.
            for (std::uint32_t a : opened) st[a].need = st[a].loose;
            for (std::size_t t = 0; t < good_from_start; ++t) {
                if (t + 4 < good_from_start) {
                    const std::uint32_t b = touched[t + 4];
                    for (std::uint32_t i = pred_first[b]; i < pred_first[b + 1]; ++i) prefetch_line(&st[preds[i]]);
                }
                for (std::uint32_t i = pred_first[touched[t]]; i < pred_first[touched[t] + 1]; ++i) --st[preds[i]].need;
            }
            // Then the first labelled m: their options are all counted
            // while still unlabelled, so no two of them follow each other.
            for (std::uint32_t a : opened) {
                State& x = st[a];
                if (!x.good_or_bad() && x.need == 0) {
                    x.lab = m;
                    queue.push_back(a);
                }
            }
            for (std::size_t q = 0; q < queue.size(); ++q) {
                ahead(q);
                const std::uint32_t u = queue[q];
                const std::uint32_t bit = m < seen_values ? std::uint32_t{1} << m : 0;
                for (std::uint32_t i = pred_first[u]; i < pred_first[u + 1]; ++i) {
                    const std::uint32_t p = preds[i];
                    st[p].bits |= bit;
                    --st[p].loose;  // u is labelled for good
                    if (st[p].good() || !is_loose(st[p])) continue;
                    st[p].bits |= good_bit;  // it can move to u
                    touched.push_back(p);
                    for (std::uint32_t j = pred_first[p]; j < pred_first[p + 1]; ++j) {
                        State& r = st[preds[j]];
                        if (r.lab != open || --r.need != 0 || r.good_or_bad()) continue;
                        r.lab = m;
                        queue.push_back(preds[j]);
                    }
                }
            }
            queue.clear();
            // Left with no option labelled m: infinite.
            std::erase_if(opened, [&](std::uint32_t a) {
                if (st[a].lab == open && !st[a].good()) st[a].lab = infinite;
                return st[a].lab != open;
            });
        }
        // Values. K of a state infinite by the rounds: the finite labels
        // inside, as seen while labelling (values from seen_values on read
        // again), and the finite values outside.
        const bool big =
            std::any_of(st.begin(), st.end(), [&](const State& x) { return x.lab >= seen_values && is_finite(x.lab); });
        std::vector<std::uint32_t> set;
        // Most infinite states have the same few K: the code of the last
        // small one is kept, as infinite() would look it up in a hash map.
        std::uint64_t last_mask = ~std::uint64_t{0};
        std::uint32_t last_code = 0;
        for (std::uint32_t a = 0; a < k; ++a) {
            if (a + 16 < k) s.prefetch(comp[a + 16]);  // the states' entries lie in no order
            if (st[a].lab != infinite) {
                label(a, st[a].lab);
                continue;
            }
            set.clear();
            for (std::uint32_t bits = st[a].bits & (good_bit - 1); bits; bits &= bits - 1)
                set.push_back(static_cast<std::uint32_t>(__builtin_ctz(bits)));
            if (big) {
                for (std::uint32_t i = succ_first[a]; i < succ_first[a + 1]; ++i)
                    if (st[succ[i]].lab >= seen_values && is_finite(st[succ[i]].lab)) set.push_back(st[succ[i]].lab);
            }
            for (std::uint32_t i = out_first[a]; i < out_first[a + 1]; ++i)
                if (is_finite(out[i])) set.push_back(out[i]);
            std::sort(set.begin(), set.end());
            set.erase(std::unique(set.begin(), set.end()), set.end());
            if (!set.empty() && set.back() >= 64) {
                label(a, s.infinite(set));
                continue;
            }
            std::uint64_t mask = 0;
            for (std::uint32_t x : set) mask |= std::uint64_t{1} << x;
            if (mask != last_mask) last_mask = mask, last_code = s.infinite(set);
            label(a, last_code);
        }
    }

    // Pairs (value, state) made state by state in order: sorted as
    // std::sort would, by counting when the values are small (a value is
    // at most its state's count of options), in linear time.
    static void sort_by_value(std::vector<std::pair<std::uint32_t, std::uint32_t>>& xs) {
        std::uint32_t top = 0;
        for (const auto& x : xs) top = std::max(top, x.first);
        if (top >= (1u << 16) || top >= xs.size()) return std::sort(xs.begin(), xs.end());
        std::vector<std::uint32_t> at(top + 2, 0);
        for (const auto& x : xs) ++at[x.first + 1];
        for (std::uint32_t v = 0; v <= top; ++v) at[v + 1] += at[v];
        std::vector<std::pair<std::uint32_t, std::uint32_t>> out(xs.size());
        for (const auto& x : xs) out[at[x.first]++] = x;
        xs.swap(out);
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

    // On the way out: states numbered and not labelled are unknown again;
    // the count of those that are their own ids, which were charged.
    std::uint64_t forget_unlabelled() {
        std::uint64_t own = 0;
        for (std::size_t i = 0; i < comp.size(); ++i) {
            const std::uint32_t v = s.peek(comp[i]);
            if (v >= explore_base && v != unknown) {
                s.set(comp[i], unknown);
                own += own_id(comp_state(comp[i]));
            }
        }
        return own;
    }
};

namespace {

// A range taken along that the search gives up (it met a sum, an error or
// the limit): the loop that asked does not offer the rest of it again, so
// that each of its questions is not a search of the whole range.
void decline(std::optional<Solver::RangeAhead>& ahead) {
    *ahead->declined = true;
    ahead.reset();
}

}  // namespace

void Solver::solve_loopy(Comp root, bool outcomes_only) {
    // A range asked ahead from this root comes along (AskingRange); a
    // search inside this one (a part of a sum) does not see it.
    std::optional<RangeAhead> ahead = std::exchange(range_ahead_, std::nullopt);
    if (ahead && (comp_graph(root) != ahead->graph || comp_state(root) != ahead->first)) ahead.reset();
    for (;;) {
        Loopy loopy(*this, outcomes_only);
        try {
            loopy.explore(root, ahead ? &*ahead : nullptr);
            if (outcomes_only) loopy.outcomes();
            else loopy.rounds();
            explore_next_ = loopy.base;
            return;
        } catch (const SolveFirst& first) {
            explore_next_ = loopy.base;
            stats_.states -= loopy.forget_unlabelled();  // charged again when numbered again
            if (ahead) {  // a sum met in the range: the root alone, as the loop asks it
                decline(ahead);
                continue;
            }
            if (peek(first.state) != unknown) throw;      // an outer search's state
            if (std::find(solving_first_.begin(), solving_first_.end(), first.state) != solving_first_.end()) {
                throw SolveError(fmt::format(
                    "the game has a cycle through {} that passes through a sum of positions or a query in its "
                    "rules; Grundy values of such cycles are not computed",
                    tables_[comp_graph(first.state)].graph->describe(comp_state(first.state))));
            }
            solving_first_.push_back(first.state);
            try {
                grundy(first.state);
            } catch (...) {
                solving_first_.pop_back();
                throw;
            }
            solving_first_.pop_back();
        } catch (const SolveError& e) {
            explore_next_ = loopy.base;
            const std::uint64_t charged = loopy.forget_unlabelled();
            // An interrupt, a limit on time or memory: the query ends. An
            // error in the rules, or the state limit, with a range taken
            // along: the search from the root alone meets the one the query
            // meets first, and says where its states went.
            if (!ahead || !dynamic_cast<const StateLimit*>(&e)) throw;
            stats_.states -= charged;
            decline(ahead);
        } catch (...) {
            explore_next_ = loopy.base;
            const std::uint64_t charged = loopy.forget_unlabelled();
            if (!ahead) throw;
            stats_.states -= charged;
            decline(ahead);
        }
    }
}

std::uint32_t Solver::infinite(std::span<const std::uint32_t> k) {
    auto fresh_code = [&] {
        if (finite_limit + infinite_sets_.size() >= explore_base) throw SolveError("too many distinct infinite values");
        infinite_sets_.emplace_back(k.begin(), k.end());
        return static_cast<std::uint32_t>(finite_limit + infinite_sets_.size() - 1);
    };
    if (k.empty() || k.back() < 64) {
        std::uint64_t mask = 0;
        for (std::uint32_t x : k) mask |= std::uint64_t{1} << x;
        auto it = small_infinite_codes_.find(mask);
        if (it == small_infinite_codes_.end()) it = small_infinite_codes_.emplace(mask, fresh_code()).first;
        return it->second;
    }
    std::string key(reinterpret_cast<const char*>(k.data()), k.size() * sizeof(std::uint32_t));
    auto it = infinite_codes_.find(key);
    if (it == infinite_codes_.end()) it = infinite_codes_.emplace(std::move(key), fresh_code()).first;
    return it->second;
}

std::uint32_t Solver::nim_add_loopy(std::uint32_t a, std::uint32_t b) {
    // 0 is the identity (∞{K} + 0 is ∞{K}): an option of one part is
    // summed onto 0, and needs no new K looked up.
    if (a == 0 || b == 0) return a | b;
    if (is_infinite(a) && is_infinite(b)) return infinite(std::span<const std::uint32_t>());
    if (is_infinite(b)) std::swap(a, b);
    std::vector<std::uint32_t> k;
    for (std::uint32_t x : infinite_set(a)) k.push_back(x ^ b);
    std::sort(k.begin(), k.end());
    return infinite(k);
}

Solver::Outcome Solver::outcome(std::uint32_t v) const {
    if (is_finite(v)) return v == 0 ? Outcome::p : Outcome::n;
    if (v == known_n) return Outcome::n;
    if (v == known_d) return Outcome::draw;
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
            return infinite(finite);
    return m;
}

}  // namespace grundy::solver
