// The one-pass kernels (runtime/int_mex.cpp, which alone includes this
// file and mex_kernel_stepping.hpp): a state's value, or its outcome, from
// the values of its options read straight from the solver's arrays. See
// int_mex.cpp for what they do and when; `Kernel` walks a state's moves.
#pragma once

#include <bit>
#include <cstring>
#include <optional>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif
#include "instance.hpp"
#include "int_gen.hpp"

namespace grundy {

namespace {

using intpath::Frame;
using intpath::ListResult;
using intpath::Move;
using intpath::Trace;
constexpr std::uint32_t not_known = solver::Solver::known_limit;  // this and above
using VA = solver::ValueArray;

// Whether a walk takes an option's entry (a value, or a code) as read: for
// values, a value; for the outcome alone, an N-position (see above).
template <bool Outcome> [[gnu::always_inline]] inline bool known(std::uint32_t v) {
    if constexpr (Outcome) return v - 1 < not_known - 1 || v == VA::known_n;
    else return v < not_known;
}
// The same for a narrow page's byte: for the outcome alone 1..narrow_known_n.
template <bool Outcome> [[gnu::always_inline]] inline bool byte_known(std::uint8_t b) {
    return static_cast<std::uint8_t>(b - Outcome) < VA::narrow_limit;
}
static_assert(StateTable::first_general == solver::Solver::high_ids &&
              StateTable::first_packed == solver::Solver::packed_ids &&
              StateTable::first_direct == solver::Solver::direct_ids);

// The option values of one state: marks[v] == stamp when v is one, so a
// new state costs a new stamp, not a cleared array (as a hand-written
// solver does it). Values below 256 need no bounds check. The last mark
// is never set, so the mex stops there without a bounds check.
class MexSet {
public:
    MexSet(std::vector<std::uint32_t>& marks, std::uint32_t& counter) : marks_(marks), counter_(counter) {
        if (marks_.size() < 257) marks_.assign(257, 0);
        next();
    }

    // Empty again, for the next state.
    void next() {
        if (++counter_ == 0) {
            std::fill(marks_.begin(), marks_.end(), 0);
            counter_ = 1;
        }
        stamp_ = counter_;
        data_ = marks_.data();
        size_ = marks_.size() - 1;
        huge_ = false;
    }

    // For loops that mark values below 256 themselves; add() may move them.
    std::uint32_t* marks() const { return data_; }
    std::size_t size() const { return size_; }  // values below it can be marked; far below not_known
    std::uint32_t stamp() const { return stamp_; }
    [[gnu::always_inline]] void add(std::uint32_t v) {
        if (v < size_) data_[v] = stamp_;
        else add_past(v);
    }
    bool huge() const { return huge_; }
    std::uint32_t mex() const {
        std::uint32_t v = 0;
#if defined(__SSE2__) && defined(__x86_64__)
        // Sixteen marks a turn: a game whose values run into the hundreds
        // (Wythoff's) spent a tenth of its time in the plain loop below.
        const __m128i stamps = _mm_set1_epi32(static_cast<int>(stamp_));
        auto same = [&](std::uint32_t at) {
            return _mm_cmpeq_epi32(_mm_loadu_si128(reinterpret_cast<const __m128i*>(data_ + at)), stamps);
        };
        for (; v + 16 <= size_; v += 16) {
            const __m128i all = _mm_and_si128(_mm_and_si128(same(v), same(v + 4)), _mm_and_si128(same(v + 8), same(v + 12)));
            if (_mm_movemask_epi8(all) != 0xFFFF) break;  // the plain loop finds it within these 16
        }
#endif
        while (data_[v] == stamp_) ++v;  // data_[size_] is never set
        return v;
    }

private:
    [[gnu::noinline]] void add_past(std::uint32_t v) {
        if (v >= (1u << 20)) {  // 4 MB of marks at most
            huge_ = true;  // rare: the solver's general path takes it
            return;
        }
        marks_.resize(std::max<std::size_t>(v + 2, marks_.size() * 2), 0);
        data_ = marks_.data();
        size_ = marks_.size() - 1;
        data_[v] = stamp_;
    }

