// Running the int path's generators, shared by expansion (int_expand.cpp)
// and the one-pass solve (int_mex.cpp).
#pragma once

#include <algorithm>
#include <cstdint>
#include <iterator>
#include <span>
#include <vector>

#include <boost/container/small_vector.hpp>
#if defined(__SSE2__) && defined(__x86_64__)
#include <emmintrin.h>
#endif

#include "context.hpp"
#include "int_game.hpp"

namespace grundy::intpath {

using ListBuffer = boost::container::small_vector<std::int64_t, 16>;
inline void build_items(const ListResult& lr, std::size_t gen, const Frame& f, ListBuffer& out);

// Binds g's variable to each of its values in turn; stops early, returning
// false, when `body` does.
template <typename Body> bool for_each_value(const Gen& g, const Frame& f, Body&& body);

// The values of a Gen::computed, in order: made here, or read from a
// vector an instance keeps (which later states may lengthen: read by
// index, or as a span before any option runs).
struct ComputedList {
    ListBuffer own;
    const IntInstanceData::Elements* kept = nullptr;
    std::size_t from = 0, count = 0;
    std::size_t size() const { return kept ? count : own.size(); }
    std::int64_t operator[](std::size_t i) const { return kept ? kept->values[from + i] : own[i]; }
    std::span<const std::int64_t> span() const {
        return kept ? std::span<const std::int64_t>(kept->values.data() + from, count)
                    : std::span<const std::int64_t>(own.data(), own.size());
    }
    // Kept elements in order so far answer without a pass.
    bool sorted() const {
        if (kept && from + count <= kept->ascending) return true;
        const auto all = span();
        return std::is_sorted(all.begin(), all.end());
    }
};

// A list of kind concat, choice, let or call (and items or comprehension
// within them), appended to out. An error in a function's body leaves the
// instance to the generic path, whose message names the calls.
inline void append_list(const ListResult& lr, const Frame& f, ListBuffer& out) {
    using K = ListResult::Kind;
    switch (lr.kind) {
        case K::items:
            for (const IntPtr& item : lr.items) out.push_back(item->eval(f));
            return;
        case K::comprehension: return build_items(lr, 0, f, out);  // appends
        case K::concat:
            append_list(*lr.a, f, out);
            return append_list(*lr.b, f, out);
        case K::choice: return append_list(lr.where->test(f) ? *lr.a : *lr.b, f, out);
        case K::let:
            f.r[lr.let_reg] = lr.element->eval(f);
            return append_list(*lr.a, f, out);
        case K::call: {
            const ListFn& fn = *lr.callee;
            if (f.depth >= max_call_depth) throw Unfit{};  // calls of every kind, with the folds and comprehensions between
            boost::container::small_vector<std::int64_t, 8> args;
            boost::container::small_vector<ListBuffer, 2> lists(lr.list_args.size());
            // The caller's registers of fn and list arguments, back however the call ends.
            struct Restore {
                const Frame& f;
                const ListFn& fn;
                boost::container::small_vector<std::int64_t, 8> regs;
                decltype(f.list_args) lists;
                ~Restore() {
                    std::copy(regs.begin(), regs.end(), f.r + fn.first_reg);
                    f.list_args = lists;
                    --f.depth;
                }
            } restore{f, fn, {f.r + fn.first_reg, f.r + fn.end_reg}, f.list_args};
            ++f.depth;
            try {
                for (const IntPtr& a : lr.items) args.push_back(a->eval(f));
                for (std::size_t i = 0; i < lists.size(); ++i) append_list(lr.list_args[i], f, lists[i]);
                for (std::size_t i = 0; i < args.size(); ++i) f.r[fn.params[i]] = args[i];
                f.list_args = lists.data();
                append_list(fn.body, f, out);
            } catch (const DiagnosticError&) {
                throw Unfit{};
            }
            return;
        }
        case K::list_param: {
            const ListBuffer& xs = f.list_args[lr.let_reg];
            out.insert(out.end(), xs.begin(), xs.end());
            return;
        }
        default: throw Unfit{};
    }
}

// Its items, or its comprehension (over one range without a condition:
// sized once, then filled; with an element slot, read from what earlier
// states made, and what is missing made in order: elements that did not
// fail then cannot fail now, so the first to fail is the rules' first).
[[gnu::noinline]] inline void make_computed(const Gen& g, const Frame& f, ComputedList& out) {
    const ListResult& lr = *g.computed;
    if (lr.kind != ListResult::Kind::items && lr.kind != ListResult::Kind::comprehension) return append_list(lr, f, out.own);
    if (lr.kind == ListResult::Kind::items) {
        for (auto& item : lr.items) out.own.push_back(item->eval(f));
        return;
    }
    if (lr.gens.size() != 1 || !lr.gens[0].ranged() || lr.where) return build_items(lr, 0, f, out.own);
    const Gen& r = lr.gens[0];
    const std::int64_t lo = r.lo->eval(f), hi = r.hi->eval(f);
    if (lo > hi) return;
    constexpr std::int64_t most = std::int64_t{1} << 20;
    if (lr.element_slot != ListResult::no_elements && hi - lo >= 0 && hi - lo < most) {
        IntInstanceData::Elements& kept = f.data->elements[lr.element_slot];
        if (kept.values.empty()) kept.first = lo;
        const auto end = kept.first + static_cast<std::int64_t>(kept.values.size());
        if (lo >= kept.first && lo <= end && hi - kept.first < most) {
            for (std::int64_t x = end; x <= hi; ++x) {
                f.r[r.reg] = x;
                kept.push(lr.element->eval(f));
            }
            out.kept = &kept;
            out.from = static_cast<std::size_t>(lo - kept.first);
            out.count = static_cast<std::size_t>(hi - lo + 1);
            return;
        }
    }
    if (hi - lo >= (std::int64_t{1} << 16) || hi - lo < 0) return build_items(lr, 0, f, out.own);  // huge, or past int64
    out.own.resize(static_cast<std::size_t>(hi - lo + 1), boost::container::default_init);
    std::int64_t* at = out.own.data();
    for (std::int64_t x = lo;; ++x) {
        f.r[r.reg] = x;
        *at++ = lr.element->eval(f);
        if (x == hi) break;
    }
}

// for_each_value over a Gen::computed; out of line, so that the callers'
// loops over ranges stay small enough to inline what they call.
template <typename Body> [[gnu::noinline]] bool for_each_computed(const Gen& g, const Frame& f, Body& body) {
    ComputedList xs;
    make_computed(g, f, xs);
    for (std::size_t i = 0; i < xs.size(); ++i) {
        f.r[g.reg] = xs[i];
        if (!body()) return false;
    }
    return true;
}

// A Gen::member: the set's bits within the range (s evaluated once, as
// the test would first evaluate it), or the range and the test.
template <typename Body> [[gnu::noinline]] bool for_each_member(const Gen& g, const Frame& f, Body& body) {
    const Gen::Member& m = *g.member;
    const std::int64_t lo = m.lo->eval(f), hi = m.hi->eval(f);
    if (lo > hi) return true;
    if ((!m.negate || (lo >= 0 && hi <= 63)) && (m.fails < 16 || m.fails * 4 < m.tries)) {
        ++m.tries;
        std::uint64_t s = 0;
        bool mask = true;
        try {
            s = static_cast<std::uint64_t>(m.set->eval(f));
        } catch (const Unfit&) {
            ++m.fails;
            mask = false;
        }
        if (mask) {
            const std::int64_t from = std::max<std::int64_t>(lo, 0), to = std::min<std::int64_t>(hi, 63);
            std::uint64_t bits = from > to ? 0 : (~std::uint64_t{0} << from) & (~std::uint64_t{0} >> (63 - to));
            for (bits &= m.negate ? ~s : s; bits; bits &= bits - 1) {
                f.r[g.reg] = __builtin_ctzll(bits);
                if (!body()) return false;
            }
            return true;
        }
    }
    for (std::int64_t x = lo;; ++x) {
        if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();
        f.r[g.reg] = x;
        if (m.test->test(f) && !body()) return false;
        if (x == hi) break;
    }
    return true;
}

template <typename Body> bool for_each_value(const Gen& g, const Frame& f, Body&& body) {
    if (g.computed) return for_each_computed(g, f, body);
    if (g.over_position) {
        for (std::uint32_t i = 0; i < f.pos_len; ++i) {
            f.r[g.reg] = f.pos[i];
            if (!body()) return false;
        }
        return true;
    }
    if (g.list >= 0) {
        for (std::int64_t x : f.data->lists[g.list]) {
            f.r[g.reg] = x;
            if (!body()) return false;
        }
        return true;
    }
    if (g.member) return for_each_member(g, f, body);
    if (g.mask) {
        for (auto bits = static_cast<std::uint64_t>(g.mask->eval(f)); bits; bits &= bits - 1) {
            f.r[g.reg] = __builtin_ctzll(bits);
            if (!body()) return false;
        }
        return true;
    }
    std::int64_t lo = g.lo->eval(f), hi = g.hi->eval(f);
    for (std::int64_t x = lo; x <= hi; ++x) {
        if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();  // a state with very many moves
        f.r[g.reg] = x;
        if (!body()) return false;
        if (x == hi) break;
    }
    return true;
}

// Narrows lo..hi to the x that bound b lets through; false where the
// plain loop must decide: a bound past the ints, or `x * s` that
// overflows for some x of lo..hi (the rules raise that error there).
inline bool narrow_by(const Move::Bound& b, const Frame& f, std::int64_t& lo, std::int64_t& hi) {
    using Side = Move::Bound::Side;
    std::int64_t e, s;
    if (b.coef != 0) {
        // Every value the sides compute is affine in x: one that overflows
        // for some x of lo..hi overflows at lo or at hi, where evaluating
        // raises it (the plain loop then raises it where the rules do).
        if (lo > hi) return true;
        f.r[b.reg] = hi;
        b.sides[0]->eval(f), b.sides[1]->eval(f);
        f.r[b.reg] = lo;
        const std::int64_t l = b.sides[0]->eval(f), r = b.sides[1]->eval(f);
        std::int64_t diff, cx, d;  // c x + d op 0 is c x op -d
        if (__builtin_sub_overflow(l, r, &diff) || __builtin_mul_overflow(b.coef, lo, &cx) ||
            __builtin_sub_overflow(diff, cx, &d) || d == INT64_MIN || __builtin_add_overflow(-d, b.shift, &e))
            return false;
        s = b.coef;
    } else {
        if (__builtin_add_overflow(b.e->eval(f), b.shift, &e)) return false;
        if (!b.scale) {
            if (b.side != Side::at_most) lo = std::max(lo, e);
            if (b.side != Side::at_least) hi = std::min(hi, e);
            return true;
        }
        s = b.scale->eval(f);
        if (lo > hi) return true;
        std::int64_t unused;
        if (__builtin_mul_overflow(lo, s, &unused) || __builtin_mul_overflow(hi, s, &unused)) return false;
    }
    if (s == 0) {  // 0 op e: every x or none
        const bool holds = b.side == Side::at_most ? 0 <= e : b.side == Side::at_least ? 0 >= e : e == 0;
        if (!holds) lo = 1, hi = 0;
        return true;
    }
    if (s == -1 && e == INT64_MIN) return false;  // e / s past the ints
    // x * s <= e is x <= floor(e / s) for s > 0, x >= ceil(e / s) for s < 0.
    const std::int64_t q = e / s, r = e % s;
    const std::int64_t floor_q = r != 0 && (r < 0) != (s < 0) ? q - 1 : q;
    const std::int64_t ceil_q = r != 0 && (r < 0) == (s < 0) ? q + 1 : q;
    if (b.side == Side::exactly) {
        if (r != 0) lo = 1, hi = 0;
        else lo = std::max(lo, q), hi = std::min(hi, q);
        return true;
    }
    const bool upper = (b.side == Side::at_most) == (s > 0);
    if (upper) hi = std::min(hi, floor_q);
    else lo = std::max(lo, ceil_q);
    return true;
}

// Narrows [lo, hi], the inner generator's values in this row, to those for
// which m's `where` holds (Move::row_bounds). False when a sum in `where`
// could overflow in the row, or t - s (t + s) does: the caller then tests
// `where` option by option, which raises the error where the rules do;
// [lo, hi] may have been narrowed by the bounds before, exactly (an `and`
// tests no further for the values they exclude).
inline bool row_range(const Move& m, const Frame& f, std::int64_t& lo, std::int64_t& hi) {
    using Op = Move::RowBound::Op;
    for (const Move::RowBound& b : m.row_bounds) {
        if (lo > hi) return true;
        const std::int64_t s = b.s_reg >= 0 ? f.r[b.s_reg] : b.s_value, t = b.t_reg >= 0 ? f.r[b.t_reg] : b.t_value;
        std::int64_t v = t, ends;  // y op v
        if (b.s_sign > 0 && (__builtin_add_overflow(lo, s, &ends) || __builtin_add_overflow(hi, s, &ends) ||
                             __builtin_sub_overflow(t, s, &v)))
            return false;
        if (b.s_sign < 0 && (__builtin_sub_overflow(lo, s, &ends) || __builtin_sub_overflow(hi, s, &ends) ||
                             __builtin_add_overflow(t, s, &v)))
            return false;
        const bool none = (b.op == Op::lt && v == INT64_MIN) || (b.op == Op::gt && v == INT64_MAX);
        if (none) {
            lo = 1, hi = 0;
            return true;
        }
        if (b.op == Op::lt || b.op == Op::le || b.op == Op::eq) hi = std::min(hi, b.op == Op::lt ? v - 1 : v);
        if (b.op == Op::gt || b.op == Op::ge || b.op == Op::eq) lo = std::max(lo, b.op == Op::gt ? v + 1 : v);
    }
    return true;
}

// Where build_runs writes the elements: a buffer, or
struct ToBuffer {
    ListBuffer& out;
    bool copy(const Frame& f, std::int64_t first, std::int64_t last) {
        out.insert(out.end(), f.pos + first, f.pos + last + 1);
        return true;
    }
    template <bool is_min> bool clamp(const Frame& f, std::int64_t first, std::int64_t last, std::int64_t x) {
        const std::size_t at = out.size(), n = static_cast<std::size_t>(last + 1 - first);
        out.resize(at + n, boost::container::default_init);  // one size check, then a loop the compiler vectorises
        std::int64_t* to = out.data() + at;
        const std::int64_t* from = f.pos + first;
        for (std::size_t i = 0; i < n; ++i) to[i] = is_min ? std::min(from[i], x) : std::max(from[i], x);
        return true;
    }
    bool push(std::int64_t v) {
        out.push_back(v);
        return true;
    }
};
// min(v, x) (or max) of each of the 16 nibbles v holds, x in 0..15, all
// at once: even and odd nibbles apart, one byte each (once per option).
template <bool is_min> std::uint64_t clamp_nibbles(std::uint64_t run, std::uint64_t x) {
    constexpr std::uint64_t low = 0x0F0F0F0F0F0F0F0F;
#if defined(__SSE2__) && defined(__x86_64__)
    const __m128i v = _mm_set_epi64x(static_cast<long long>((run >> 4) & low), static_cast<long long>(run & low));
    const __m128i xs = _mm_set1_epi8(static_cast<char>(x));
    const __m128i r = is_min ? _mm_min_epu8(v, xs) : _mm_max_epu8(v, xs);
    return static_cast<std::uint64_t>(_mm_cvtsi128_si64(r)) |
           static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(r, r))) << 4;
