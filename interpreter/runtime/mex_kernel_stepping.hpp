// Stepping through piecewise-affine families: the Kernel's walks along
// stretches of evenly spaced option ids (see mex_kernel.hpp).
#pragma once

#include "mex_kernel.hpp"

namespace grundy {

namespace {

// Options are visited in another order than the plain loop's, which a
// set of values does not see; an error, or anything the stepping cannot
// prove, leaves the family to the plain loop (`not_even`), which repeats
// values already added harmlessly.
// The ids of the options at x, one per part of a split (or the one
// state): an int, or a direct tuple's index in its array; false when a
// coordinate is outside what is its own id. The whole trace first: the
// search for a stretch's end reads it. With `step`, also each id's step as
// x grows and in `room` how many steps past x keep the trace and every
// coordinate inside (Trace::holds), or -1 when that cannot be told.
template <bool Outcome>
bool Kernel<Outcome>::ends(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, std::int64_t* out, Trace& t,
                           std::int64_t* step, std::int64_t* room) {
    // A stretch's cost is mostly these few loops: unrolled for one state of 1 to 3 ints.
    if (!m.split) switch (m.result.size()) {
            case 1: return ends_of<1>(m, reg, x, f, out, t, step, room);
            case 2: return ends_of<2>(m, reg, x, f, out, t, step, room);
            case 3: return ends_of<3>(m, reg, x, f, out, t, step, room);
            default: break;
        }
    return ends_of<0>(m, reg, x, f, out, t, step, room);
}

// ends() for a move of N ints and no split (0: any move).
template <bool Outcome>
template <std::size_t N>
bool Kernel<Outcome>::ends_of(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, std::int64_t* out, Trace& t,
                              std::int64_t* step, std::int64_t* room) {
    f.r[reg] = x;
    t.follow(reg);
    const std::size_t n = N ? N : m.result.size();
    constexpr std::size_t most = 24;
    if (room) *room = -1;
    if (n > most) return false;
    const intpath::IntPtr* result = m.result.data();
    std::int64_t xs[most], ss[most];
    const intpath::Leaf* leaves = m.result_leaves.size() == n ? m.result_leaves.data() : nullptr;
    for (std::size_t i = 0; i < n; ++i)
        xs[i] = leaves ? intpath::eval_traced(leaves[i], *result[i], f, t) : result[i]->eval_traced(f, t), ss[i] = t.slope;
    const std::uint32_t k = N ? N : g_.arity;  // each part k ints
    for (std::size_t p = 0; p < n; p += k) g_.canon(xs + p, ss + p, f, t);
    const bool one = k == 1;
    // Int c of a part is its own id's within 0..limit(c)-1, at width(c) bits.
    const std::uint8_t* widths = table_.widths();
    auto width = [&](std::size_t c) -> unsigned { return one ? 0 : widths[c]; };
    auto limit = [&](std::size_t c) {
        return one ? std::int64_t{StateTable::first_general} : std::int64_t{1} << widths[c];
    };
    bool inside = true;
    for (std::size_t p = 0; p < n; p += k)
        for (std::uint32_t c = 0; c < k; ++c) inside = inside && xs[p + c] >= 0 && xs[p + c] < limit(c);
    if (one) {
        std::copy(xs, xs + n, out);
    } else {
        for (std::size_t p = 0; p < n; p += k) {
            std::int64_t key = 0;  // in a local: a store into out could alias xs
            for (std::uint32_t c = 0; c < k; ++c) key = (key << width(c)) | (xs[p + c] & (limit(c) - 1));
            out[p / k] = key;
        }
    }
    if (!step) return inside;
    std::int64_t r = inside ? t.holds() : -1;
    for (std::size_t p = 0; p < n && r >= 0; p += k)  // steps before an int leaves 0..limit-1
        for (std::uint32_t c = 0; c < k; ++c) {
            const std::size_t i = p + c;
            if (ss[i] > 0) r = std::min(r, intpath::quotient(limit(c) - 1 - xs[i], ss[i]));
            else if (ss[i] < 0) r = std::min(r, intpath::quotient(xs[i], ss[i] == INT64_MIN ? INT64_MAX : -ss[i]));
        }
    for (std::size_t p = 0; p < n && r >= 0; p += k) {
        std::int64_t s = 0;  // the key's step: its ints' steps at their places
        for (std::uint32_t c = 0; c < k && r >= 0; ++c)
            if (__builtin_mul_overflow(s, std::int64_t{1} << width(c), &s) || __builtin_add_overflow(s, ss[p + c], &s))
                r = -1;
        step[p / k] = s;
    }
    *room = r;
    return inside;
}

// Evenly spaced ids between two ends: equal traces, every coordinate
// in range at both (so between them), and whole steps.
template <bool Outcome>
bool Kernel<Outcome>::even(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f, std::int64_t* id,
          std::int64_t* step) {
    std::int64_t at_hi[8];
    Trace tl, th;
    return ends(m, reg, lo, f, id, tl) && ends(m, reg, hi, f, at_hi, th) && tl.same(th) &&
           whole_steps(m, id, at_hi, hi - lo, step);
}

// The steps from ids `from` to ids `to` over `span` (>= 0) values: false
// unless they are whole.
template <bool Outcome>
bool Kernel<Outcome>::whole_steps(const Move& m, const std::int64_t* from, const std::int64_t* to, std::int64_t span,
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
template <bool Outcome>
bool Kernel<Outcome>::narrow_span(std::int64_t lo, std::int64_t hi) {
    std::int64_t span;
    return !__builtin_sub_overflow(hi, lo, &span) && span < INT64_MAX;
}

template <bool Outcome>
void Kernel<Outcome>::end_at(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f, End& e) {
    e.trace.reset();
    e.inside = ends(m, reg, x, f, e.id, e.trace, e.step, &e.room);
}

// The last x in a..b (a < b) whose trace is a's, given b's differs:
// where the first choice that differs switches (Trace), checked by
// evaluating there; a binary search when that cannot be computed. `at`
// gets the ends at the x returned.
template <bool Outcome>
std::int64_t Kernel<Outcome>::stretch_end(const Move& m, std::uint32_t reg, std::int64_t a, const End& from, std::int64_t b,
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

// Whether the family's ints are affine in x on the whole range with no
// choice on the way (evaluated at lo, they trace none: no min, max, abs or
// `if` runs, so the same code runs at every x) and the canonical form
// sorts them (IntGame::sorted_all, for every ints): then sorted_end finds
// each stretch as ends() does, from the values at lo and the slopes.
template <bool Outcome>
bool Kernel<Outcome>::affine_sorted(const Move& m, std::uint32_t reg, std::int64_t lo, const Frame& f, AffineSort& a) {
    const std::uint32_t k = g_.arity;
    if (m.split || k < 3 || k > 4) return false;
    // The canonical form sorts the results, or the move's own result sorts
    // its inputs (which a canonical form that sorts leaves sorted).
    const bool canonical_sorts = g_.sorted_all && !g_.sort_below;
    const bool own = !m.sort_inputs.empty() && (g_.canonical.empty() || canonical_sorts);
    if (!own && (!canonical_sorts || m.result.size() != k)) return false;
    const std::vector<intpath::IntPtr>& ints = own ? m.sort_inputs : m.result;
    a.descending = canonical_sorts ? g_.sorted_descending : m.sort_descending;
    Trace t;
    t.reset();
    f.r[reg] = lo;
    t.follow(reg);
    const std::vector<intpath::Leaf>& leaves = own ? m.sort_leaves : m.result_leaves;
    for (std::uint32_t i = 0; i < k; ++i)
        a.at[i] = leaves.size() == k ? intpath::eval_traced(leaves[i], *ints[i], f, t) : ints[i]->eval_traced(f, t),
        a.slope[i] = t.slope;
    const int top = 63 - __builtin_clzll(t.magnitude | 1);
    if (t.used || !t.sloped || top >= 60) return false;
    // Every value computed is v + s (x - lo) with |v|, |s| < 2^(top + 1):
    // within 2^62 for x - lo below 2^(60 - top).
    a.x0 = lo;
    a.reach = (std::int64_t{1} << (60 - top)) - 1;
    return true;
}

// ends() with its room for the family of `a` at x (x >= a.x0): the ints
// placed as sort_traced places them, the room as Trace::holds reads each
// pair's order and as ends() reads the coordinates. False when ends() is
// needed (the room cannot be told, or an id is outside).
template <bool Outcome>
template <std::uint32_t K>
bool Kernel<Outcome>::sorted_end(const AffineSort& a, std::int64_t x, End& e) const {
    constexpr std::uint32_t k = K;
    const std::int64_t dx = x - a.x0;
    if (dx > a.reach) return false;
    std::int64_t in[8], in_s[8], xs[8], ss[8];
#pragma GCC unroll 8
    for (std::uint32_t i = 0; i < k; ++i) in[i] = a.at[i] + a.slope[i] * dx, in_s[i] = a.slope[i];  // within 2^62
    std::uint32_t place[8] = {};
    std::int64_t r = a.reach - dx;
#pragma GCC unroll 8
    for (std::uint32_t i = 0; i + 1 < k; ++i)
#pragma GCC unroll 8
        for (std::uint32_t j = i + 1; j < k; ++j) {
            const std::int64_t d = in[j] - in[i], ds = in_s[j] - in_s[i];
            const bool second = d < 0;
            place[i] += second;
            place[j] += !second;
            if (d >= 0 && ds < 0) r = std::min(r, intpath::quotient(d, -ds));
            else if (d < 0 && ds > 0) r = std::min(r, intpath::quotient(-(d + 1), ds));
        }
    intpath::put_in_places<K>(in, in_s, place, xs, ss);
    if (a.descending) std::reverse(xs, xs + k), std::reverse(ss, ss + k);
    if (!table_.uniform()) return false;  // ints that trade places need one width
    const unsigned bits = table_.direct_bits();
    const std::int64_t limit = std::int64_t{1} << bits;
    std::int64_t key = 0, s = 0;
#pragma GCC unroll 8
    for (std::uint32_t i = 0; i < k; ++i) {
        if (xs[i] < 0 || xs[i] >= limit) return false;
        if (ss[i] > 0) r = std::min(r, intpath::quotient(limit - 1 - xs[i], ss[i]));
        else if (ss[i] < 0) r = std::min(r, intpath::quotient(xs[i], -ss[i]));
        key = (key << bits) | xs[i];
        if (__builtin_mul_overflow(s, limit, &s) || __builtin_add_overflow(s, ss[i], &s)) return false;
    }
    e.id[0] = key, e.step[0] = s, e.room = r, e.inside = true;
    return true;
}

template <bool Outcome>
Stepped Kernel<Outcome>::ranged(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f) {
    if (parts(m) > 3) return Stepped::not_even;
    try {
        if (!tighten(m, f, lo, hi)) return Stepped::not_even;
        if (lo > hi) return Stepped::done;
        if (!narrow_span(lo, hi)) return Stepped::not_even;
        // Where the arms chosen at a stay chosen is an interval from a
        // (see Trace); a canonical form's min/max switch arms at a few
        // points only.
        End last, from, at;
        bool have_last = false;
        AffineSort sorted;
        const bool by_slopes = affine_sorted(m, reg, lo, f, sorted);
        for (std::int64_t a = lo; a <= hi;) {
            if (!by_slopes || !sorted_end(sorted, a, from)) end_at(m, reg, a, f, from);
            if (from.room >= 0) {  // the slopes tell where the stretch ends: one evaluation a stretch
                const std::int64_t end = from.room >= hi - a ? hi : a + from.room;
                Stepped r = walk_any(m, reg, a, end, f, from.id, from.step);
                if (r != Stepped::done) return r;
                if (end == hi) break;  // hi may be INT64_MAX
                a = end + 1;
                continue;
            }
            if (!have_last) end_at(m, reg, hi, f, last), have_last = true;
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
            if (end == hi) break;
            a = end + 1;
        }
        return Stepped::done;
    } catch (const DiagnosticError&) {
        return Stepped::not_even;  // the plain loop raises it where the rules do (a `where` may skip it)
    }
}

template <bool Outcome>
Stepped Kernel<Outcome>::walk_any(const Move& m, std::uint32_t reg, std::int64_t lo, std::int64_t hi, const Frame& f,
                 std::int64_t* id, std::int64_t* step) {
    const std::int64_t count = hi - lo + 1;
    switch (parts(m)) {
        case 1: return walk<1>(values_of(m), id, step, count, m, reg, lo, f);
        case 2: return walk<2>(values_of(m), id, step, count, m, reg, lo, f);
        default: return walk<3>(values_of(m), id, step, count, m, reg, lo, f);
    }
}

template <bool Outcome>
bool Kernel<Outcome>::rest(const Move& m, std::uint32_t reg, std::int64_t x, const Frame& f) const {
    f.r[reg] = x;
    for (const auto& c : m.rest)
        if (!c->test(f)) return false;
    return true;
}

// A translation (Move::translation, `k in S where k <= n => n - k`):
// the options are n + offset(k) for the k that the bounds let through.
template <bool Outcome>
Stepped Kernel<Outcome>::translated(const Move& m, const std::vector<std::int64_t>& offsets, const Frame& f) {
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
template <bool Outcome>
Stepped Kernel<Outcome>::shifted(const Move& m, std::vector<std::int64_t>& offsets, const Frame& f) {
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
    const std::int64_t* first = offsets.data() + lo;
    const std::int64_t* end = offsets.data() + hi + 1;
    return dense_count_ ? shifted_walk<true, 1>(n, first, end) : shifted_walk<false, 1>(n, first, end);
}

// The options n + Sign * o of `shifted` and `listed`, the bytes read from
// the dense window (Dense: ids below dense_count_) or the pages.
template <bool Outcome>
template <bool Dense, int Sign>
Stepped Kernel<Outcome>::shifted_walk(std::int64_t n, const std::int64_t* o, const std::int64_t* end) {
    std::uint32_t flat_count;
    const std::uintptr_t* flat = low_.flat(flat_count);
    std::uint32_t* marks = mex_.marks();
    const std::uint32_t stamp = mex_.stamp();
    // Ids below this are their own and on a page of the flat table: one
    // unsigned comparison, then a byte, as a hand-written loop reads it.
    const std::uint64_t direct = std::min<std::uint64_t>(StateTable::first_general,
                                                         std::uint64_t{flat_count} << VA::page_bits);
    for (; o != end; ++o) {
        const std::int64_t id = n + Sign * *o;
        if (Dense && static_cast<std::uint64_t>(id) < dense_count_) [[likely]] {
            const std::uint8_t b = dense_[id];
            if (byte_known<Outcome>(b)) [[likely]] {
                if (!Outcome) marks[b] = stamp;
                continue;
            }
        } else if (static_cast<std::uint64_t>(id) < direct) [[likely]] {
            const std::uintptr_t e = flat[static_cast<std::uint64_t>(id) >> VA::page_bits];
            if (!(e & 1)) [[likely]] {  // a narrow page
                const std::uint8_t b = reinterpret_cast<const std::uint8_t*>(e)[id & (VA::page_size - 1)];
                if (byte_known<Outcome>(b)) [[likely]] {
                    if (!Outcome) marks[b] = stamp;  // below 256: no bounds check
                    continue;
                }
            }
        }
        if (static_cast<std::uint64_t>(id) >= StateTable::first_general) return Stepped::not_even;
        const auto i = static_cast<std::uint32_t>(id);
        const std::uint32_t page = i >> VA::page_bits, j = i & (VA::page_size - 1);
        const std::uint32_t v = page < flat_count ? VA::read(flat[page], j) : low_.get(i);
        if (!known<Outcome>(v)) return blocked_at(low_, id);
        if (Outcome) continue;
        mex_.add(v);
        marks = mex_.marks();  // a value past the marks grows them
    }
    return Stepped::done;
}

// A sorted list generator (`k in S`): the ids are affine in the element
// between the first and last element that the bounds let through.
template <bool Outcome>
Stepped Kernel<Outcome>::listed(const Move& m, std::uint32_t reg, std::span<const std::int64_t> xs, const Frame& f) {
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
        // One int option an element, one id apart (a subtraction list): the
        // ids id[0] + step[0] * (x - first) read as a subtraction game's.
        std::int64_t base, moved;
        if (n == 1 && m.rest.empty() && &values == &low_ && (step[0] == 1 || step[0] == -1) &&
            !__builtin_mul_overflow(step[0], *first, &moved) && !__builtin_sub_overflow(id[0], moved, &base)) {
            const std::int64_t *from = &*first, *to = from + (last - first);
            if (step[0] == 1)
                return dense_count_ ? shifted_walk<true, 1>(base, from, to) : shifted_walk<false, 1>(base, from, to);
            return dense_count_ ? shifted_walk<true, -1>(base, from, to) : shifted_walk<false, -1>(base, from, to);
        }
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

}  // namespace

}  // namespace grundy