    std::vector<std::uint32_t>& marks_;
    std::uint32_t& counter_;
    std::uint32_t* data_;
    std::size_t size_;
    std::uint32_t stamp_;
    bool huge_ = false;
};

// A MexSet's marks in locals, for a loop that marks values it reads: the
// stores into the marks could alias anything else as far as the compiler
// knows. A value past them takes MexSet::add, which may move them; mark()
// is false for an entry not known<Outcome>.
class LocalMarks {
public:
    explicit LocalMarks(MexSet& mex) : mex_(&mex), marks_(mex.marks()), size_(mex.size()), stamp_(mex.stamp()) {}
    template <bool Outcome = false> [[gnu::always_inline]] bool mark(std::uint32_t v) {
        if (v < size_) [[likely]] {
            if (Outcome && v == 0) return false;
            marks_[v] = stamp_;  // codes are past any marks
            return true;
        }
        if (v >= not_known) return Outcome && v == VA::known_n;
        mex_->add(v);
        marks_ = mex_->marks();
        size_ = mex_->size();
        return true;
    }

private:
    MexSet* mex_;
    std::uint32_t* marks_;
    std::size_t size_;
    std::uint32_t stamp_;
};

// How stepping through a family ended; `not_even` leaves it to the plain loop.
enum class Stepped { done, unknown, not_even };

// Narrows lo..hi by the move's bounds (Move::bounds); false when a bound
// overflows (the plain loop then tests each value).
bool tighten(const Move& m, const Frame& f, std::int64_t& lo, std::int64_t& hi) {
    for (const Move::Bound& b : m.bounds)
        if (!intpath::narrow_by(b, f, lo, hi)) return false;
    return true;
}

// The options n + offset(k) of a translation (Move::translation) for the k
// in lo..hi: `byte(id)` reads a byte from a page at hand (narrow_on_path
// and above: not there), else `values` is asked; `blocked(id)` names an
// option not known. In locals: the stores into the marks could alias
// anything else as far as the compiler knows.
template <bool Outcome, typename Byte, typename Blocked>
inline Stepped mark_translation(const Move& m, const std::vector<std::int64_t>& offsets, const Frame& f, std::int64_t n,
                                std::int64_t lo, std::int64_t hi, MexSet& mex, Byte&& byte, Blocked&& blocked,
                                const solver::ValueArray& values) {
    const std::vector<std::int64_t>& list = f.data->lists[m.gens[0].list];
    const std::int64_t* ks = list.data();
    const std::int64_t* off = offsets.data();
    const std::size_t count = list.size();
    std::uint32_t* marks = mex.marks();
    const std::uint32_t stamp = mex.stamp();
    for (std::size_t i = 0; i < count; ++i) {
        if (ks[i] < lo || ks[i] > hi) continue;
        const std::int64_t id = n + off[i];
        const std::uint8_t b = byte(id);
        if (byte_known<Outcome>(b)) {
            if (!Outcome) marks[b] = stamp;  // below 256: no bounds check
            continue;
        }
        // An int outside 0..2^31-1 is interned, not its own id: the plain loop.
        if (id < 0 || id >= std::int64_t{StateTable::first_general}) return Stepped::not_even;
        const std::uint32_t v = values.get(static_cast<std::uint32_t>(id));
        if (!known<Outcome>(v)) return blocked(id);
        if (Outcome) continue;
        mex.add(v);
        marks = mex.marks();  // a value past the marks grows them
    }
    return Stepped::done;
}

// `move x in s => s - {d for d in s where c}` on a set position with c's
// masks keyed by x, or `move x in s => s - b1 - b2 ...` with the b read
// from x alone (ListResult::removal): one mask per x (Kernel::masked),
// when the position packs.
bool masked_move(const IntGame& g, const Move& m) {
    if (g.shape != IntGame::Shape::sets || m.gens.size() != 1) return false;
    const int x = static_cast<int>(m.gens[0].reg);
    return m.gens[0].over_position && !m.where &&
           m.list.kind == ListResult::Kind::minus &&
           ((m.list.a->kind == ListResult::Kind::position && m.list.b->filter == x) || m.list.removal == x);
}

template <bool Outcome> class Kernel {
public:
    Kernel(const IntGame& g, const StateTable& t, const solver::ValueArray* arrays, MexSet& mex)
        : g_(g), table_(t), arrays_(arrays), low_(arrays[0]), mex_(mex) {}

    bool moves(const Frame& f) {
        blocker_ = {};  // a kernel kept from state to state (a range loop) names this state's blocker or none
        for (std::size_t i = 0; i < g_.moves.size(); ++i) {
            const Move& m = g_.moves[i];
            if (m.gens.empty()) {  // one option (`move where c => r`): no loop to set up
                if (!option(m, f)) return false;
                continue;
            }
            const auto& offsets = f.data->offsets[i];
            if (!offsets.empty()) {
                Stepped r = translated(m, offsets, f);
                if (r == Stepped::done) continue;
                if (r == Stepped::unknown) return false;
            }
            if (m.shifted) {
                Stepped r = shifted(m, f.data->shifts[i], f);
                if (r == Stepped::done) continue;
                if (r == Stepped::unknown) return false;
            }
            if (!family(m, 0, f)) return false;
        }
        return true;
    }
    const solver::GameGraph::Blocker& blocker() const { return blocker_; }
    // For a loop that solves one-int states in order (Instance::outcome_range):
    // the narrow bytes of ids 0..count-1 side by side, which the shifted
    // walk reads in place of the pages.
    void dense(const std::uint8_t* bytes, std::uint64_t count) {
        dense_ = bytes;
        dense_count_ = count;
    }

    // A game whose one move is masked (see masked()), scanned resumably
    // (GameGraph::Blocker::resume): `at` holds the bits still to take,
    // `gathered` the values seen, all below 64 so far. `other` leaves the
    // state to the plain scan: a value past 63, an error, an option that
    // is not interned.
    enum class Scan { done, blocked, other };
    // masked_resumable for a state that is its own id (a set of ints below
    // 30, StateTable::direct_sets): every option is a subset of pos, so its
    // own id too: the loop a hand-written solver has, with the masks and
    // pages in locals. `values`: the array of direct ids. Needs nothing of
    // the kernel, so a state's one-pass solve can run it alone
    // (Instance::try_grundy).
    static Scan masked_direct(const Move& m, const Frame& f, const solver::ValueArray& values,
                              solver::GameGraph::Blocker& b, std::uint32_t& value) {
        std::int64_t& x = f.r[m.gens[0].reg];
        std::uint64_t seen = b.resume.gathered;
        std::uint64_t bits = b.resume.at ? b.resume.at : f.pos_key;
        const std::uint64_t pos = f.pos_key;
        auto& masks = f.data->filters[m.list.removal == ListResult::no_filter ? m.list.b->filter_slot : m.list.filter_slot];
        std::uint32_t flat_count;
        const std::uintptr_t* flat = values.flat(flat_count);
        auto mask_of = [&](std::int64_t at) -> const IntInstanceData::Filter& {
            return masks[at].known ? masks[at] : intpath::option_masks(m.list, f, at);
        };
        // The next option alone first: in a depth-first search it is
        // often the one not solved yet, and the others' ids would be
        // made for nothing, again at each resumption.
        if (bits) {
            x = __builtin_ctzll(bits);
            const IntInstanceData::Filter& c = mask_of(x);
            if (pos & c.fails) return Scan::other;
            const auto key = static_cast<std::uint32_t>(pos & ~c.holds);
            const std::uint32_t v = values.get(key);
            if (v >= 64) {
                if (v < not_known) return Scan::other;
                b = {true, StateTable::first_direct + key, {bits, seen}};
                return Scan::blocked;
            }
            seen |= std::uint64_t{1} << v;
            bits &= bits - 1;
        }
        // The options' ids first, then their values: the reads miss the
        // cache (ids are scattered bitmasks), so the table entries and
        // then the values are fetched together, and the misses overlap.
        std::uint32_t keys[30];
        std::size_t n = 0;
        for (std::uint64_t rest = bits; rest; rest &= rest - 1) {
            x = __builtin_ctzll(rest);
            const IntInstanceData::Filter& c = mask_of(x);
            if (pos & c.fails) return Scan::other;
            keys[n] = static_cast<std::uint32_t>(pos & ~c.holds);
            if ((keys[n] >> solver::ValueArray::page_bits) < flat_count)
                __builtin_prefetch(&flat[keys[n] >> solver::ValueArray::page_bits]);
            ++n;
        }
        for (std::size_t i = 0; i < n; ++i) {
            const std::uint32_t page = keys[i] >> solver::ValueArray::page_bits;
            if (page < flat_count && !(flat[page] & 1))
                __builtin_prefetch(reinterpret_cast<const std::uint8_t*>(flat[page]) +
                                   (keys[i] & (solver::ValueArray::page_size - 1)));
        }
        for (std::size_t i = 0; i < n; ++i, bits &= bits - 1) {
            const std::uint32_t key = keys[i];
            const std::uint32_t page = key >> solver::ValueArray::page_bits;
            const std::uint32_t v = page < flat_count
                                        ? solver::ValueArray::read(flat[page], key & (solver::ValueArray::page_size - 1))
                                        : values.get(key);
            if (v >= 64) {
                if (v < not_known) return Scan::other;
                b = {true, StateTable::first_direct + key, {bits, seen}};
                return Scan::blocked;
            }
            seen |= std::uint64_t{1} << v;
        }
        value = static_cast<std::uint32_t>(std::countr_one(seen));
        return Scan::done;
    }
    Scan masked_resumable(const Move& m, const Frame& f, solver::GameGraph::Blocker& b, std::uint32_t& value) {
        if (table_.direct_sets() && !(f.pos_key >> 30))
            return masked_direct(m, f, arrays_[solver::Solver::id_class(StateTable::first_direct)], b, value);
        std::int64_t& x = f.r[m.gens[0].reg];
        std::uint64_t seen = b.resume.gathered;
        std::uint64_t bits = b.resume.at ? b.resume.at : f.pos_key;
        for (; bits; bits &= bits - 1) {
            x = __builtin_ctzll(bits);
            std::uint32_t v;
            if (masked_read(m, f, v) != Read::value) {
                if (!blocker_.found) return Scan::other;
                b = blocker_;
                b.resume = {bits, seen};
                return Scan::blocked;
            }
            if (v >= 64) return Scan::other;
            seen |= std::uint64_t{1} << v;
        }
        value = static_cast<std::uint32_t>(std::countr_one(seen));
        return Scan::done;
    }

    // A game on int lists whose moves run one or two plain ranges,
    // scanned resumably: `at` is the option to look at next (move << 54 |
    // x0 << 27 | x1, with the top bit set), `gathered` the values seen,
    // all below 64 so far. An option not interned yet is interned through
    // `intern` (the solver's expansion would make it too) and named as the
    // blocker, so the state is scanned once in all, as a recursive solver
    // does, not scanned and then expanded. `other` leaves the state to the
    // plain scan.
    static bool lists_resumable(const IntGame& g) {
        if (g.shape != IntGame::Shape::lists) return false;
        return std::all_of(g.moves.begin(), g.moves.end(), [](const Move& m) {
            return !m.gens.empty() && m.gens.size() <= 2 && !m.split &&
                   m.list.kind == ListResult::Kind::comprehension && !m.list.arms.empty() &&
                   std::all_of(m.gens.begin(), m.gens.end(), [](const intpath::Gen& x) { return x.ranged(); });
        });
    }
    Scan lists_resumable(const Frame& f, solver::GameGraph::Blocker& b, std::uint32_t& out,
                         FunctionRef<std::uint32_t(std::uint64_t)> intern) {
        if (!b.resume.at && g_.terminal && g_.terminal->test(f)) {
            out = 0;
            return Scan::done;
        }
        std::uint32_t polls = 0;
        auto poll_every = [&] {
            if ((++polls & 0xFFFF) == 0) poll_interrupt();
        };
        std::uint64_t seen = b.resume.gathered;
        const std::uint64_t at = b.resume.at;
        const solver::ValueArray& packed_values = arrays_[solver::Solver::id_class(StateTable::first_packed)];
        constexpr std::uint64_t field = (std::uint64_t{1} << 27) - 1;
        // Where the scan starts: each generator at its saved value on the
        // first pass only.
        std::size_t move = at ? (at >> 54) & 511 : 0;
        bool resuming = at != 0;
        // Options are made a batch at a time and their slots fetched
        // together, then looked up in order: each lookup misses the cache,
        // and the misses overlap. (The batch's later options are evaluated
        // before an earlier one may block, as an expansion evaluates them
        // all before it descends.)
        struct Pending {
            std::uint64_t key;
            std::int64_t x0, x1;
        };
        constexpr std::size_t batch_size = 16;
        Pending batch[batch_size];
        std::size_t pending = 0;
        const bool fresh = at == 0;  // the state's first scan
        bool checking = false;       // it blocked: the rest is only made
        for (; move < g_.moves.size(); ++move) {
            const Move& m = g_.moves[move];
            const bool two = m.gens.size() == 2;
            auto flush = [&]() -> Scan {
                for (std::size_t i = 0; i < pending; ++i) table_.prefetch(batch[i].key);
                const std::size_t n = pending;
                pending = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    const Pending& o = batch[i];
                    std::uint32_t id;
                    const bool interned = table_.find_packed(o.key, id);  // a packed id: one array
                    const std::uint32_t v = interned ? packed_values.get(id - StateTable::first_packed) : not_known;
                    if (v < 64) {
                        seen |= std::uint64_t{1} << v;
                        continue;
                    }
                    if (v < not_known || o.x0 < 0 || static_cast<std::uint64_t>(o.x0) > field || o.x1 < 0 ||
                        static_cast<std::uint64_t>(o.x1) > field || move > 511)
                        return Scan::other;
                    if (!interned) id = intern(o.key);
                    b = {true, id, {std::uint64_t{1} << 63 | std::uint64_t{move} << 54 |
                                        static_cast<std::uint64_t>(o.x0) << 27 | static_cast<std::uint64_t>(o.x1),
                                    seen}};
                    return Scan::blocked;
                }
                return Scan::done;
            };
            const intpath::Gen& g0 = m.gens[0];
            std::int64_t& x0 = f.r[g0.reg];
            // After a first scan blocks, the rest of the state's options are
            // still made (not looked up): an expansion would make them all
            // before descending, so a rule error among them comes first.
            auto settle = [&](Scan r) {
                if (r != Scan::blocked || !fresh) return r;
                checking = true;
                return Scan::done;
            };
            bool by_row = false;  // the row's range already excludes options `where` fails
            auto visit = [&](std::int64_t x1) -> Scan {
                if (!by_row && m.where && !m.where->test(f)) return Scan::done;
                std::uint64_t key;
                if (!intpath::packed_result(m.list, f, false, key)) return checking ? Scan::done : Scan::other;
                if (checking) return Scan::done;
                batch[pending++] = {key, x0, x1};
                return pending == batch_size ? settle(flush()) : Scan::done;
            };
            // lo before hi, as the plain loop evaluates them (either may fail).
            const std::int64_t lo0 = resuming ? static_cast<std::int64_t>((at >> 27) & field) : g0.lo->eval(f);
            const std::int64_t hi0 = g0.hi->eval(f);
            for (x0 = lo0; x0 <= hi0; ++x0) {
                poll_every();
                Scan r = Scan::done;
                if (!two) {
                    resuming = false;
                    r = visit(0);
                } else {
                    const intpath::Gen& g1 = m.gens[1];
                    std::int64_t lo1 = resuming ? static_cast<std::int64_t>(at & field) : g1.lo->eval(f);
                    std::int64_t hi1 = g1.hi->eval(f);
                    by_row = !m.row_bounds.empty() && intpath::row_range(m, f, lo1, hi1);
                    std::int64_t& x1 = f.r[g1.reg];
                    for (x1 = lo1; x1 <= hi1; ++x1) {
                        resuming = false;
                        poll_every();
                        if ((r = visit(x1)) != Scan::done) break;
                        if (x1 == hi1) break;
                    }
                    resuming = false;
                }
                if (r != Scan::done) return r;
                if (x0 == hi0) break;
            }
            if (Scan r = settle(flush()); r != Scan::done) return r;
            resuming = false;
        }
        if (checking) return Scan::blocked;  // b was set when the scan blocked
        out = static_cast<std::uint32_t>(std::countr_one(seen));
        return Scan::done;
    }

private:

    // Records the option state whose value was not known; returns false.
    bool blocked(std::uint32_t id) {
        blocker_ = {true, id, {}};
        return false;
    }
    Stepped blocked_at(const solver::ValueArray& values, std::int64_t index) {
        blocked(&values == &low_ ? static_cast<std::uint32_t>(index)
                                 : StateTable::first_direct + static_cast<std::uint32_t>(index));
        return Stepped::unknown;
    }

    static constexpr unsigned direct_class = solver::Solver::id_class(StateTable::first_direct);
    std::uint32_t value(std::uint32_t id) const {
        if (id < StateTable::first_general) return low_.get(id);
        unsigned k = solver::Solver::id_class(id);
        return arrays_[k].get(id - solver::Solver::class_base[k]);
    }

    bool family(const Move& m, std::size_t gen, const Frame& f) {
        if (gen == m.gens.size()) return option(m, f);
        const intpath::Gen& g = m.gens[gen];
        if (f.has_key && masked_move(g_, m)) return masked(m, f);
        const bool stepping = m.affine && gen + 1 == m.gens.size();
        if (stepping && g.ranged()) {
            std::int64_t lo = g.lo->eval(f), hi = g.hi->eval(f);
            if (lo > hi) return true;
            Stepped r = ranged(m, g.reg, lo, hi, f);
            if (r != Stepped::not_even) return r == Stepped::done;
            return each(m, g.reg, lo, hi, f);
        }
        if (stepping && g.list >= 0 && f.data->sorted[g.list] && !f.data->lists[g.list].empty()) {
            Stepped r = listed(m, g.reg, f.data->lists[g.list], f);
            if (r != Stepped::not_even) return r == Stepped::done;
        }
        if (g.computed && gen + 1 == m.gens.size()) return computed_family(m, g, f, stepping);
        if (gen + 1 == m.gens.size()) {
            if (g.ranged() && own_int_results(m)) return each_int(m, g, f);
            return intpath::for_each_value(g, f, [&] { return option(m, f); });
        }
        return intpath::for_each_value(g, f, [&] { return family(m, gen + 1, f); });
    }