#else
    // (v | 0x80) - x keeps a byte's top bit exactly when v >= x.
    constexpr std::uint64_t top = 0x8080808080808080, ones = 0x0101010101010101;
    const std::uint64_t xs = x * ones;
    auto lanes = [&](std::uint64_t v) {
        const std::uint64_t at_least = ((((v | top) - xs) & top) >> 7) * 0xFF;
        return is_min ? (v & ~at_least) | (xs & at_least) : (v & at_least) | (xs & ~at_least);
    };
    return lanes(run & low) | lanes((run >> 4) & low) << 4;
#endif
}

// a packed list key (Frame::pos_key), made from the position's own key;
// false as soon as the list does not pack.
struct ToKey {
    std::uint64_t key = 0;
    unsigned n = 0;
    bool copy(const Frame& f, std::int64_t first, std::int64_t last) {
        const auto k = static_cast<unsigned>(last - first + 1);
        if (n + k > 15) return false;
        key |= ((f.pos_key >> (4 * first)) & ((std::uint64_t{1} << (4 * k)) - 1)) << (4 * n);
        n += k;
        return true;
    }
    template <bool is_min> bool clamp(const Frame& f, std::int64_t first, std::int64_t last, std::int64_t x) {
        if (is_min ? x >= 15 : x <= 0) return copy(f, first, last);
        if (x < 0 || x > 15) return false;
        const auto k = static_cast<unsigned>(last - first + 1);
        if (n + k > 15) return false;
        const std::uint64_t v = clamp_nibbles<is_min>(f.pos_key >> (4 * first), static_cast<std::uint64_t>(x));
        key |= (v & ((std::uint64_t{1} << (4 * k)) - 1)) << (4 * n);
        n += k;
        return true;
    }
    bool push(std::int64_t v) {
        if (static_cast<std::uint64_t>(v) > 15 || n == 15) return false;
        key |= static_cast<std::uint64_t>(v) << (4 * n++);
        return true;
    }
    std::uint64_t packed() const { return key | std::uint64_t{n} << 60; }
};

