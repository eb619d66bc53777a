// Solving a state of an int-path game in one pass (GameGraph::try_grundy).
//
// When every option of a state is already solved (queries that climb in
// size make this the rule), its Grundy value is the mex of values read
// straight from the solver's arrays: no options buffer, no frame, no
// interning. A move family whose results are affine in its innermost range
// variable steps through evenly spaced state ids, which is the loop a
// hand-written solver has. The first option that is not known, or not a
// state that is its own id, gives up: the solver then expands the state.
#include "instance.hpp"

namespace grundy {

namespace {

using intpath::Frame;
using intpath::Move;
constexpr std::uint32_t not_known = solver::Solver::known_limit;  // this and above

// The option values of one state: marks[v] == stamp when v is one, so a
// new state costs a new stamp, not a cleared array (as a hand-written
// solver does it). Values below 256 need no bounds check.
class MexSet {
public:
    MexSet(std::vector<std::uint32_t>& marks, std::uint32_t& counter) : marks_(marks) {
        if (marks_.size() < 256) marks_.assign(256, 0);
        if (++counter == 0) {
            std::fill(marks_.begin(), marks_.end(), 0);
            counter = 1;
        }
        stamp_ = counter;
        data_ = marks_.data();
    }

    void add_small(std::uint32_t v) { data_[v] = stamp_; }  // v < 256
    void add(std::uint32_t v) {
        if (v >= marks_.size()) {
            if (v >= (1u << 28)) {
                huge_ = true;  // rare: the solver's general path takes it
                return;
            }
            marks_.resize(std::max<std::size_t>(v + 1, marks_.size() * 2), 0);
            data_ = marks_.data();
        }
        data_[v] = stamp_;
    }
    bool huge() const { return huge_; }
    std::uint32_t mex() const {
        std::uint32_t v = 0;
        while (v < marks_.size() && data_[v] == stamp_) ++v;
        return v;
    }

private:
    std::vector<std::uint32_t>& marks_;
    std::uint32_t* data_;
    std::uint32_t stamp_;
    bool huge_ = false;
};

class Kernel {
public:
    Kernel(const IntGame& g, const StateTable& t, const solver::ValueArray& low, const solver::ValueArray& high,
           MexSet& mex)
        : g_(g), table_(t), low_(low), high_(high), mex_(mex) {}

    bool moves(const Frame& f) {
        for (const Move& m : g_.moves)
            if (!family(m, 0, f)) return false;
        return true;
    }

private:
    std::uint32_t value(std::uint32_t id) const {
        return id < StateTable::first_general ? low_.get(id) : high_.get(id - StateTable::first_general);
    }

    bool family(const Move& m, std::size_t gen, const Frame& f) {
        if (gen == m.gens.size()) return option(m, f);
        const intpath::Gen& g = m.gens[gen];
        if (g.list >= 0) {
            for (std::int64_t x : f.data->lists[g.list]) {
                f.r[g.reg] = x;
                if (!family(m, gen + 1, f)) return false;
            }
            return true;
        }
        std::int64_t lo = g.lo->eval(f), hi = g.hi->eval(f);
        if (lo > hi) return true;
        if (m.affine && gen + 1 == m.gens.size()) {
            Stepped r = stepped(m, g.reg, lo, hi, f);
            if (r != Stepped::not_even) return r == Stepped::done;
        }
        for (std::int64_t x = lo;; ++x) {
            if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();
            f.r[g.reg] = x;
            if (!family(m, gen + 1, f)) return false;
            if (x == hi) return true;
        }
    }

    // A state's id from its ints, after the canonical form.
    bool id_of(std::int64_t* xs, const Frame& f, std::uint32_t& id) const {
        if (!g_.canonical.empty()) {
            std::copy(xs, xs + g_.arity, f.r + g_.canonical_base);
            for (std::uint32_t i = 0; i < g_.arity; ++i) xs[i] = g_.canonical[i]->eval(f);
        }
        return table_.direct_id(xs, id);
    }

    bool option(const Move& m, const Frame& f) {
        if (m.where && !m.where->test(f)) return true;
        std::uint32_t x = 0;
        if (m.split) {
            for (const auto& part : m.result) {
                std::int64_t n = part->eval(f);
                std::uint32_t id, v;
                if (!id_of(&n, f, id) || (v = value(id)) >= not_known) return false;
                x ^= v;
            }
        } else {
            std::int64_t xs[8];
            for (std::size_t i = 0; i < m.result.size(); ++i) xs[i] = m.result[i]->eval(f);
            std::uint32_t id;
            if (!id_of(xs, f, id) || (x = value(id)) >= not_known) return false;
        }
        mex_.add(x);
        return true;
    }

    enum class Stepped { done, unknown, not_even };