    // The last generator over a list made per state: made once, stepped
    // when it comes sorted, else option by option. Out of line: family()
    // inlines option() into its loops only while it stays small.
    [[gnu::noinline]] bool computed_family(const Move& m, const intpath::Gen& g, const Frame& f, bool stepping) {
        intpath::ComputedList xs;
        intpath::make_computed(g, f, xs);
        const std::span<const std::int64_t> all = xs.span();
        if (stepping && !all.empty() && xs.sorted()) {
            Stepped r = listed(m, g.reg, all, f);
            if (r != Stepped::not_even) return r == Stepped::done;
        }
        for (std::size_t i = 0; i < xs.size(); ++i) {
            f.r[g.reg] = xs[i];
            if (!option(m, f)) return false;
        }
        return true;
    }
    // A family of a one-int game whose option is the result itself (no
    // `where`, no canonical form, no split): its own id when in 0..2^31-1.
    bool own_int_results(const Move& m) const {
        return g_.shape == IntGame::Shape::ints && g_.arity == 1 && g_.canonical.empty() && !m.where && !m.split &&
               m.result.size() == 1;
    }
    // The plain loop over such a family's range that stepping cannot take
    // (a result not affine in the variable, `n - k * k`): option() without
    // its dispatch on shapes, canonical form and packing, as a hand-written
    // loop reads the value at each result. Same evaluations, same order.
    bool each_int(const Move& m, const intpath::Gen& g, const Frame& f) {
        const std::int64_t lo = g.lo->eval(f), hi = g.hi->eval(f);
        const intpath::Int& result = *m.result[0];
        std::int64_t& x = f.r[g.reg];
        for (x = lo; x <= hi; ++x) {
            if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();  // a state with very many moves
            const std::int64_t n = result.eval(f);
            if (n < 0 || n >= std::int64_t{StateTable::first_general}) return false;  // interned: the solver expands it
            const std::uint32_t v = low_.get(static_cast<std::uint32_t>(n));
            if (!known<Outcome>(v)) return blocked(static_cast<std::uint32_t>(n));
            if (!Outcome) mex_.add(v);
            if (x == hi) break;
        }
        return true;
    }