// Fills in p's in-place form (IntInstanceData::Plan::in_place) when it has one.
inline void find_in_place(IntInstanceData::Plan& p) {
    using Leaf = ListResult::Arm::Leaf;
    p.in_place = false;
    p.copy_mask = p.min_mask = p.max_mask = 0;
    bool has_min = false, has_max = false;
    unsigned at = 0;
    for (std::size_t k = 0; k < p.n; ++k) {
        const IntInstanceData::Plan::Stretch& s = p.stretches[k];
        const auto first = static_cast<unsigned>(s.first), count = static_cast<unsigned>(s.last - s.first + 1);
        if (first != at || at + count > 15) return;
        const std::uint64_t mask = ((std::uint64_t{1} << (4 * count)) - 1) << (4 * first);
        at += count;
        Leaf leaf = s.leaf;
        if ((leaf == Leaf::min && s.bound >= 15) || (leaf == Leaf::max && s.bound <= 0)) leaf = Leaf::copy;
        if (leaf == Leaf::copy) {
            p.copy_mask |= mask;
            continue;
        }
        if (s.bound < 0 || s.bound > 15) return;  // ToKey gives up on it
        const bool is_min = leaf == Leaf::min;
        bool& has = is_min ? has_min : has_max;
        std::uint8_t& bound = is_min ? p.min_bound : p.max_bound;
        if (has && bound != s.bound) return;
        has = true;
        bound = static_cast<std::uint8_t>(s.bound);
        (is_min ? p.min_mask : p.max_mask) |= mask;
    }
    p.length = static_cast<std::uint8_t>(at);
    p.in_place = true;
}

