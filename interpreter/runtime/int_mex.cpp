// Solving a state of an int-path game in one pass (GameGraph::try_grundy).
//
// When every option of a state is already solved (queries that climb in
// size make this the rule), its Grundy value is the mex of values read
// straight from the solver's arrays: no options buffer, no frame, no
// interning. A move family whose results are affine in its innermost range
// variable steps through evenly spaced state ids, which is the loop a
// hand-written solver has. The first option that is not known, or not a
// state that is its own id, gives up: the solver then solves the option
// (a blocker) and retries, or expands the state. Some scans resume where
// they stopped (Kernel::masked_resumable, Kernel::lists_resumable).
//
// The same kernels answer the outcome alone (GameGraph::try_outcome,
// Kernel<true>): there an option is known when it is known an N-position
// (a value other than 0, or ValueArray::known_n), so a P option stops the
// walk as an unknown one does, and try_outcome finds it there: the walk
// stops at the first P option, as a hand-written outcome solver's does.
#include <bit>
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
    using Side = Move::Bound::Side;
    for (const Move::Bound& b : m.bounds) {
        std::int64_t e;
        if (__builtin_add_overflow(b.e->eval(f), b.shift, &e)) return false;  // x > max int: the plain loop
        if (b.side != Side::at_most) lo = std::max(lo, e);
        if (b.side != Side::at_least) hi = std::min(hi, e);
    }
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
            marks[b] = stamp;  // below 256: no bounds check
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

    // A game whose one move is masked (see masked()), scanned resumably
    // (GameGraph::Blocker::resume): `at` holds the bits still to take,
    // `gathered` the values seen, all below 64 so far. `other` leaves the
    // state to the plain scan: a value past 63, an error, an option that
    // is not interned.
    enum class Scan { done, blocked, other };
    Scan masked_resumable(const Move& m, const Frame& f, solver::GameGraph::Blocker& b, std::uint32_t& value) {
        std::int64_t& x = f.r[m.gens[0].reg];
        std::uint64_t seen = b.resume.gathered;
        std::uint64_t bits = b.resume.at ? b.resume.at : f.pos_key;
        const std::uint64_t pos = f.pos_key;
        if (table_.direct_sets() && !(pos >> 30)) {
            // Every option is a subset of pos, so its own id: the loop a
            // hand-written solver has, with the masks and pages in locals.
            auto& masks = f.data->filters[m.list.removal == ListResult::no_filter ? m.list.b->filter_slot : m.list.filter_slot];
            const solver::ValueArray& values = arrays_[solver::Solver::id_class(StateTable::first_direct)];
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
        if (gen + 1 == m.gens.size()) {
            if (g.ranged() && own_int_results(m)) return each_int(m, g, f);
            return intpath::for_each_value(g, f, [&] { return option(m, f); });
        }
        return intpath::for_each_value(g, f, [&] { return family(m, gen + 1, f); });
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

    bool option(const Move& m, const Frame& f) {
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
            if (intpath::packed_result(m.list, f, sets, key)) {
                if (!table_.find_packed(key, id)) return false;
                return known<Outcome>(x = value(id)) || blocked(id);
            }
            intpath::build_list(m.list, f, list_, sets);
            if (!table_.find_list(list_.data(), list_.size(), id)) return false;
            return known<Outcome>(x = value(id)) || blocked(id);
        }
        if (m.split) {
            for (const auto& part : m.result) {
                std::int64_t n = part->eval(f);
                std::uint32_t id, v;
                if (!id_of(&n, f, id)) return false;
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

    // ---- stepping through piecewise-affine families --------------------------
    // Options are visited in another order than the plain loop's, which a
    // set of values does not see; an error, or anything the stepping cannot
    // prove, leaves the family to the plain loop (`not_even`), which repeats
    // values already added harmlessly.
    // The ids of the options at x: one per part of a split, or one state
    // (an int, or a direct tuple's index in its array); false when a coordinate
    // is outside what is its own id.
    bool ends(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, std::int64_t* out, Trace& t) {
        f.r[reg] = x;
        const std::size_t n = m.result.size();
        const intpath::IntPtr* result = m.result.data();
        std::int64_t xs[8];
        for (std::size_t i = 0; i < n; ++i) xs[i] = result[i]->eval_traced(f, t);
        if (m.split || g_.arity == 1) {
            bool inside = true;  // the whole trace first: the search for a stretch's end reads it
            for (std::size_t i = 0; i < n; ++i) {
                g_.canon(&xs[i], f, t);
                inside = inside && xs[i] >= 0 && xs[i] < StateTable::first_general;
                out[i] = xs[i];
            }
            return inside;
        }
        g_.canon(xs, f, t);
        const unsigned bits = table_.direct_bits();
        std::int64_t key = 0;  // in a local: a store into out could alias xs
        for (std::size_t i = 0; i < n; ++i) {
            if (static_cast<std::uint64_t>(xs[i]) >> bits) return false;
            key = (key << bits) | xs[i];
        }
        out[0] = key;
        return true;  // an index into the direct tuples' array
    }
    std::size_t parts(const Move& m) const { return m.split ? m.result.size() : 1; }
    const solver::ValueArray& values_of(const Move& m) const { return m.split || g_.arity == 1 ? low_ : arrays_[3]; }

    // Evenly spaced ids between two ends: equal traces, every coordinate
    // in range at both (so between them), and whole steps.
    bool even(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f, std::int64_t* id,
              std::int64_t* step) {
        std::int64_t at_hi[8];
        Trace tl, th;
        return ends(m, reg, lo, f, id, tl) && ends(m, reg, hi, f, at_hi, th) && tl.same(th) &&
               whole_steps(m, id, at_hi, hi - lo, step);
    }
    // The steps from ids `from` to ids `to` over `span` (>= 0) values: false
    // unless they are whole.
    bool whole_steps(const Move& m, const std::int64_t* from, const std::int64_t* to, std::int64_t span,
                     std::int64_t* step) const {
        for (std::size_t i = 0; i < parts(m); ++i) {
            const std::int64_t d = to[i] - from[i];
            if (span > 0 && d % span) return false;
            step[i] = span > 0 ? d / span : 0;
        }
        return true;
    }

    // Differences of values in lo..hi, and the count hi - lo + 1, fit in 64
    // bits (a range that does not is left to the plain loop).
    static bool narrow_span(std::int64_t lo, std::int64_t hi) {
        std::int64_t span;
        return !__builtin_sub_overflow(hi, lo, &span) && span < INT64_MAX;
    }

    // The ids and trace at one end of a stretch (ends()).
    struct End {
        std::int64_t id[8];
        Trace trace;
        bool inside;
    };
    void end_at(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, End& e) {
        e.trace.reset();
        e.inside = ends(m, reg, x, f, e.id, e.trace);
    }

    // The last x in a..b (a < b) whose trace is a's, given b's differs:
    // where the first choice that differs switches (Trace), checked by
    // evaluating there; a binary search when that cannot be computed. `at`
    // gets the ends at the x returned.
    std::int64_t stretch_end(const Move& m, std::uint32_t reg, std::int64_t a, const End& from, std::int64_t b,
                             const Trace& at_b, const Frame& f, End& at) {
        const Trace* tb = &at_b;
        for (int tries = 0; tries < 8 && from.trace.used == tb->used && from.trace.used < 64; ++tries) {
            const unsigned i = static_cast<unsigned>(__builtin_ctzll(from.trace.bits ^ tb->bits)) / 4;
            if (!(from.trace.with_diff & tb->with_diff & (1u << i))) break;
            const std::int64_t da = from.trace.diff[i], db = tb->diff[i], span = b - a;
            std::int64_t delta;
            if (__builtin_sub_overflow(db, da, &delta) || delta == INT64_MIN || delta % span || (da < 0) == (db < 0))
                break;
            const std::int64_t s = delta / span;  // d(x) = da + s (x - a): the sign of d flips once
            const std::int64_t u = da < 0 ? (-(da + 1)) / s : da / -s;  // the last x - a on a's side
            const std::int64_t end = a + u;
            end_at(m, reg, end, f, at);
            if (at.trace.same(from.trace)) return end;
            b = end;  // an earlier choice switches first
            tb = &at.trace;
        }
        std::int64_t good = a, bad = b;
        while (bad - good > 1) {
            const std::int64_t mid = good + (bad - good) / 2;
            Trace t;
            std::int64_t scratch[8];
            ends(m, reg, mid, f, scratch, t);
            (t.same(from.trace) ? good : bad) = mid;
        }
        end_at(m, reg, good, f, at);
        return good;
    }

    Stepped ranged(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f) {
        if (parts(m) > 3) return Stepped::not_even;
        try {
            if (!tighten(m, f, lo, hi)) return Stepped::not_even;
            if (lo > hi) return Stepped::done;
            if (!narrow_span(lo, hi)) return Stepped::not_even;
            // Where the arms chosen at a stay chosen is an interval from a
            // (see Trace); a canonical form's min/max switch arms at a few
            // points only.
            End last, from, at;
            end_at(m, reg, hi, f, last);
            for (std::int64_t a = lo; a <= hi;) {
                end_at(m, reg, a, f, from);
                std::int64_t end = hi;
                const End* to = &last;
                if (a < hi && from.trace.used < 64 && !from.trace.same(last.trace)) {
                    end = stretch_end(m, reg, a, from, hi, last.trace, f, at);
                    to = &at;
                }
                std::int64_t step[8];
                if (from.inside && to->inside && from.trace.same(to->trace) && whole_steps(m, from.id, to->id, end - a, step)) {
                    Stepped r = walk_any(m, reg, a, end, f, from.id, step);
                    if (r != Stepped::done) return r;
                } else if (!each(m, reg, a, end, f)) {  // out of the packing range, or too many arms to tell
                    return Stepped::unknown;
                }
                a = end + 1;
            }
            return Stepped::done;
        } catch (const DiagnosticError&) {
            return Stepped::not_even;  // the plain loop raises it where the rules do (a `where` may skip it)
        }
    }

    Stepped walk_any(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f,
                     std::int64_t* id, std::int64_t* step) {
        const std::int64_t count = hi - lo + 1;
        switch (parts(m)) {
            case 1: return walk<1>(values_of(m), id, step, count, m, reg, lo, f);
            case 2: return walk<2>(values_of(m), id, step, count, m, reg, lo, f);
            default: return walk<3>(values_of(m), id, step, count, m, reg, lo, f);
        }
    }

    bool rest(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f) const {
        f.r[reg] = x;
        for (const auto& c : m.rest)
            if (!c->test(f)) return false;
        return true;
    }

    // A translation (Move::translation, `k in S where k <= n => n - k`):
    // the options are n + offset(k) for the k that the bounds let through.
    Stepped translated(const Move& m, const std::vector<std::int64_t>& offsets, const Frame& f) {
        using VA = solver::ValueArray;
        const std::int64_t n = f.r[0];
        std::int64_t lo = INT64_MIN, hi = INT64_MAX;
        try {
            if (n >= std::int64_t{StateTable::first_general} || !tighten(m, f, lo, hi)) return Stepped::not_even;
        } catch (const DiagnosticError&) {
            return Stepped::not_even;  // the plain loop raises it where the rules do
        }
        const VA::PageView page = low_.view(static_cast<std::uint32_t>(n));  // options near n: mostly n's page
        return mark_translation<Outcome>(m, offsets, f, n, lo, hi, mex_, [&](std::int64_t id) -> std::uint32_t {
            const std::int64_t j = id - page.begin;
            if (page.narrow && j >= 0 && j < std::int64_t{VA::page_size}) return page.narrow[j];
            return VA::narrow_on_path;  // not read here
        }, [&](std::int64_t id) { return blocked_at(low_, id); }, low_);
    }

    // A translation over a range (Move::shifted, `k in 1..isqrt(n) => n - k * k`):
    // the options are n + offset(k), offset(k) the result at n = 0, which
    // the instance keeps as walks reach further k. A k past the table, an
    // error, or an option that is not its own id leaves the family to the
    // plain loop, which evaluates (and raises) as the rules do.
    Stepped shifted(const Move& m, std::vector<std::int64_t>& offsets, const Frame& f) {
        const intpath::Gen& g = m.gens[0];
        const std::int64_t n = f.r[0];
        std::int64_t lo, hi;
        try {
            lo = g.lo->eval(f);
            hi = g.hi->eval(f);
            if (lo > hi) return Stepped::done;
            if (lo < 0 || hi >= IntInstanceData::table_size || n >= std::int64_t{StateTable::first_general})
                return Stepped::not_even;
            if (hi >= static_cast<std::int64_t>(offsets.size())) {
                // e reads no n: the result at n = 0 is the offset, and
                // n + offset overflows exactly when the result would.
                f.r[0] = 0;
                for (std::int64_t k = static_cast<std::int64_t>(offsets.size()); k <= hi; ++k) {
                    f.r[g.reg] = k;
                    const std::int64_t o = m.result[0]->eval(f);
                    if (o < -far_offset || o > far_offset) break;  // kept only where n + o cannot overflow
                    offsets.push_back(o);
                }
                f.r[0] = n;
                if (hi >= static_cast<std::int64_t>(offsets.size())) return Stepped::not_even;
            }
        } catch (const DiagnosticError&) {
            f.r[0] = n;
            return Stepped::not_even;
        }
        std::uint32_t flat_count;
        const std::uintptr_t* flat = low_.flat(flat_count);
        std::uint32_t* marks = mex_.marks();
        const std::uint32_t stamp = mex_.stamp();
        for (const std::int64_t *o = offsets.data() + lo, *end = offsets.data() + hi + 1; o != end; ++o) {
            const std::int64_t id = n + *o;
            if (static_cast<std::uint64_t>(id) >= StateTable::first_general) return Stepped::not_even;
            const auto i = static_cast<std::uint32_t>(id);
            const std::uint32_t page = i >> VA::page_bits, j = i & (VA::page_size - 1);
            if (page < flat_count && !(flat[page] & 1)) {  // a narrow page: a byte, as a hand-written loop reads
                const std::uint8_t b = reinterpret_cast<const std::uint8_t*>(flat[page])[j];
                if (byte_known<Outcome>(b)) [[likely]] {
                    if (!Outcome) marks[b] = stamp;  // below 256: no bounds check
                    continue;
                }
            }
            const std::uint32_t v = page < flat_count ? VA::read(flat[page], j) : low_.get(i);
            if (!known<Outcome>(v)) return blocked_at(low_, id);
            if (Outcome) continue;
            mex_.add(v);
            marks = mex_.marks();  // a value past the marks grows them
        }
        return Stepped::done;
    }
    static constexpr std::int64_t far_offset = std::int64_t{1} << 62;

    // A sorted list generator (`k in S`): the ids are affine in the element
    // between the first and last element that the bounds let through.
    Stepped listed(const Move& m, std::uint32_t reg, const std::vector<std::int64_t>& xs, const Frame& f) {
        if (parts(m) > 8) return Stepped::not_even;
        try {
            std::int64_t lo = xs.front(), hi = xs.back();
            if (!tighten(m, f, lo, hi)) return Stepped::not_even;
            auto first = std::lower_bound(xs.begin(), xs.end(), lo);
            auto last = std::upper_bound(first, xs.end(), hi);
            if (first == last) return Stepped::done;
            if (!narrow_span(*first, *(last - 1))) return Stepped::not_even;
            if (last - first <= 8 && !m.split && g_.arity == 1 && g_.canonical.empty()) {
                // A few int results (a subtraction set): each evaluated, no ends.
                const intpath::Int& result = *m.result[0];
                for (auto it = first; it != last; ++it) {
                    if (!m.rest.empty() && !rest(m, reg, *it, f)) continue;
                    f.r[reg] = *it;
                    const std::int64_t n = result.eval(f);
                    if (n < 0 || n >= std::int64_t{StateTable::first_general}) return Stepped::not_even;
                    const std::uint32_t v = low_.get(static_cast<std::uint32_t>(n));
                    if (!known<Outcome>(v)) return blocked_at(low_, n);
                    if (!Outcome) mex_.add(v);
                }
                return Stepped::done;
            }
            std::int64_t id[8], step[8];
            if (!even(m, reg, *first, *(last - 1), f, id, step)) return Stepped::not_even;
            const std::size_t n = parts(m);
            const solver::ValueArray& values = values_of(m);
            for (auto it = first; it != last; ++it) {
                if (!m.rest.empty() && !rest(m, reg, *it, f)) continue;
                const std::int64_t k = *it - *first;
                std::uint32_t x = 0;
                for (std::size_t i = 0; i < n; ++i) {
                    std::uint32_t v = values.get(static_cast<std::uint32_t>(id[i] + step[i] * k));
                    if (!known<Outcome>(v)) return blocked_at(values, id[i] + step[i] * k);
                    x ^= v;
                }
                if (!Outcome) mex_.add(x);
            }
            return Stepped::done;
        } catch (const DiagnosticError&) {
            return Stepped::not_even;
        }
    }

    // The flat entries of pages first, first + step, ... (count of them),
    // step != 0, from one of the instance's column views
    // (IntInstanceData::Column), read again only when the array's flat
    // table changed: entry k at at[dir * k]. Null for a column past a
    // view's size. `pages`: whether every page of the walk is wide, or
    // every one narrow.
    enum class Pages { mixed, wide, narrow };
    static const std::uintptr_t* column(const solver::ValueArray& values, const std::uintptr_t* flat,
                                        std::int64_t flat_count, std::int64_t first, std::int64_t step, std::int64_t count,
                                        const Frame& f, std::int64_t& dir, Pages& pages) {
        constexpr std::int64_t most = 4096;  // entries a view at most (48 KB with its counts): a bound on memory and on a rebuild
        const std::int64_t stride = step < 0 ? -step : step, residue = first % stride, at = first / stride;
        dir = step < 0 ? -1 : 1;
        const std::int64_t lo = step < 0 ? at - (count - 1) : at, hi = lo + count;  // column indices [lo, hi)
        // One pool for all moves, most recently used first: a state's walks
        // mostly cross the same columns (Wythoff's three, below 512, one),
        // and a copy per move would hold the same entries several times in
        // the cache.
        std::vector<IntInstanceData::Column>& c = f.data->columns;
        if (c.size() != IntInstanceData::column_views) c.resize(IntInstanceData::column_views);
        auto fits = [&](const IntInstanceData::Column& x) {
            return x.array == &values && x.version == values.flat_version() && x.residue == residue && x.stride == stride &&
                   x.from <= lo && hi <= x.from + static_cast<std::int64_t>(x.entries.size()) - 1;
        };
        std::size_t used = 0;
        while (used < c.size() && !fits(c[used])) ++used;
        IntInstanceData::Column* view = nullptr;
        if (used < c.size()) {
            std::rotate(c.begin(), c.begin() + static_cast<std::ptrdiff_t>(used), c.begin() + static_cast<std::ptrdiff_t>(used) + 1);
            view = &c[0];
        } else {
            // The walk's entries and as many again each side, within the
            // column's part of the flat table: neighbouring states' walks
            // fit too, and a rebuild (after every page made or widened)
            // costs at most three times the walk itself.
            const std::int64_t total = (flat_count - 1 - residue) / stride + 1;
            const std::int64_t from = std::max<std::int64_t>(0, lo - count);
            const std::int64_t n = std::min({most, total - from, hi + count - from});
            if (hi > from + n) return nullptr;
            std::rotate(c.begin(), c.end() - 1, c.end());  // the least recently used, rebuilt in front
            view = &c[0];
            view->array = &values;
            view->version = values.flat_version();
            view->residue = residue;
            view->stride = stride;
            view->from = from;
            view->entries.resize(static_cast<std::size_t>(n) + 1);  // entries[0] unused: see walk_wide
            view->narrow_before.resize(static_cast<std::size_t>(n) + 1);
            std::uint32_t narrow = 0;
            for (std::int64_t i = 0; i < n; ++i) {
                const std::uintptr_t e = flat[residue + stride * (from + i)];
                view->narrow_before[static_cast<std::size_t>(i)] = narrow;
                view->entries[static_cast<std::size_t>(i) + 1] = e;
                narrow += (e & 1) ? 0 : 1;
            }
            view->narrow_before[static_cast<std::size_t>(n)] = narrow;
        }
        const std::uint32_t narrow = view->narrow_before[static_cast<std::size_t>(hi - view->from)] -
                                     view->narrow_before[static_cast<std::size_t>(lo - view->from)];
        pages = narrow == 0 ? Pages::wide : narrow == count ? Pages::narrow : Pages::mixed;
        return view->entries.data() + 1 + (at - view->from);
    }

    // Marks the values at place j + dj * k of the wide pages at[dir * k],
    // k = 0..run-1; returns the k of a value not known, or run. Apart from
    // walk, so that its loop keeps everything in registers.
    [[gnu::noinline]] static std::int64_t walk_wide(const std::uintptr_t* at, std::int64_t dir, std::int64_t j, std::int64_t dj,
                                                    std::int64_t run, LocalMarks& marks) {
        // A descending walk ends one entry before the view's first, which
        // Column::entries holds (unused) so that `end` points into it.
        // Two options a turn: the loop's own steps and compare cost as much
        // as an option's reads and mark.
        LocalMarks m = marks;
        const std::uintptr_t* const start = at;
        const std::uintptr_t* const end = at + dir * run;
        std::int64_t place = 4 * j - 1;  // a wide entry has its low bit set
        const std::int64_t dp = 4 * dj;
        auto value = [](const std::uintptr_t* e, std::int64_t p) { return *reinterpret_cast<const std::uint32_t*>(*e + p); };
        if (run & 1) {
            if (!m.template mark<Outcome>(value(at, place))) [[unlikely]] {
                marks = m;
                return 0;
            }
            at += dir, place += dp;
        }
        for (; at != end; at += 2 * dir, place += 2 * dp) {
            const std::uint32_t v = value(at, place), w = value(at + dir, place + dp);
            if (!m.template mark<Outcome>(v)) [[unlikely]] {
                marks = m;
                return (at - start) * dir;
            }
            if (!m.template mark<Outcome>(w)) [[unlikely]] {
                marks = m;
                return (at - start) * dir + 1;
            }
        }
        marks = m;
        return run;
    }

    // The same over narrow pages (a byte each, narrow_limit and above not
    // values), for values below 253: they need no bounds check on the marks.
    [[gnu::noinline]] static std::int64_t walk_narrow(const std::uintptr_t* at, std::int64_t dir, std::int64_t j,
                                                      std::int64_t dj, std::int64_t run, std::uint32_t* marks,
                                                      std::uint32_t stamp) {
        const std::uintptr_t* const start = at;
        const std::uintptr_t* const end = at + dir * run;
        auto value = [](const std::uintptr_t* e, std::int64_t p) { return reinterpret_cast<const std::uint8_t*>(*e)[p]; };
        if (run & 1) {
            const std::uint8_t b = value(at, j);
            if (!byte_known<Outcome>(b)) [[unlikely]] return 0;
            marks[b] = stamp;
            at += dir, j += dj;
        }
        for (; at != end; at += 2 * dir, j += 2 * dj) {  // two options a turn, as in walk_wide
            const std::uint8_t u = value(at, j), v = value(at + dir, j + dj);
            if (!byte_known<Outcome>(u)) [[unlikely]] return (at - start) * dir;
            marks[u] = stamp;
            if (!byte_known<Outcome>(v)) [[unlikely]] return (at - start) * dir + 1;
            marks[v] = stamp;
        }
        return run;
    }

    // Visits the ids id[i] + step[i] * k, k = 0..count-1, of N parts in one
    // array, a page at a time; where every page is narrow and there is no
    // `where`, the loop reads bytes, as a hand-written solver would.
    template <std::size_t N>
    [[gnu::noinline]] Stepped walk(const solver::ValueArray& values, std::int64_t* id, const std::int64_t* step, std::int64_t count,
                 const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f) {
        using VA = solver::ValueArray;
        bool far = false;  // a part leaves its page within a few steps (a packed tuple's high coordinate)
        for (std::size_t i = 0; i < N; ++i) far = far || step[i] >= 64 || step[i] <= -64;
        if (far) {
            std::int64_t at[N];
            std::copy(id, id + N, at);
            std::uint32_t flat_count;
            const std::uintptr_t* flat = values.flat(flat_count);
            const std::int64_t first = at[0], last = at[0] + step[0] * (count - 1);  // no overflow: narrow_span
            if (N == 1 && m.rest.empty() && std::min(first, last) >= 0 &&
                std::max(first, last) < std::int64_t{flat_count} * VA::page_size) {
                // Every page in the flat table. A step is whole pages and a
                // place within -256..256, so the place leaves its page only
                // now and then: runs between those move the entry and the
                // place by constants.
                LocalMarks marks(mex_);
                constexpr std::int64_t P = VA::page_size;
                std::int64_t dj = step[0] & (P - 1);
                if (dj > P / 2) dj -= P;
                const std::int64_t dpage = (step[0] - dj) / P;
                std::int64_t page = first / P, j = first % P;
                for (std::int64_t left = count; left > 0;) {
                    poll_interrupt();
                    // Steps before the place leaves [0, P), at most 2^16.
                    const std::int64_t stay = dj > 0 ? (P - 1 - j) / dj + 1 : dj < 0 ? j / -dj + 1 : left;
                    const std::int64_t run = std::min({left, stay, std::int64_t{1} << 16});
                    // The run's pages' entries from a column view: a line
                    // holds 8 of them, where the table holds one per line.
                    Pages pages = Pages::mixed;
                    std::int64_t dir = 1;
                    const std::uintptr_t* col =
                        run >= 8 && dpage != 0 ? column(values, flat, flat_count, page, dpage, run, f, dir, pages) : nullptr;
                    if (pages != Pages::mixed) {  // the commonest walks of all: no tags, no table
                        const std::int64_t k = pages == Pages::wide ? walk_wide(col, dir, j, dj, run, marks)
                                                                    : walk_narrow(col, dir, j, dj, run, mex_.marks(), mex_.stamp());
                        if (k < run) return blocked_at(values, (page + k * dpage) * P + j + k * dj);
                        page += run * dpage;
                        j += run * dj;
                    } else {
                        for (std::int64_t k = 0; k < run; ++k, page += dpage, j += dj) {
                            if (!marks.template mark<Outcome>(VA::read(col ? col[dir * k] : flat[page], static_cast<std::uint32_t>(j))))
                                return blocked_at(values, page * P + j);
                        }
                    }
                    page += j >= P ? 1 : j < 0 ? -1 : 0;  // the place back into [0, P)
                    j = (j + P) % P;
                    left -= run;
                }
                return Stepped::done;
            }
            for (std::int64_t k = 0; k < count; ++k) {
                if ((k & 0xFFFF) == 0xFFFF) poll_interrupt();
                if (m.rest.empty() || rest(m, reg, x + k, f)) {
                    std::uint32_t v = 0;
                    for (std::size_t i = 0; i < N; ++i) {
                        std::uint32_t b = values.get(static_cast<std::uint32_t>(at[i]));
                        if (!known<Outcome>(b)) return blocked_at(values, at[i]);
                        v ^= b;
                    }
                    if (!Outcome) mex_.add(v);
                }
                for (std::size_t i = 0; i < N; ++i) at[i] += step[i];
            }
            return Stepped::done;
        }
        while (count > 0) {
            poll_interrupt();
            VA::PageView page[N];
            std::int64_t chunk = count;
            bool narrow = m.rest.empty(), full = true;
            for (std::size_t i = 0; i < N; ++i) {
                page[i] = values.view(static_cast<std::uint32_t>(id[i]));  // no page: nothing on it is known
                narrow = narrow && page[i].narrow;
                full = full && page[i].full;
                const std::int64_t at = id[i] - page[i].begin;
                const std::int64_t left = step[i] > 0   ? (VA::page_size - 1 - at) / step[i] + 1
                                          : step[i] < 0 ? at / -step[i] + 1
                                                        : count;
                chunk = std::min(chunk, left);
            }
            if (narrow) {
                // Everything the loop reads in locals: the stores into the
                // marks could alias anything else as far as the compiler knows.
                const std::uint8_t* p[N];
                std::int64_t j[N], d[N];  // offsets, not moving pointers: the last step may leave the page
                for (std::size_t i = 0; i < N; ++i) {
                    p[i] = page[i].narrow;
                    j[i] = id[i] - page[i].begin;
                    d[i] = step[i];
                }
                std::uint32_t* const marks = mex_.marks();
                const std::uint32_t stamp = mex_.stamp();
                if (full && !Outcome) {  // every value known: no checks (for values: a page has no P count)
                    // Two options a turn: the loop's own count and compare
                    // cost as much as an option's reads.
                    std::int64_t k = 0;
                    for (; k + 1 < chunk; k += 2) {
                        std::uint32_t v = 0, w = 0;
                        for (std::size_t i = 0; i < N; ++i) {
                            v ^= p[i][j[i]];
                            w ^= p[i][j[i] + d[i]];
                            j[i] += 2 * d[i];
                        }
                        marks[v] = stamp;  // v, w < 256: no bounds check
                        marks[w] = stamp;
                    }
                    if (k < chunk) {
                        std::uint32_t v = 0;
                        for (std::size_t i = 0; i < N; ++i) {
                            v ^= p[i][j[i]];
                            j[i] += d[i];
                        }
                        marks[v] = stamp;
                    }
                }
                for (std::int64_t k = full && !Outcome ? chunk : 0; k < chunk; ++k) {
                    std::uint32_t v = 0;
                    bool missing = false;
                    for (std::size_t i = 0; i < N; ++i) {
                        std::uint8_t b = p[i][j[i]];
                        j[i] += d[i];
                        missing |= !byte_known<Outcome>(b);
                        v ^= b;
                    }
                    if (missing) {
                        for (std::size_t i = 0; i < N; ++i)
                            if (!byte_known<Outcome>(p[i][j[i] - d[i]])) return blocked_at(values, page[i].begin + j[i] - d[i]);
                    }
                    marks[v] = stamp;  // v < 256: no bounds check
                }
            } else if (N == 1 && page[0].wide && m.rest.empty()) {  // values past a byte (Wythoff's)
                const std::uint32_t* w = page[0].wide;
                const std::int64_t d = step[0];
                LocalMarks marks(mex_);
                std::int64_t k = 0, j = id[0] - page[0].begin;
                for (; k + 1 < chunk; k += 2, j += 2 * d) {  // two options a turn, as in walk_wide
                    const std::uint32_t u = w[j], v = w[j + d];
                    if (!marks.template mark<Outcome>(u)) return blocked_at(values, page[0].begin + j);
                    if (!marks.template mark<Outcome>(v)) return blocked_at(values, page[0].begin + j + d);
                }
                if (k < chunk && !marks.template mark<Outcome>(w[j])) return blocked_at(values, page[0].begin + j);
            } else {
                for (std::int64_t k = 0; k < chunk; ++k) {
                    if (!m.rest.empty() && !rest(m, reg, x + k, f)) continue;
                    std::uint32_t v = 0;
                    for (std::size_t i = 0; i < N; ++i) {
                        std::size_t j = static_cast<std::size_t>(id[i] + k * step[i] - page[i].begin);
                        std::uint32_t b = page[i].wide     ? page[i].wide[j]
                                          : !page[i].narrow ? VA::unknown
                                                            : VA::decode(page[i].narrow[j]);
                        if (!known<Outcome>(b)) return blocked_at(values, id[i] + k * step[i]);
                        v ^= b;
                    }
                    if (!Outcome) mex_.add(v);
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
    const solver::ValueArray* arrays_;  // by Solver::id_class
    const solver::ValueArray& low_;
    MexSet& mex_;
    intpath::ListBuffer list_;
    solver::GameGraph::Blocker blocker_;
};

// The value of the state in f's registers when every option is known.
bool one_pass(const IntGame& g, Kernel<false>& k, MexSet& mex, const Frame& f, std::uint32_t& value) {
    if (g.terminal && g.terminal->test(f)) {
        value = 0;
        return true;
    }
    if (!k.moves(f) || mex.huge()) return false;
    value = mex.mex();
    return true;
}

}  // namespace

void Instance::one_pass_shape() {
    if (key_only_ >= 0) return;
    const IntGame& g = *game_.fast;
    // Every move masked: the set's ints are never read.
    key_only_ = !g.terminal && !g.moves.empty() &&
                std::all_of(g.moves.begin(), g.moves.end(), [&](const Move& m) { return masked_move(g, m); });
    lists_resumable_ = Kernel<false>::lists_resumable(g);
    has_split_ = std::any_of(g.moves.begin(), g.moves.end(), [](const Move& m) { return m.split; });
}

bool Instance::try_grundy(solver::StateId s, std::uint32_t& value, Blocker& blocker) {
    if (!game_.fast) return false;
    if (grid_state_ != 0 && grid_value(s, value)) return true;  // translation_grid.cpp
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    Frame f{regs, &fast_};
    one_pass_shape();
    if (!load_fast(s, f, pos, !key_only_)) return false;
    try {
        MexSet mex(mex_marks_, mex_stamp_);
        Kernel<false> k(*game_.fast, table_, ctx_.solver.value_arrays(graph_), mex);
        if (lists_resumable_ && f.has_key) {
            auto intern = [&](std::uint64_t key) {
                bool is_new = false;
                const std::uint32_t id = table_.intern_packed(key, is_new);
                if (is_new) ctx_.solver.charge_state();
                return id;
            };
            switch (k.lists_resumable(f, blocker, value, intern)) {
                case Kernel<false>::Scan::done: return true;
                case Kernel<false>::Scan::blocked: return false;
                case Kernel<false>::Scan::other: break;
            }
        }
        if (key_only_ && f.has_key && game_.fast->moves.size() == 1) {
            switch (k.masked_resumable(game_.fast->moves[0], f, blocker, value)) {
                case Kernel<false>::Scan::done: return true;
                case Kernel<false>::Scan::blocked: return false;
                case Kernel<false>::Scan::other: break;
            }
        }
        if (one_pass(*game_.fast, k, mex, f, value)) return true;
        blocker = k.blocker();
        return false;
    } catch (const intpath::Unfit&) {
        return false;  // the instance left the int path; the solver expands s the generic way
    }
}

// The kernels' walks for the outcome alone (Kernel<true>): a walk stops at
// an option not known an N-position, the blocker; when that option's value
// is 0, the state is an N-position. The resumable scans keep values in bit
// sets and are left out: their states are scanned from the first option.
bool Instance::try_outcome(solver::StateId s, bool& p_position, Blocker& blocker) {
    if (!game_.fast) return false;
    one_pass_shape();
    if (has_split_) return false;  // a sum's outcome needs its parts' values: the solver's business
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    Frame f{regs, &fast_};
    if (!load_fast(s, f, pos, !key_only_)) return false;
    const IntGame& g = *game_.fast;
    if (g.terminal && g.terminal->test(f)) {
        p_position = true;
        return true;
    }
    MexSet mex(mex_marks_, mex_stamp_);
    const solver::ValueArray* arrays = ctx_.solver.value_arrays(graph_);
    Kernel<true> k(g, table_, arrays, mex);
    try {
        if (k.moves(f)) {
            p_position = true;
            return true;
        }
    } catch (const intpath::Unfit&) {
        return false;  // the instance left the int path; the solver expands s the generic way
    }
    const Blocker& b = k.blocker();
    if (b.found) {
        const unsigned c = solver::Solver::id_class(b.state);
        if (arrays[c].get(b.state - solver::Solver::class_base[c]) == 0) {
            p_position = false;
            return true;
        }
    }
    blocker = b;
    return false;
}

bool Instance::try_grundy_ints(const std::int64_t* ints, std::uint32_t& value) {
    const IntGame& g = *game_.fast;
    if (g.shape != IntGame::Shape::ints || !fast_ready()) return false;
    if (grid_state_ != 0 && grid_value(ints, value)) return true;  // translation_grid.cpp
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    intpath::copy_ints(ints, g.arity, regs);
    for (const auto& [reg, v] : fast_.int_regs) regs[reg] = v;
    MexSet mex(mex_marks_, mex_stamp_);
    Kernel<false> k(g, table_, ctx_.solver.value_arrays(graph_), mex);
    try {
        return one_pass(g, k, mex, f, value);
    } catch (const intpath::Unfit&) {
        return false;  // the instance left the int path; the solver expands the state the generic way
    }
}

namespace {

using VA = solver::ValueArray;

// A range loop without runs (below).
struct NoRuns {
    std::size_t operator()(std::int64_t, std::int64_t, std::uint8_t*, std::int64_t, std::uint32_t*) const { return 0; }
};

// The loop both range paths share: each state's value read from its page,
// a state not known solved by `solve(n, values, page, before, v)` (n's
// page and the one before; false leaves it to the solver's search), the
// values handed to `each` in batches. `run(n, last, bytes, begin, out)`
// may solve states n, n + 1, ... up to last, all on n's narrow page
// (`bytes`, from id `begin`) and not known, writing their values into the
// page and into `out`; it returns how many, 0 to take n state by state.
template <typename Solve, typename Run = NoRuns>
void range_loop(solver::Solver& solver, std::uint32_t graph, std::int64_t lo, std::int64_t hi,
                FunctionRef<bool(std::span<const std::uint32_t>)> each, Solve&& solve, Run&& run = {}) {
    // Looked up again after the solver runs (a new game's graph can move
    // the arrays) and after a value past a byte (which widens a page).
    const VA* values = nullptr;
    VA::PageView page, before;
    std::uint8_t* out = nullptr;  // n's page, written in place
    std::uint32_t* known = nullptr;
    // States solved here and not yet counted by the solver, which are
    // counted before it runs again, at each batch, and on the way out.
    std::uint64_t room = 0, pending = 0;
    auto count = [&] {
        if (pending && solver.solved_run(std::exchange(pending, 0))) solver.check_interrupt();
    };
    auto refill = [&] {  // the room left, asked of the solver when it is used up
        if (room == 0) {
            count();
            room = solver.room();
        }
    };
    struct Guard {  // an error on the way: counted, without the interrupt check
        solver::Solver& s;
        std::uint64_t& pending;
        ~Guard() { s.solved_run(pending); }
    } guard{solver, pending};
    std::uint32_t batch[256];
    std::size_t used = 0;
    auto flush = [&](std::int64_t n) {  // after n: a full batch, or the last, to `each`
        if (used < std::size(batch) && n < hi) return true;
        count();
        poll_interrupt();
        if (!each(std::span<const std::uint32_t>(batch, used))) return false;
        used = 0;
        return true;
    };
    for (std::int64_t n = lo; n <= hi; ++n) {
        const auto id = static_cast<std::uint32_t>(n);
        if (!values || (id & (VA::page_size - 1)) == 0 || !page.narrow) {
            out = solver.writable_narrow(graph, id, known);
            values = &solver.value_arrays(graph)[0];
            page = values->view(id);
            before = id >= VA::page_size ? values->view(id - VA::page_size) : VA::PageView{};
        }
        if (out && page.narrow && out[id - page.begin] == VA::narrow_unknown) {
            refill();
            const std::int64_t last = std::min({hi, std::int64_t{page.begin} + VA::page_size - 1,
                                                n + static_cast<std::int64_t>(std::min<std::uint64_t>(room, 1u << 20)) - 1,
                                                n + static_cast<std::int64_t>(std::size(batch) - used) - 1});
            if (const std::size_t did = last >= n ? run(n, last, out, page.begin, batch + used) : 0) {
                *known += static_cast<std::uint32_t>(did);
                pending += did;
                room -= did;
                used += did;
                n += static_cast<std::int64_t>(did) - 1;
                if (!flush(n)) return;
                continue;
            }
        }
        const solver::Comp c = solver::make_comp(graph, id);
        // A code (known_n: the outcome alone) is the solver's business below.
        std::uint32_t v = page.narrow ? VA::decode(page.narrow[id - page.begin]) : values->get(id);
        if (v == VA::unknown) {
            refill();
            const bool fast = room > 0 && out;  // else the solver's own bookkeeping: the limit's error, a wide page
            if (!fast) solver.before_one_pass(id);
            const bool solved = solve(n, *values, page, before, v);
            if (fast && solved && v < VA::narrow_limit) {
                out[id - page.begin] = static_cast<std::uint8_t>(v);
                ++*known;
                ++pending;
                --room;
            } else {
                count();
                if (solved) solver.one_pass_solved(c, v);  // on a wide page, or widening it
                else v = solver.grundy(c);
                values = nullptr;
                room = 0;  // the solver counted states: ask again
            }
        } else if (v >= not_known) {
            count();
            v = solver.grundy(c);  // on the path of a search that asked for this range: a cycle
            room = 0;
        }
        batch[used++] = v;
        if (!flush(n)) return;
    }
}

}  // namespace

bool Instance::grundy_range(std::int64_t lo, std::int64_t hi,
                            FunctionRef<bool(std::span<const std::uint32_t>)> each, bool lists) {
    const IntGame* g = game_.fast.get();
    if (!g || g->shape != IntGame::Shape::ints || g->named_list != lists || g->arity != 1 || !g->canonical.empty() ||
        game_.has_start || lo < 0 || hi >= std::int64_t{StateTable::first_general} || !fast_ready())
        return false;
    if (fast_.dense) {
        dense_range(lo, hi, each);
        return true;
    }
    if (sparse_rules()) {
        heap_range(lo, hi, each);
        return true;
    }
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    MexSet mex(mex_marks_, mex_stamp_);
    std::optional<Kernel<false>> k;  // made again after the solver runs: it may move the arrays
    range_loop(ctx_.solver, graph_, lo, hi, each,
               [&](std::int64_t n, const VA&, const VA::PageView&, const VA::PageView&, std::uint32_t& v) {
                   regs[0] = n;  // one-int states are their own ids
                   mex.next();
                   if (!k) k.emplace(*g, table_, ctx_.solver.value_arrays(graph_), mex);
                   if (one_pass(*g, *k, mex, f, v)) return true;
                   k.reset();
                   return false;
               });
    return true;
}

// grundy_range for a game of translations with linear bounds
// (IntInstanceData::dense): the whole state in locals, values read from
// n's page and the one before, as a hand-written solver reads its array.
void Instance::dense_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each) {
    using Side = intpath::Move::Bound::Side;
    const IntGame& g = *game_.fast;
    struct Family {
        const std::int64_t *ks, *off;
        std::size_t count;
        const IntInstanceData::Line *lines, *lines_end;
        std::int64_t kmin, kmax;
    };
    boost::container::small_vector<Family, 4> families;
    boost::container::small_vector<std::int64_t, 16> offs;  // every family's, for runs
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const auto& ks = fast_.lists[g.moves[i].gens[0].list];
        const auto& ls = fast_.lines[i];
        const auto [kmin, kmax] = std::minmax_element(ks.begin(), ks.end());
        families.push_back({ks.data(), fast_.offsets[i].data(), ks.size(), ls.data(), ls.data() + ls.size(),
                            ks.empty() ? 0 : *kmin, ks.empty() ? -1 : *kmax});
        offs.insert(offs.end(), fast_.offsets[i].begin(), fast_.offsets[i].end());
    }
    const std::int64_t off_min = offs.empty() ? 0 : *std::min_element(offs.begin(), offs.end());
    const std::int64_t off_max = offs.empty() ? 0 : *std::max_element(offs.begin(), offs.end());
    // Every family's bounds let all of its ks through at n (so, the bounds
    // being lines, at every n between two such).
    auto takes_all = [&](std::int64_t n) {
        for (const Family& fam : families) {
            for (const auto* l = fam.lines; l != fam.lines_end; ++l) {
                const std::int64_t e = l->c * n + l->d;  // no overflow (bound_lines)
                if ((l->side != Side::at_most && e > fam.kmin) || (l->side != Side::at_least && e < fam.kmax))
                    return false;
            }
        }
        return true;
    };
    // A run of states whose options are all on their page with values below
    // 64 and whose bounds take every k: the hand-written solver's loop.
    auto run = [&](std::int64_t n, std::int64_t last, std::uint8_t* bytes, std::int64_t begin,
                   std::uint32_t* out) -> std::size_t {
        const std::int64_t j0 = n - begin;
        const std::int64_t j1 = std::min(last - begin, std::int64_t{VA::page_size} - 1 - off_max);
        if (g.terminal || offs.empty() || j0 + off_min < 0 || j1 < j0 || !takes_all(n) || !takes_all(begin + j1))
            return 0;
        const std::int64_t* o = offs.data();
        const std::size_t count = offs.size();
        std::size_t did = 0;
        for (std::int64_t j = j0; j <= j1 && bytes[j] == VA::narrow_unknown; ++j) {
            std::uint64_t seen = 0;
            std::uint8_t big = 0;
            for (std::size_t i = 0; i < count; ++i) {
                const std::uint8_t x = bytes[j + o[i]];
                big |= x & 0xC0;  // 64 and above, or not known: state by state
                seen |= std::uint64_t{1} << (x & 63);
            }
            if (big || !~seen) break;
            const auto v = static_cast<std::uint8_t>(__builtin_ctzll(~seen));
            bytes[j] = v;
            out[did++] = v;
        }
        return did;
    };
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    MexSet mex(mex_marks_, mex_stamp_);
    range_loop(ctx_.solver, graph_, lo, hi, each,
               [&](std::int64_t n, const VA& values, const VA::PageView& page, const VA::PageView& before,
                   std::uint32_t& v) {
                   regs[0] = n;
                   if (g.terminal && g.terminal->test(f)) {
                       v = 0;
                       return true;
                   }
                   // Values below 64 as bits, as a hand-written solver keeps
                   // them; larger ones in the marks, from the first of them.
                   std::uint64_t seen = 0;
                   bool marked = false;
                   auto add = [&](std::uint32_t x) {
                       if (x < 64) {
                           seen |= std::uint64_t{1} << x;
                           return;
                       }
                       if (!marked) mex.next(), marked = true;
                       mex.add(x);
                   };
                   for (const Family& fam : families) {
                       std::int64_t a = INT64_MIN, b = INT64_MAX;
                       for (const auto* l = fam.lines; l != fam.lines_end; ++l) {
                           const std::int64_t e = l->c * n + l->d;  // no overflow (bound_lines)
                           if (l->side != Side::at_most) a = std::max(a, e);
                           if (l->side != Side::at_least) b = std::min(b, e);
                       }
                       // In locals: the stores into the marks could alias anything else.
                       const std::int64_t *ks = fam.ks, *off = fam.off;
                       const std::size_t count = fam.count;
                       const std::uint8_t *here = page.narrow, *below = before.narrow;
                       const std::int64_t at = n - page.begin;
                       for (std::size_t i = 0; i < count; ++i) {
                           if (ks[i] < a || ks[i] > b) continue;
                           const std::int64_t j = at + off[i];  // the option's place on n's page
                           std::uint32_t x = j >= 0 && j < std::int64_t{VA::page_size} && here ? here[j]
                                             : j < 0 && j >= -std::int64_t{VA::page_size} && below
                                                 ? below[j + VA::page_size]
                                                 : VA::narrow_on_path;
                           if (x >= VA::narrow_limit) {
                               const std::int64_t option = n + off[i];
                               x = option >= 0 && option < std::int64_t{StateTable::first_general}
                                       ? values.get(static_cast<std::uint32_t>(option))
                                       : VA::unknown;
                               if (x >= not_known) return false;  // not known, or not its own id: the search takes it
                           }
                           add(x);
                       }
                   }
                   if (~seen) {
                       v = static_cast<std::uint32_t>(std::countr_one(seen));
                       return true;
                   }
                   if (!marked) mex.next();
                   for (std::uint32_t x = 0; x < 64; ++x) mex.add(x);
                   if (mex.huge()) return false;
                   v = mex.mex();
                   return true;
               },
               run);
}

// grundy_range for a game the heap engine runs (HeapEngine): it computes
// the values from heap 0 in order, the solver keeps those asked for.
void Instance::heap_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each) {
    HeapEngine& e = *heap_engine();
    struct Busy {
        bool& flag;
        bool was;
        ~Busy() { flag = was; }
    } busy{heap_busy_, std::exchange(heap_busy_, true)};
    range_loop(ctx_.solver, graph_, lo, hi, each,
               [&](std::int64_t n, const VA&, const VA::PageView&, const VA::PageView&, std::uint32_t& v) {
                   // Heaps below n are computed too: not past the state limit
                   // (the search then reports it), nor when the rules leave
                   // the class (the search takes it, and reports what they do).
                   const auto have = static_cast<std::int64_t>(e.values().size());
                   if (n >= have && static_cast<std::uint64_t>(n - have) + 1 > ctx_.solver.room()) return false;
                   if (!e.extend(n)) return false;
                   v = e.values()[static_cast<std::size_t>(n)];
                   return true;
               });
}

}  // namespace grundy