    // `move x in s => s - {d for d in s where c}` with c's masks by x
    // (ListResult::filter): each option is one bitwise and, x running over
    // the position's bits in the order of its ints.
    bool masked(const Move& m, const Frame& f) {
        std::int64_t& x = f.r[m.gens[0].reg];
        for (std::uint64_t bits = f.pos_key; bits; bits &= bits - 1) {
            x = __builtin_ctzll(bits);
            std::uint32_t v;
            switch (masked_read(m, f, v)) {
                case Read::value:
                    if (!Outcome) mex_.add(v);
                    break;
                case Read::unknown: return false;
                case Read::error:
                    // The element loop raises c's error; without the ints, the
                    // solver's expansion does.
                    if (!f.ints_loaded || !option(m, f)) return false;
            }
        }
        return true;
    }

    // Option x (in its register) of masked family m: its value, or
    // `unknown` (blocker_ names it when it is interned), or `error` when
    // c fails for an element of the position.
    enum class Read { value, unknown, error };
    [[gnu::always_inline]] Read masked_read(const Move& m, const Frame& f, std::uint32_t& v) {
        const IntInstanceData::Filter& c = intpath::option_masks(m.list, f, f.r[m.gens[0].reg]);
        if (f.pos_key & c.fails) return Read::error;
        const std::uint64_t key = f.pos_key & ~c.holds;
        std::uint32_t id;
        if (table_.direct_sets() && !(key >> 30)) {  // an option below 2^30 is its own id
            id = StateTable::first_direct + static_cast<std::uint32_t>(key);
            v = arrays_[solver::Solver::id_class(StateTable::first_direct)].get(static_cast<std::uint32_t>(key));
        } else {
            if (!table_.find_packed(key, id)) return Read::unknown;
            v = value(id);
        }
        if (known<Outcome>(v)) return Read::value;
        blocked(id);
        return Read::unknown;
    }