// The ints of an in-place plan's result, packed (without the length).
inline std::uint64_t replay_key(const IntInstanceData::Plan& p, const Frame& f) {
    std::uint64_t key = f.pos_key & p.copy_mask;
    if (p.min_mask) key |= clamp_nibbles<true>(f.pos_key, p.min_bound) & p.min_mask;
    if (p.max_mask) key |= clamp_nibbles<false>(f.pos_key, p.max_bound) & p.max_mask;
    return key;
}

template <typename Out> bool replay(const IntInstanceData::Plan& p, const Frame& f, Out& out) {
    using Leaf = ListResult::Arm::Leaf;
    for (std::size_t k = 0; k < p.n; ++k) {
        const IntInstanceData::Plan::Stretch& s = p.stretches[k];
        const bool ok = s.leaf == Leaf::copy  ? out.copy(f, s.first, s.last)
                        : s.leaf == Leaf::min ? out.template clamp<true>(f, s.first, s.last, s.bound)
                                              : out.template clamp<false>(f, s.first, s.last, s.bound);
        if (!ok) return false;
    }
    return true;
}

// A comprehension with ListResult::arms, stretch by stretch: its
// conditions read c only through cuts, so each is tested once per stretch,
// in the same order and with the same outcome (and errors) as at the
// stretch's first element. False when `out` gives up. With a plan (not
// null), the stretches are recorded in it under `plan_key` when they can
// be replayed: they read nothing else, and were made without an error.
template <typename Out>
[[gnu::noinline]] bool make_runs(const ListResult& lr, const Frame& f, Out& out, IntInstanceData::Plan* plan,
                                 std::uint64_t plan_key) {
    using Leaf = ListResult::Arm::Leaf;
    IntInstanceData::Plan made;
    made.key = plan_key;
    const Gen& g = lr.gens[0];
    const std::int64_t lo = g.lo->eval(f), hi = g.hi->eval(f);
    if (lo > hi) return true;
    // Where stretches start, ascending and distinct (an insertion sort: a
    // handful of cuts).
    std::int64_t starts[2 * ListResult::max_cuts + 1];
    std::size_t n = 1;
    starts[0] = lo;
    auto add = [&](std::int64_t t, std::int64_t shift) {
        if (t <= lo - shift || t > hi - shift) return;  // lo <= hi: neither side overflows
        const std::int64_t p = t + shift;
        std::size_t i = n;
        while (starts[i - 1] > p) --i;  // starts[0] = lo < p
        if (starts[i - 1] == p) return;
        std::copy_backward(starts + i, starts + n, starts + n + 1);
        starts[i] = p;
        ++n;
    };
    for (const ListResult::Cut& cut : lr.cuts) {
        const std::int64_t t = cut.at->eval(f);
        add(t, cut.shift);
        if (cut.point) add(t, 1);
    }
    std::int64_t& c = f.r[g.reg];
    const auto len = static_cast<std::int64_t>(f.pos_len);
    for (std::size_t k = 0; k < n; ++k) {
        const std::int64_t first = starts[k], last = k + 1 < n ? starts[k + 1] - 1 : hi;
        c = first;
        if (lr.where && !lr.where->test(f)) continue;
        const ListResult::Arm* a = &lr.arms[0];
        while (a->cond) a = &lr.arms[a->cond->test(f) ? a->then_arm : a->else_arm];
        if (a->leaf != Leaf::other && first >= 0 && last < len) {
            const std::int64_t bound = a->leaf == Leaf::copy ? 0 : a->bound->eval(f);
            bool ok = a->leaf == Leaf::copy  ? out.copy(f, first, last)
                      : a->leaf == Leaf::min ? out.template clamp<true>(f, first, last, bound)
                                             : out.template clamp<false>(f, first, last, bound);
            if (!ok) return false;
            if (plan && made.n < IntInstanceData::Plan::max_stretches && last <= INT8_MAX)
                made.stretches[made.n++] = {bound, static_cast<std::int8_t>(first), static_cast<std::int8_t>(last), a->leaf};
            else
                plan = nullptr;
            continue;
        }
        plan = nullptr;  // elements one by one: nothing to replay
        for (std::int64_t x = first;; ++x) {
            if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();
            c = x;
            if (!out.push(a->node->eval(f))) return false;
            if (x == last) break;
        }
    }
    if (plan) {
        find_in_place(made);
        *plan = made;
    }
    return true;
}