    // The innermost range lo..hi of an affine family: each state id is
    // first + step * (x - lo). The results are evaluated at both ends (an
    // error there leaves it to the plain loop); being affine, a result inside [0, 2^bits) at both ends is inside it between.
    Stepped stepped(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f) {
        const std::size_t n = m.result.size();
        if (n > 8) return Stepped::not_even;
        std::int64_t at_lo[8], at_hi[8];
        try {
            f.r[reg] = lo;
            for (std::size_t i = 0; i < n; ++i) at_lo[i] = m.result[i]->eval(f);
            f.r[reg] = hi;
            for (std::size_t i = 0; i < n; ++i) at_hi[i] = m.result[i]->eval(f);
        } catch (const DiagnosticError&) {
            return Stepped::not_even;  // the plain loop raises it where the rules do (a `where` may skip it)
        }
        const std::int64_t span = hi - lo;
        const std::int64_t limit = m.split || g_.arity == 1 ? std::int64_t{StateTable::first_general}
                                                            : std::int64_t{1} << table_.direct_bits();
        for (std::size_t i = 0; i < n; ++i)
            if (at_lo[i] < 0 || at_lo[i] >= limit || at_hi[i] < 0 || at_hi[i] >= limit ||
                (span && (at_hi[i] - at_lo[i]) % span))
                return Stepped::not_even;
        auto slope = [&](std::size_t i) { return span ? (at_hi[i] - at_lo[i]) / span : 0; };

        std::int64_t id[8], step[8];
        if (m.split) {
            for (std::size_t i = 0; i < n; ++i) {
                id[i] = at_lo[i];
                step[i] = slope(i);
            }
            switch (n) {
                case 1: return walk<1>(low_, id, step, span + 1, m, reg, lo, f);
                case 2: return walk<2>(low_, id, step, span + 1, m, reg, lo, f);
                case 3: return walk<3>(low_, id, step, span + 1, m, reg, lo, f);
                default: return Stepped::not_even;
            }
        }
        // One state: an int, or a tuple packed side by side.
        if (g_.arity == 1) {
            id[0] = at_lo[0];
            step[0] = slope(0);
            return walk<1>(low_, id, step, span + 1, m, reg, lo, f);
        }
        const unsigned bits = table_.direct_bits();
        id[0] = step[0] = 0;
        for (std::size_t i = 0; i < n; ++i) {
            id[0] = (id[0] << bits) + at_lo[i];
            step[0] = step[0] * (std::int64_t{1} << bits) + slope(i);
        }
        id[0] += StateTable::first_direct - StateTable::first_general;  // an index into high_
        return walk<1>(high_, id, step, span + 1, m, reg, lo, f);
    }

    // Visits the ids id[i] + step[i] * k, k = 0..count-1, of N parts in one
    // array, a page at a time; where every page is narrow and there is no
    // `where`, the loop reads bytes, as a hand-written solver would.
    template <std::size_t N>
    Stepped walk(const solver::ValueArray& values, std::int64_t* id, const std::int64_t* step, std::int64_t count,
                 const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f) {
        using VA = solver::ValueArray;
        while (count > 0) {
            poll_interrupt();
            VA::PageView page[N];
            std::int64_t chunk = count;
            bool narrow = !m.where;
            for (std::size_t i = 0; i < N; ++i) {
                page[i] = values.view(static_cast<std::uint32_t>(id[i]));
                if (!page[i].narrow && !page[i].wide) return Stepped::unknown;
                narrow = narrow && page[i].narrow;
                const std::int64_t at = id[i] - page[i].begin;
                const std::int64_t left = step[i] > 0   ? (VA::page_size - 1 - at) / step[i] + 1
                                          : step[i] < 0 ? at / -step[i] + 1
                                                        : count;
                chunk = std::min(chunk, left);
            }
            if (narrow) {
                const std::uint8_t* p[N];
                for (std::size_t i = 0; i < N; ++i) p[i] = page[i].narrow + (id[i] - page[i].begin);
                for (std::int64_t k = 0; k < chunk; ++k) {
                    std::uint32_t v = 0;
                    bool missing = false;
                    for (std::size_t i = 0; i < N; ++i) {
                        std::uint8_t b = p[i][k * step[i]];
                        missing |= b >= VA::narrow_on_path;
                        v ^= b;
                    }
                    if (missing) return Stepped::unknown;
                    mex_.add_small(v);
                }
            } else {
                for (std::int64_t k = 0; k < chunk; ++k) {
                    if (m.where) {
                        f.r[reg] = x + k;
                        if (!m.where->test(f)) continue;
                    }
                    std::uint32_t v = 0;
                    for (std::size_t i = 0; i < N; ++i) {
                        std::size_t j = static_cast<std::size_t>(id[i] + k * step[i] - page[i].begin);
                        std::uint32_t b = page[i].wide                                  ? page[i].wide[j]
                                          : page[i].narrow[j] >= VA::narrow_on_path ? not_known
                                                                                    : page[i].narrow[j];
                        if (b >= not_known) return Stepped::unknown;
                        v ^= b;
                    }
                    mex_.add(v);
                }
            }
            for (std::size_t i = 0; i < N; ++i) id[i] += chunk * step[i];
            x += chunk;
            count -= chunk;
        }
        return Stepped::done;
    }

    const IntGame& g_;
    const StateTable& table_;
    const solver::ValueArray& low_;
    const solver::ValueArray& high_;
    MexSet& mex_;
};

}  // namespace

bool Instance::try_grundy(solver::StateId s, std::uint32_t& value) {
    if (!game_.fast) return false;
    std::int64_t regs[IntGame::max_registers];
    if (!load_fast(s, regs)) return false;
    const IntGame& g = *game_.fast;
    Frame f{regs, &fast_};
    if (g.terminal && g.terminal->test(f)) {
        value = 0;
        return true;
    }
    MexSet mex(mex_marks_, mex_stamp_);
    Kernel k(g, table_, ctx_.solver.low_values(graph_), ctx_.solver.high_values(graph_), mex);
    if (!k.moves(f) || mex.huge()) return false;
    value = mex.mex();
    return true;
}

}  // namespace grundy