    // The plain loop over lo..hi of the innermost generator, for a stretch
    // that stepping cannot take.
    bool each(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f) {
        for (std::int64_t x = lo;; ++x) {
            if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();
            f.r[reg] = x;
            if (!option(m, f)) return false;
            if (x == hi) return true;
        }
    }

    // A state's id from its ints, after the canonical form: its own, or
    // one interned before (a state never seen is the solver's to make).
    bool id_of(std::int64_t* xs, const Frame& f, std::uint32_t& id) const {
        g_.canon(xs, f);
        return table_.find_ints(xs, id);
    }

    [[gnu::always_inline]] bool option(const Move& m, const Frame& f) {
        if (m.where && !m.where->test(f)) return true;
        std::uint32_t x;
        if (!option_value(m, f, x)) return false;
        if (!Outcome) mex_.add(x);
        return true;
    }

    // The value of the option the registers describe; false when unknown.
    bool option_value(const Move& m, const Frame& f, std::uint32_t& x) {
        x = 0;
        if (g_.shape != IntGame::Shape::ints) {
            std::uint32_t id;
            std::uint64_t key;
            const bool sets = g_.shape == IntGame::Shape::sets;
            // A set result as its mask, a set below 2^30 its own id: one read.
            if (sets && m.list.mask && m.list.removal == ListResult::no_filter && f.has_key && f.ints_loaded &&
                table_.direct_sets() && intpath::compiled_mask(m.list, f, key) && !(key >> 30)) {
                x = arrays_[direct_class].get(static_cast<std::uint32_t>(key));
                return known<Outcome>(x) || blocked(StateTable::first_direct + static_cast<std::uint32_t>(key));
            }
            if (intpath::packed_result(m.list, f, sets, key)) {
                if (!table_.find_packed(key, id)) return false;
                return known<Outcome>(x = value(id)) || blocked(id);
            }
            intpath::build_list(m.list, f, list_, sets);
            if (!table_.find_list(list_.data(), list_.size(), id)) return false;
            return known<Outcome>(x = value(id)) || blocked(id);
        }
        if (m.split) {  // each part `arity` ints
            const std::uint32_t k = g_.arity;
            for (std::size_t p = 0; p < m.result.size(); p += k) {
                std::int64_t xs[8];
                for (std::uint32_t c = 0; c < k; ++c) xs[c] = m.result[p + c]->eval(f);
                std::uint32_t id, v;
                if (!id_of(xs, f, id)) return false;
                if (!known<Outcome>(v = value(id))) return blocked(id);
                x ^= v;
            }
            return true;
        }
        std::int64_t xs[8];
        const std::size_t n = m.result.size();
        const intpath::IntPtr* result = m.result.data();
        for (std::size_t i = 0; i < n; ++i) xs[i] = result[i]->eval(f);
        std::uint32_t id;
        g_.canon(xs, f);
        if (table_.direct_id(xs, id)) {
            // A direct id is an int below first_general, or a tuple's index in
            // the direct array: its array is known without asking.
            x = g_.arity == 1 ? low_.get(id) : arrays_[3].get(id - StateTable::first_direct);
        } else {
            if (!table_.find_ints(xs, id)) return false;
            x = value(id);
        }
        return known<Outcome>(x) || blocked(id);
    }