// The key of lr's plan for this frame's inputs (ListResult::plan_regs): the
// position's length, then each input in 12 bits, top bit set; 0 when an
// input does not fit. Always four inputs, without a branch: unused entries
// repeat the first.
inline std::uint64_t plan_key(const ListResult& lr, const Frame& f) {
    static_assert(ListResult::max_plan_regs == 4);
    if (lr.plan_count == 0) return f.pos_len | std::uint64_t{1} << 63;
    const auto x0 = static_cast<std::uint64_t>(f.r[lr.plan_regs[0]]), x1 = static_cast<std::uint64_t>(f.r[lr.plan_regs[1]]),
               x2 = static_cast<std::uint64_t>(f.r[lr.plan_regs[2]]), x3 = static_cast<std::uint64_t>(f.r[lr.plan_regs[3]]);
    const std::uint64_t key = std::uint64_t{f.pos_len} << 48 | x0 << 36 | x1 << 24 | x2 << 12 | x3;
    return (x0 | x1 | x2 | x3) < 4096 ? key | std::uint64_t{1} << 63 : 0;  // the length (at most max_list) always fits
}

// make_runs, with a plan slot (ListResult::plan_slot) looked up first:
// stretches made once for the same inputs are replayed.
template <typename Out> bool build_runs(const ListResult& lr, const Frame& f, Out& out) {
    if (lr.plan_slot != ListResult::no_plan) {
        if (const std::uint64_t key = plan_key(lr, f)) {
            IntInstanceData::Plan& plan = f.data->plan_entry(lr.plan_slot, key);
            if (plan.key == key) return replay(plan, f, out);
            return make_runs(lr, f, out, &plan, key);
        }
    }
    return make_runs(lr, f, out, nullptr, 0);
}

