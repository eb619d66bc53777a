#include "heap_engine.hpp"

#include <algorithm>
#include <bit>
#include <optional>

#include "context.hpp"
#include "int_gen.hpp"
#include "state_table.hpp"

namespace grundy {

using intpath::Move;

namespace {

bool parity(std::uint32_t x) { return std::popcount(x) & 1; }

// In-place Walsh-Hadamard transform of a power-of-two-sized array.
void hadamard(std::vector<std::int64_t>& w) {
    for (std::size_t len = 1; len < w.size(); len <<= 1)
        for (std::size_t i = 0; i < w.size(); i += len << 1)
            for (std::size_t j = i; j < i + len; ++j) {
                const std::int64_t a = w[j], b = w[j + len];
                w[j] = a + b, w[j + len] = a - b;
            }
}

}  // namespace

bool HeapEngine::fits(const CompiledGame& game, const IntGame* g) {
    if (!g || g->shape != IntGame::Shape::ints || g->named_list || g->arity != 1 || !g->canonical.empty() || game.has_start ||
        game.position_args != 1 || g->moves.empty())
        return false;
    for (const Move& m : g->moves)
        if (m.result.empty() || (!m.split && m.result.size() != 1)) return false;
    return true;
}

bool HeapEngine::has_sparse(const IntGame& g) {
    return std::any_of(g.moves.begin(), g.moves.end(), [](const Move& m) { return m.sparse; });
}

HeapEngine::HeapEngine(const IntGame& g, const IntInstanceData& data) : g_(g), data_(data), f_{regs_, &data} {
    for (const auto& [reg, value] : data_.int_regs) regs_[reg] = value;
    counts_.assign(std::size_t{2} << bits_, 0);
    marks_.assign(256, 0);
}

bool HeapEngine::extend(std::int64_t n) {
    if (stopped_at_ >= 0) return n < stopped_at_;
    if (n >= std::int64_t{StateTable::first_general}) n = StateTable::first_general - 1;
    while (static_cast<std::int64_t>(values_.size()) <= n) {
        const auto h = static_cast<std::int64_t>(values_.size());
        if ((h & 0xFFF) == 0) poll_interrupt();
        std::uint32_t v;
        if (!solve(h, v)) {
            stopped_at_ = h;
            return false;
        }
        values_.push_back(v);
        if (v >> bits_) {
            while (v >> bits_) ++bits_;
            counts_.resize(std::size_t{2} << bits_, 0);
        }
        ++counts_[(std::size_t{v} << 1) | (h & 1)];
        if (rare(v, h)) rare_.push_back(h);
        const auto size = values_.size();
        if ((size >= 64 && std::has_single_bit(size)) || rare_.size() > 2 * rare_at_check_ + 64) classify(false);
    }
    return true;
}

// Heap h is rare when parity(v & mask) ^ (with pos_: (h ^ beta) & 1) is 0.
bool HeapEngine::rare(std::uint32_t value, std::int64_t heap) const {
    bool p = parity(value & mask_);
    if (pos_) p ^= ((heap ^ beta_) & 1) != 0;
    return !p;
}

// A common heap xor a common heap, at heap n: parity(v & mask) is 0, or
// with pos_ the parity of n - beta (the sum of the parts).
bool HeapEngine::in_d(std::uint32_t v, std::int64_t n) const {
    const bool target = pos_ && ((n ^ beta_) & 1);
    return parity(v & mask_) == target;
}

// Picks the mask (and whether the parity takes part) that makes the fewest
// heaps rare, and lists them again when that beats the present one well.
void HeapEngine::classify(bool force) {
    rare_at_check_ = rare_.size();
    const std::size_t size = std::size_t{1} << bits_;
    std::vector<std::int64_t> all(size), diff(size);
    for (std::size_t v = 0; v < size; ++v) {
        all[v] = static_cast<std::int64_t>(counts_[v << 1] + counts_[(v << 1) | 1]);
        diff[v] = static_cast<std::int64_t>(counts_[v << 1]) - static_cast<std::int64_t>(counts_[(v << 1) | 1]);
    }
    hadamard(all);
    hadamard(diff);
    const auto n = static_cast<std::int64_t>(values_.size());
    std::uint32_t best_mask = 0;
    bool best_pos = false;
    std::int64_t best = n;  // mask 0 without parity: every heap rare
    for (std::size_t m = 0; m < size; ++m) {
        const std::int64_t plain = (n + all[m]) / 2;
        if (plain < best) best = plain, best_mask = static_cast<std::uint32_t>(m), best_pos = false;
        if (beta_ == 0 || beta_ == 1) {
            const std::int64_t with = (n + (beta_ ? -diff[m] : diff[m])) / 2;
            if (with < best) best = with, best_mask = static_cast<std::uint32_t>(m), best_pos = true;
        }
    }
    const auto now = static_cast<std::int64_t>(rare_.size());
    if (!force && !(best + 16 < now && 4 * best < 3 * now)) return;
    if (pos_ && !(beta_ == 0 || beta_ == 1)) best_pos = false;
    mask_ = best_mask;
    pos_ = best_pos;
    rare_.clear();
    for (std::int64_t h = 0; h < n; ++h)
        if (rare(values_[static_cast<std::size_t>(h)], h)) rare_.push_back(h);
    rare_at_check_ = rare_.size();
}

void HeapEngine::mark(std::uint32_t v) {
    if (v >= marks_.size()) marks_.resize(std::max<std::size_t>(2 * marks_.size(), std::size_t{v} + 2), 0);
    marks_[v] = stamp_;
}

// Probing: one more binding of a move's generators at a very large heap,
// counted whether or not its `where` holds (a binding that never holds
// must not run on); the generators' values far below the heap are the
// removal variables', the largest of which the proof's window must pass
// (IntGame::heap_uniform compares the heap with no more than those).
bool HeapEngine::probe_binding(const Move& m) {
    if (++probe_bindings_ > probe_budget) return stop_ = true, false;
    for (const auto& g : m.gens) {
        const std::int64_t x = f_.r[g.reg];
        if (x > -(std::int64_t{1} << 39) && x < (std::int64_t{1} << 39)) probe_removal_ = std::max(probe_removal_, x < 0 ? -x : x);
    }
    return true;
}

// Probing: one more option of a very large heap, its parts summing to `sum`.
bool HeapEngine::probe_option(std::int64_t n, std::int64_t sum) {
    probe_removal_ = std::max(probe_removal_, n - sum);
    if (++probe_options_ > probe_budget) return stop_ = true, false;
    return true;
}

std::optional<std::int64_t> HeapEngine::removal_bound() {
    std::int64_t most = max_removal_;
    for (const std::int64_t n : {std::int64_t{1} << 40, std::int64_t{3} << 40}) {
        probing_ = true;
        probe_options_ = probe_bindings_ = 0;
        probe_removal_ = 0;
        stop_ = false;
        regs_[0] = n;
        rows_.clear();
        row_regs_.clear();
        try {
            for (const Move& m : g_.moves) {
                if (m.split) split_move(m, 0, n);
                else heap_move(m, 0, n);
                if (stop_) break;
            }
        } catch (...) {
            probing_ = false;
            throw;
        }
        probing_ = false;
        rows_.clear();
        row_regs_.clear();
        if (stop_) return std::nullopt;  // too many options: the removals grow with the heap
        most = std::max(most, probe_removal_);
    }
    return most;
}

void HeapEngine::note_removal(std::int64_t n, std::int64_t parts_sum) {
    max_removal_ = std::max(max_removal_, n - parts_sum);
}

// The options of a one-int move, by binding: each must be a smaller heap.
bool HeapEngine::heap_move(const Move& m, std::size_t gen, std::int64_t n) {
    if (gen == m.gens.size()) {
        if (probing_ && !probe_binding(m)) return false;
        if (m.where && !m.where->test(f_)) return true;
        const std::int64_t x = m.result[0]->eval(f_);
        if (probing_) return probe_option(n, x);
        if (x < 0 || x >= n) return stop_ = true, false;
        note_removal(n, x);
        mark(values_[static_cast<std::size_t>(x)]);
        return true;
    }
    return intpath::for_each_value(m.gens[gen], f_, [&] { return heap_move(m, gen + 1, n); });
}

bool HeapEngine::split_move(const Move& m, std::size_t gen, std::int64_t n) {
    if (gen + 1 == m.gens.size() && m.sparse) return split_row(m, n);
    if (gen == m.gens.size()) {  // a family stepped option by option
        if (probing_ && !probe_binding(m)) return false;
        if (m.where && !m.where->test(f_)) return true;
        std::uint32_t v = 0;
        std::int64_t sum = 0;
        if (probing_) {
            std::int64_t sum = 0;
            for (const auto& part : m.result) sum += part->eval(f_);
            return probe_option(n, sum);
        }
        for (const auto& part : m.result) {
            const std::int64_t x = part->eval(f_);
            if (x < 0 || x >= n) return stop_ = true, false;
            v ^= values_[static_cast<std::size_t>(x)];
            sum += x;
        }
        max_parts_ = std::max(max_parts_, m.result.size());
        note_removal(n, sum);
        mark(v);
        return true;
    }
    return intpath::for_each_value(m.gens[gen], f_, [&] { return split_move(m, gen + 1, n); });
}

// Every pair of a row, for a row that does not step evenly.
bool HeapEngine::exact_row(const Move& m, std::int64_t n, std::int64_t lo, std::int64_t hi) {
    const std::uint32_t reg = m.gens.back().reg;
    for (std::int64_t a = lo; a <= hi; ++a) {
        if (((a - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();
        f_.r[reg] = a;
        if (m.where && !m.where->test(f_)) continue;
        const std::int64_t x = m.result[0]->eval(f_), y = m.result[1]->eval(f_);
        if (probing_) {
            if (!probe_option(n, x + y)) return false;
            continue;
        }
        if (x < 0 || x >= n || y < 0 || y >= n) return stop_ = true, false;
        note_removal(n, x + y);
        mark(values_[static_cast<std::size_t>(x)] ^ values_[static_cast<std::size_t>(y)]);
    }
    max_parts_ = std::max<std::size_t>(max_parts_, 2);
    return true;
}

// The innermost generator of a sparse family, for one binding of the
// others: its pairs become a Row, looked at later.
bool HeapEngine::split_row(const Move& m, std::int64_t n) {
    const intpath::Gen& gen = m.gens.back();
    std::int64_t lo = gen.lo->eval(f_), hi = gen.hi->eval(f_);
    if (lo > hi) return true;
    for (const Move::Bound& b : m.bounds)  // `where`'s leading bounds, as the rules test them first
        if (!intpath::narrow_by(b, f_, lo, hi)) return exact_row(m, n, lo, hi);
    if (lo > hi) return true;
    intpath::Trace t0, t1;
    t0.reset(), t1.reset();
    f_.r[gen.reg] = lo;
    const std::int64_t x0 = m.result[0]->eval_traced(f_, t0), y0 = m.result[1]->eval_traced(f_, t0);
    f_.r[gen.reg] = hi;
    const std::int64_t x1 = m.result[0]->eval_traced(f_, t1), y1 = m.result[1]->eval_traced(f_, t1);
    if (lo == hi || !t0.same(t1) || (x1 - x0) % (hi - lo) != 0 || (y1 - y0) % (hi - lo) != 0)
        return exact_row(m, n, lo, hi);
    if (probing_) return probe_option(n, std::min(x0 + y0, x1 + y1));
    if (std::min({x0, x1, y0, y1}) < 0 || std::max({x0, x1, y0, y1}) >= n) {
        // A pair out of the heaps below n is an option only if `where` lets
        // it through: pair by pair, `where` first, as the rules go.
        if (!m.rest.empty()) return exact_row(m, n, lo, hi);
        return stop_ = true, false;
    }
    Row r{lo, hi, x0, (x1 - x0) / (hi - lo), y0, (y1 - y0) / (hi - lo), &m, gen.reg};
    max_parts_ = std::max<std::size_t>(max_parts_, 2);
    // The removal is extreme at an end of the row, the parts being affine.
    note_removal(n, std::min(x0 + y0, x1 + y1));  // as if every pair were legal: a bound
    if (!m.rest.empty()) {
        r.regs = row_regs_.size();
        row_regs_.insert(row_regs_.end(), regs_, regs_ + g_.registers);
    }
    if (r.dx + r.dy != 0) beta_ = 2;  // the parts' sum changes along the row: no parity class
    else if (beta_ != 2) {
        const int b = static_cast<int>((n - x0 - y0) & 1);
        beta_ = beta_ < 0 ? b : beta_ == b ? b : 2;
    }
    rows_.push_back(r);
    return true;
}

bool HeapEngine::rest_holds(const Row& r, std::int64_t a) {
    if (r.move->rest.empty()) return true;
    std::copy(row_regs_.begin() + static_cast<std::ptrdiff_t>(r.regs),
              row_regs_.begin() + static_cast<std::ptrdiff_t>(r.regs + g_.registers), regs_);
    f_.r[r.reg] = a;
    for (const auto& c : r.move->rest)
        if (!c->test(f_)) return false;
    return true;
}

// Every pair of a row marked (every xor is below 2^bits_: no bounds check).
void HeapEngine::mark_all(const Row& r) {
    const std::uint32_t *x = values_.data() + r.x0, *y = values_.data() + r.y0;
    std::uint32_t* mk = marks_.data();
    const std::uint32_t st = stamp_;
    const std::int64_t end = r.hi - r.lo;
    if (r.move->rest.empty() && r.dx == 1 && r.dy == -1) {  // the usual row
        for (std::int64_t i = 0; i <= end; ++i) mk[x[i] ^ y[-i]] = st;
        return;
    }
    for (std::int64_t i = 0; i <= end; ++i)
        if (r.move->rest.empty() || rest_holds(r, r.lo + i)) mk[x[r.dx * i] ^ y[r.dy * i]] = st;
}

bool HeapEngine::solve(std::int64_t n, std::uint32_t& value) {
    regs_[0] = n;
    if (g_.terminal && g_.terminal->test(f_)) {
        value = 0;
        return true;
    }
    if (++stamp_ == 0) {
        std::fill(marks_.begin(), marks_.end(), 0);
        stamp_ = 1;
    }
    rows_.clear();
    row_regs_.clear();
    stop_ = false;
    const int beta_before = beta_;
    for (const Move& m : g_.moves) {
        if (m.split) split_move(m, 0, n);
        else heap_move(m, 0, n);
        if (stop_) return false;
    }
    // A split whose removal has the other parity: the classes must drop
    // the heap's parity, and the rare heaps be listed again.
    if (pos_ && beta_ != beta_before && beta_ == 2) classify(true);
    const std::uint32_t* G = values_.data();
    if (marks_.size() < (std::size_t{1} << bits_) + 2) marks_.resize((std::size_t{1} << bits_) + 2, 0);
    // With most heaps rare, the rare pairs are most pairs and the search
    // below would read them again: every pair once, as the plain loop does.
    if (4 * rare_.size() > values_.size()) {
        for (const Row& r : rows_) mark_all(r);
        std::uint32_t v = 0;
        while (v < marks_.size() && marks_[v] == stamp_) ++v;
        value = v;
        return true;
    }
    // Pairs with a rare part: every value of the half E exactly.
    for (const Row& r : rows_) {
        const bool rest = !r.move->rest.empty();
        auto side = [&](std::int64_t p0, std::int64_t dp, std::int64_t q0, std::int64_t dq) {
            if (dp == 0) {  // every pair has the part p0: all of the row when it is rare
                if (!rare(G[p0], p0)) return;
                for (std::int64_t a = r.lo; a <= r.hi; ++a)
                    if (!rest || rest_holds(r, a)) mark(G[p0] ^ G[q0 + dq * (a - r.lo)]);
                return;
            }
            const std::int64_t p1 = p0 + dp * (r.hi - r.lo);
            auto it = std::lower_bound(rare_.begin(), rare_.end(), std::min(p0, p1));
            const auto end = std::upper_bound(it, rare_.end(), std::max(p0, p1));
            if ((dp == 1 || dp == -1) && !rest) {  // every rare heap in the span is a part
                std::uint32_t* mk = marks_.data();
                const std::uint32_t st = stamp_;
                for (; it != end; ++it) mk[G[*it] ^ G[q0 + dq * ((*it - p0) * dp)]] = st;
                return;
            }
            for (; it != end; ++it) {
                if ((*it - p0) % dp != 0) continue;
                const std::int64_t i = (*it - p0) / dp;
                if (!rest || rest_holds(r, r.lo + i)) mark(G[*it] ^ G[q0 + dq * i]);
            }
        };
        side(r.x0, r.dx, r.y0, r.dy);
        side(r.y0, r.dy, r.x0, r.dx);
    }
    // The least value of E not reached; none when E is empty.
    constexpr std::uint32_t none = UINT32_MAX;
    std::uint32_t candidate = none;
    if (mask_ != 0 || !in_d(0, n)) {  // E is not empty: with mask 0 it is every value or none
        for (std::uint32_t v = 0;; ++v) {
            if (!in_d(v, n) && (v >= marks_.size() || marks_[v] != stamp_)) {
                candidate = v;
                break;
            }
        }
    }
    if (rows_.empty()) candidate = none;  // no pairs: the marks are exact
    // D values below the candidate not reached yet: looked for among all
    // pairs (all of them when there is no candidate).
    std::uint64_t need = candidate == none ? UINT64_MAX : 0;
    if (candidate != none) {
        for (std::uint32_t v = 0; v < candidate; ++v)
            if (v >= marks_.size() || marks_[v] != stamp_) ++need;
    }
    for (const Row& r : rows_) {
        if (need == 0) break;
        std::uint32_t* mk = marks_.data();  // every xor is below 2^bits_: no bounds check
        const std::uint32_t st = stamp_;
        const std::uint32_t *x = G + r.x0, *y = G + r.y0;
        const std::int64_t dx = r.dx, dy = r.dy;
        for (std::int64_t from = 0, end = r.hi - r.lo; from <= end && need; from += 0x10000) {
            poll_interrupt();
            const std::int64_t to = std::min(end, from + 0xFFFF);
            if (r.move->rest.empty() && dx == 1 && dy == -1) {  // the usual row
                // Without branches on the marks: a new value is found
                // unpredictably, and a mispredicted branch costs more than
                // the store.
                std::int64_t i = from;
                for (; i + 8 <= to + 1 && need; i += 8)  // each value counts once: need stops at 0
                    for (int j = 0; j < 8; ++j) {
                        const std::uint32_t v = x[i + j] ^ y[-(i + j)];
                        need -= (mk[v] != st) & (v < candidate);
                        mk[v] = st;
                    }
                for (; i <= to && need; ++i) {
                    const std::uint32_t v = x[i] ^ y[-i];
                    if (mk[v] == st) continue;
                    mk[v] = st;
                    if (v < candidate) --need;
                }
                continue;
            }
            for (std::int64_t i = from; i <= to; ++i) {
                if (!r.move->rest.empty() && !rest_holds(r, r.lo + i)) continue;
                const std::uint32_t v = x[dx * i] ^ y[dy * i];
                if (mk[v] == st) continue;
                mk[v] = st;
                if (v < candidate && --need == 0) break;
            }
        }
    }
    if (candidate != none && need == 0) {
        value = candidate;
        return true;
    }
    std::uint32_t v = 0;
    while (v < marks_.size() && marks_[v] == stamp_) ++v;
    value = v;
    return true;
}

}  // namespace grundy