    // Stepping through piecewise-affine families (mex_kernel_stepping.hpp).
    bool ends(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, std::int64_t* out, Trace& t,
              std::int64_t* step = nullptr, std::int64_t* room = nullptr);
    template <std::size_t N>
    bool ends_of(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, std::int64_t* out, Trace& t,
                 std::int64_t* step, std::int64_t* room);
    std::size_t parts(const Move& m) const { return m.split ? m.result.size() / g_.arity : 1; }
    const solver::ValueArray& values_of(const Move&) const { return g_.arity == 1 ? low_ : arrays_[3]; }
    bool even(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f, std::int64_t* id,
              std::int64_t* step);
    bool whole_steps(const Move& m, const std::int64_t* from, const std::int64_t* to, std::int64_t span,
                     std::int64_t* step) const;
    static bool narrow_span(std::int64_t lo, std::int64_t hi);
    // The ids and trace at one end of a stretch (ends()).
    struct End {
        std::int64_t id[8];
        std::int64_t step[8];  // by slopes, where room >= 0
        std::int64_t room;     // steps past this end that keep its trace (ends()), or -1
        Trace trace;
        bool inside;
    };
    void end_at(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, End& e);
    std::int64_t stretch_end(const Move& m, std::uint32_t reg, std::int64_t a, const End& from, std::int64_t b,
                             const Trace& at_b, const Frame& f, End& at);
    Stepped ranged(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f);
    // A family of ints affine in x along no choice, sorted (by a canonical
    // form, or by the move's result): their values at x0 and slopes, how
    // far past x0 no value the rules compute on the way can overflow, and
    // the order.
    struct AffineSort {
        std::int64_t at[8], slope[8];
        std::int64_t x0, reach;
        bool descending;
    };
    bool affine_sorted(const Move& m, std::uint32_t reg, std::int64_t lo, const Frame& f, AffineSort& a);
    template <std::uint32_t K> bool sorted_end(const AffineSort& a, std::int64_t x, End& e) const;
    bool sorted_end(const AffineSort& a, std::int64_t x, End& e) const {
        switch (g_.arity) {  // unrolled: a few ints and their pairs in registers
            case 3: return sorted_end<3>(a, x, e);
            case 4: return sorted_end<4>(a, x, e);
            default: return false;
        }
    }
    Stepped walk_any(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f,
                     std::int64_t* id, std::int64_t* step);
    bool rest(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f) const;
    Stepped translated(const Move& m, const std::vector<std::int64_t>& offsets, const Frame& f);
    Stepped shifted(const Move& m, std::vector<std::int64_t>& offsets, const Frame& f);
    template <bool Dense, int Sign>
    Stepped shifted_walk(std::int64_t n, const std::int64_t* o, const std::int64_t* end);
    static constexpr std::int64_t far_offset = std::int64_t{1} << 62;
    Stepped listed(const Move& m, std::uint32_t reg, std::span<const std::int64_t> xs, const Frame& f);
    // The flat entries of pages first, first + step, ... (count of them),
    // step != 0, from one of the instance's column views
    // (IntInstanceData::Column), whose entries of pages changed since are
    // read again: entry k at at[dir * k]. Null for a column past a view's
    // size, or walked for the first time lately (read the table itself).
    // `pages`: whether every page of the walk is wide, or every one narrow.
    enum class Pages { mixed, wide, narrow };
    static const std::uintptr_t* column(const solver::ValueArray& values, const std::uintptr_t* flat,
                                        std::int64_t flat_count, std::int64_t first, std::int64_t step, std::int64_t count,
                                        const Frame& f, std::int64_t& dir, Pages& pages);
    [[gnu::noinline]] static std::int64_t walk_wide(const std::uintptr_t* at, std::int64_t dir, std::int64_t j, std::int64_t dj,
                                                    std::int64_t run, LocalMarks& marks);
    [[gnu::noinline]] static std::int64_t walk_mixed(const std::uintptr_t* table, std::int64_t at, std::int64_t dir, std::int64_t j, std::int64_t dj,
                                                     std::int64_t run, LocalMarks& marks);
    [[gnu::noinline]] static std::int64_t walk_narrow(const std::uintptr_t* at, std::int64_t dir, std::int64_t j,
                                                      std::int64_t dj, std::int64_t run, std::uint32_t* marks,
                                                      std::uint32_t stamp);
    template <std::size_t N>
    [[gnu::noinline]] Stepped walk(const solver::ValueArray& values, std::int64_t* id, const std::int64_t* step, std::int64_t count,
                 const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f);

    const IntGame& g_;
    const StateTable& table_;
    const solver::ValueArray* arrays_;  // by Solver::id_class
    const solver::ValueArray& low_;
    MexSet& mex_;
    intpath::ListBuffer list_;
    solver::GameGraph::Blocker blocker_;
    const std::uint8_t* dense_ = nullptr;
    std::uint64_t dense_count_ = 0;
};

}  // namespace

}  // namespace grundy