// The new position of a game on int lists (in order) or sets (sorted,
// without repeats).
inline void build_items(const ListResult& lr, std::size_t gen, const Frame& f, ListBuffer& out) {
    auto emit = [&] {
        if (!lr.where || lr.where->test(f)) out.push_back(lr.element->eval(f));
        return true;
    };
    if (gen == lr.gens.size()) {  // no generators: a condition and one element
        emit();
        return;
    }
    if (gen + 1 == lr.gens.size()) {  // the innermost generator, the common case: no recursion per element
        for_each_value(lr.gens[gen], f, emit);
        return;
    }
    for_each_value(lr.gens[gen], f, [&] {
        build_items(lr, gen + 1, f, out);
        return true;
    });
}
// The masks of filter b (ListResult::filter) for the value `key` of its
// register, computed on first use.
inline const IntInstanceData::Filter& filter_masks(const ListResult& b, const Frame& f, std::int64_t key) {
    IntInstanceData::Filter& c = f.data->filters[b.filter_slot][static_cast<std::size_t>(key)];
    if (!c.known) {
        std::int64_t& d = f.r[b.gens[0].reg];
        const std::int64_t saved = d;
        for (d = 0; d < 64; ++d) {
            try {
                if (b.where->test(f)) c.holds |= std::uint64_t{1} << d;
            } catch (const DiagnosticError&) {
                c.fails |= std::uint64_t{1} << d;
            }
        }
        d = saved;
        c.known = true;
    }
    return c;
}

// The mask of set result lr when every element lies in 0..63, its parts
// evaluated in the order build_list evaluates them; false when one does
// not fit (build_list then builds it, evaluating again: int code gives the
// same values and raises the same error first).
inline bool set_mask(const ListResult& lr, const Frame& f, std::uint64_t& out);

// The mask of `s - b1 - b2 ...` for the value x of its register
// (ListResult::removal), made on first use: `fails` all ones when a b has
// an element outside 0..63 (the caller then builds the set).
[[gnu::noinline]] inline const IntInstanceData::Filter& removal_mask(const ListResult& lr, const Frame& f,
                                                                     std::int64_t x) {
    IntInstanceData::Filter& c = f.data->filters[lr.filter_slot][static_cast<std::size_t>(x)];
    if (!c.known) {
        std::uint64_t all = 0, part;
        bool fits = true;
        for (const ListResult* b : lr.removed) {
            fits = set_mask(*b, f, part);
            if (!fits) break;
            all |= part;
        }
        c.holds = fits ? all : 0;
        c.fails = fits ? 0 : ~std::uint64_t{0};
        c.known = true;
    }
    return c;
}

// The masks of a masked family's result for the value x (0..63) of the
// move's variable: a filter's (`s - {d for d in s where c}`) or a removal's.
inline const IntInstanceData::Filter& option_masks(const ListResult& lr, const Frame& f, std::int64_t x) {
    if (lr.removal == ListResult::no_filter) return filter_masks(*lr.b, f, x);
    const IntInstanceData::Filter& c = f.data->filters[lr.filter_slot][static_cast<std::size_t>(x)];
    return c.known ? c : removal_mask(lr, f, x);
}

// `s - {d for d in s where c}`, or `{d for d in s where c}` itself, as a
// mask, with c's mask for this state's key computed once per instance
// (ListResult::filter); false when that does not apply, or when c raises
// an error for some d in s (the element loop then raises it where the
// rules do).
inline bool filtered_mask(const ListResult& lr, const Frame& f, std::uint64_t& out) {
    using K = ListResult::Kind;
    const bool kept = lr.kind == K::comprehension;  // filter set: over the position, ascending
    if (!f.has_key || (kept ? lr.filter == ListResult::no_filter
                            : lr.kind != K::minus || lr.a->kind != K::position || lr.b->filter == ListResult::no_filter))
        return false;
    const ListResult& b = kept ? lr : *lr.b;
    const std::int64_t key = b.filter == ListResult::constant_filter ? 0 : f.r[b.filter];
    if (key < 0 || key > 63) return false;
    const IntInstanceData::Filter& c = filter_masks(b, f, key);
    if (f.pos_key & c.fails) return false;
    out = kept ? f.pos_key & c.holds : f.pos_key & ~c.holds;
    return true;
}

// packed_result for a list, stretch by stretch.
[[gnu::noinline]] inline bool packed_runs(const ListResult& lr, const Frame& f, std::uint64_t& key) {
    ToKey to;
    if (!build_runs(lr, f, to)) return false;
    key = to.packed();
    return true;
}

// The new position packed (Frame::pos_key) without building it, where that
// is quick: a set filtered by a mask, or a list of runs of the position's;
// false otherwise (build_list then builds it). Once per option: an
// in-place plan seen before is replayed here, without a call.
[[gnu::always_inline]] inline bool packed_result(const ListResult& lr, const Frame& f, bool set, std::uint64_t& key) {
    if (set) return filtered_mask(lr, f, key) || set_mask(lr, f, key);
    if (!f.has_key) return false;
    if (lr.plan_slot != ListResult::no_plan) {  // a comprehension with arms
        const std::uint64_t k = plan_key(lr, f);
        const IntInstanceData::Plan& plan = f.data->plan_entry(lr.plan_slot, k);
        if (k && plan.key == k && plan.in_place) {
            key = replay_key(plan, f) | std::uint64_t{plan.length} << 60;
            return true;
        }
    }
    if (lr.kind != ListResult::Kind::comprehension || lr.arms.empty()) return false;
    return packed_runs(lr, f, key);
}

// ListResult::mask's value, false where an element does not fit.
[[gnu::noinline]] inline bool compiled_mask(const ListResult& lr, const Frame& f, std::uint64_t& out) {
    try {
        out = static_cast<std::uint64_t>(lr.mask->eval(f));
        return true;
    } catch (const Unfit&) {
        return false;
    }
}

inline bool set_mask(const ListResult& lr, const Frame& f, std::uint64_t& out) {
    using K = ListResult::Kind;
    // A removal's masks are kept per value: quicker than the code.
    if (lr.mask && lr.removal == ListResult::no_filter && f.has_key && f.ints_loaded) return compiled_mask(lr, f, out);
    switch (lr.kind) {
        case K::position:
            out = f.pos_key;
            return f.has_key;
        case K::items:
            out = 0;
            for (const IntPtr& item : lr.items) {
                const std::int64_t x = item->eval(f);
                if (static_cast<std::uint64_t>(x) >= 64) return false;
                out |= std::uint64_t{1} << x;
            }
            return true;
        case K::table: out = static_cast<std::uint64_t>(lr.element->eval(f)); return true;
        case K::choice: return set_mask(lr.where->test(f) ? *lr.a : *lr.b, f, out);
        case K::minus:
        case K::union_:
        case K::intersect: {
            if (lr.removal != ListResult::no_filter && f.has_key) {
                const std::int64_t x = f.r[lr.removal];
                if (x >= 0 && x < 64) {
                    const IntInstanceData::Filter& c = removal_mask(lr, f, x);
                    if (!c.fails) {
                        out = f.pos_key & ~c.holds;
                        return true;
                    }
                }
            }
            std::uint64_t a, b;
            if (!set_mask(*lr.a, f, a) || !set_mask(*lr.b, f, b)) return false;
            out = lr.kind == K::minus ? a & ~b : lr.kind == K::union_ ? a | b : a & b;
            return true;
        }
        default: return false;
    }
}

inline void build_list(const ListResult& lr, const Frame& f, ListBuffer& out, bool set) {
    using K = ListResult::Kind;
    out.clear();
    switch (lr.kind) {
        case K::table:
            for (auto mask = static_cast<std::uint64_t>(lr.element->eval(f)); mask; mask &= mask - 1)
                out.push_back(__builtin_ctzll(mask));
            return;
        case K::items:
            for (const IntPtr& item : lr.items) out.push_back(item->eval(f));
            break;
        case K::comprehension:
            if (lr.arms.empty()) {
                build_items(lr, 0, f, out);
            } else {
                ToBuffer to{out};
                build_runs(lr, f, to);
            }
            break;
        case K::position: out.assign(f.pos, f.pos + f.pos_len); return;  // a set position is sorted already
        case K::choice: return build_list(lr.where->test(f) ? *lr.a : *lr.b, f, out, set);
        default: {
            const ListResult& b = *lr.b;
            if (lr.kind == K::minus && lr.a->kind == K::position && b.kind == K::comprehension && b.ascending &&
                b.gens[0].over_position) {
                // s - {d for d in s where c}: the elements of s for which c fails,
                // tested in the same order as the comprehension would.
                for (std::uint32_t i = 0; i < f.pos_len; ++i) {
                    f.r[b.gens[0].reg] = f.pos[i];
                    if (b.where && !b.where->test(f)) out.push_back(f.pos[i]);
                }
                return;
            }
            ListBuffer x, y;
            build_list(*lr.a, f, x, true);
            build_list(*lr.b, f, y, true);
            if (lr.kind == K::minus) std::set_difference(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
            else if (lr.kind == K::union_) std::set_union(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
            else std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
            return;
        }
    }
    if (set && !lr.ascending) {
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
}

}  // namespace grundy::intpath
