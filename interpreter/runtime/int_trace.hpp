// Traced evaluation's record (Trace), and the small int helpers the int
// path's kernels share: copying, loading and sorting a state's few ints.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

namespace grundy::intpath {

// n / d for n >= 0, d > 0: slopes are mostly 1, and a 64-bit division
// costs several times a 32-bit one.
inline std::int64_t quotient(std::int64_t n, std::int64_t d) {
    if (d == 1) return n;
    if (((n | d) >> 32) == 0) return static_cast<std::uint32_t>(n) / static_cast<std::uint32_t>(d);
    return n / d;
}

// Which arm each min, max and abs took, in evaluation order (4 bits each).
// Affine arms chosen alike at both ends of a range are chosen alike between
// them (the difference of two affine functions keeps its sign), so equal
// traces at the ends make a piecewise-affine expression affine on the range.
// Each two-way choice also keeps the difference d of its operands (`d < 0`
// when the second arm is taken), so where the first choice that differs
// between two ends switches can be computed instead of searched for: up to
// that choice every arm is fixed, so its d is affine between the ends.
//
// A traced evaluation also carries each value's slope: how it moves per
// step of one register, `x` (follow()), with every arm as chosen. Then one
// evaluation tells how far its trace holds: each d keeps its sign for
// d / -slope(d) steps. A node that cannot tell its slope (not piecewise
// affine in x) clears `sloped`; so does a slope that overflows. `magnitude`
// collects the bits of every value and slope computed, so that a stretch
// is kept short of where an intermediate value could overflow.
struct Trace {
    static constexpr unsigned max_choices = 16;
    static constexpr unsigned max_registers = 64;
    std::uint64_t bits = 0;
    unsigned used = 0;
    std::uint16_t with_diff = 0;  // bit i: diff[i] is set
    bool sloped = true;
    std::int64_t slope = 0;          // of the value evaluated last
    std::uint64_t magnitude = 0;     // bits of |value| and |slope| of every value computed
    std::uint64_t live = 0;          // bit r: register r's slope is reg_slope[r] (else 0)
    std::int64_t diff[max_choices];  // left unset until added: a trace is made per evaluation
    std::int64_t diff_slope[max_choices];
    std::int64_t reg_slope[max_registers];
    Trace() {}  // not zeroed
    void reset() { bits = 0, used = 0, with_diff = 0, sloped = true, magnitude = 0, live = 0; }
    // Slopes are taken along register x (each value's change as x grows by one).
    void follow(std::uint32_t x) { set_slope(x, 1); }
    void set_slope(std::uint32_t r, std::int64_t s) {
        if (r >= max_registers) return void(sloped = false);
        reg_slope[r] = s, live |= std::uint64_t{1} << r;
    }
    std::int64_t slope_of(std::uint32_t r) const { return r < max_registers && (live >> r & 1) ? reg_slope[r] : 0; }
    void note(std::int64_t v, std::int64_t s) {
        magnitude |= static_cast<std::uint64_t>(v ^ (v >> 63)) | static_cast<std::uint64_t>(s ^ (s >> 63));
    }
    void add(unsigned choice) {
        if (used > 60 || choice > 15) used = 64;  // too many to tell: never equal
        else bits |= std::uint64_t{choice} << used, used += 4;
    }
    // A two-way choice: the second arm when d < 0; `exact`: d did not
    // overflow; ds: d's slope.
    void add(bool second, std::int64_t d, bool exact, std::int64_t ds) {
        if (exact && used < 64) diff[used / 4] = d, diff_slope[used / 4] = ds, with_diff |= std::uint16_t(1u << (used / 4));
        add(second);
    }
    bool same(const Trace& o) const { return used < 64 && used == o.used && bits == o.bits; }
    // Steps of x past the evaluated one over which every choice, and so
    // every slope, stays as traced: -1 when that cannot be told.
    std::int64_t holds() const {
        if (!sloped || used >= 64 || with_diff != (1u << (used / 4)) - 1) return -1;
        // Intermediate values of at most 2^61 moving at most 2^q a step stay
        // within 64 bits for 2^(61 - q) steps.
        const int top = 63 - __builtin_clzll(magnitude | 1);
        if (top >= 61) return -1;
        std::int64_t room = std::int64_t{1} << (61 - top);
        for (unsigned i = 0; i < used / 4; ++i) {
            const std::int64_t d = diff[i], s = diff_slope[i];
            if (d >= 0 && s < 0) room = std::min(room, quotient(d, -s));
            else if (d < 0 && s > 0) room = std::min(room, quotient(-(d + 1), s));
        }
        return room;
    }
};

// max(x, y) or min(x, y), x and y with slopes sx and sy, traced as a
// two-way choice (the second arm when y wins).
template <bool is_max>
inline std::int64_t traced_extreme(std::int64_t x, std::int64_t sx, std::int64_t y, std::int64_t sy, Trace& t) {
    std::int64_t d, ds;
    const bool exact = !(is_max ? __builtin_sub_overflow(x, y, &d) : __builtin_sub_overflow(y, x, &d));
    if (is_max ? __builtin_sub_overflow(sx, sy, &ds) : __builtin_sub_overflow(sy, sx, &ds)) t.sloped = false;
    const bool second = is_max ? y > x : y < x;
    t.add(second, d, exact, ds);
    t.slope = second ? sy : sx;
    return second ? y : x;
}

// A few ints (a state's, into registers) copied one by one: std::copy
// calls memmove, whose 16-byte load of ints just stored one at a time
// cannot be served from the store buffer and waits (4 % of Wythoff's time).
// The empty asm keeps the compiler from making the loop a memmove again.
inline void copy_ints(const std::int64_t* from, std::size_t n, std::int64_t* to) {
    for (std::size_t i = 0; i < n; ++i) {
        to[i] = from[i];
        asm("");
    }
}

// Two ints that were stored apart just before, loaded apart: the compiler
// likes to make one 16-byte load of them, which cannot be served from the
// store buffer and waits for both stores (a third of Kernel::ends' samples).
inline void load_apart(const std::int64_t* xs, std::int64_t& x, std::int64_t& y) {
    x = xs[0];
    asm("" ::: "memory");
    y = xs[1];
}

// Ascending, in place, for a few ints (a state's): an insertion sort.
// Out of line: inlined where xs may be one int, it only draws warnings.
[[gnu::noinline]] inline void sort_ints(std::int64_t* xs, std::uint32_t n) {
    for (std::uint32_t i = 1; i < n; ++i) {
        const std::int64_t v = xs[i];
        std::uint32_t j = i;
        for (; j > 0 && xs[j - 1] > v; --j) xs[j] = xs[j - 1];
        xs[j] = v;
    }
}

// xs[place[i]] = in[i] and ss[place[i]] = in_s[i] for a permutation
// `place`; for a few ints gathered, not scattered: stores to places known
// late would hold up the loads that follow.
template <std::uint32_t N>
[[gnu::always_inline]] inline void put_in_places(const std::int64_t* in, const std::int64_t* in_s, const std::uint32_t* place,
                                                 std::int64_t* xs, std::int64_t* ss) {
    if constexpr (N > 4) {
        for (std::uint32_t i = 0; i < N; ++i) xs[place[i]] = in[i], ss[place[i]] = in_s[i];
        return;
    }
#pragma GCC unroll 8
    for (std::uint32_t p = 0; p < N; ++p) {
        std::int64_t v = 0, sv = 0;
#pragma GCC unroll 8
        for (std::uint32_t i = 0; i < N; ++i) {
            const bool here = place[i] == p;
            v = here ? in[i] : v;
            sv = here ? in_s[i] : sv;
        }
        xs[p] = v, ss[p] = sv;
    }
}

// The same for N ints, traced (IntGame::sorted_all): each pair's order,
// and from it each int's place in the ascending order (ties kept in
// order): x_i goes before x_j (i < j) unless x_j < x_i. The slopes ss go
// with their ints. The trace is kept in locals: stores into it could alias
// xs as far as the compiler knows.
template <std::uint32_t N> [[gnu::noinline]] void sort_traced(std::int64_t* xs, std::int64_t* ss, Trace& t) {
    constexpr unsigned pairs = N * (N - 1) / 2;
    if (t.used + 4 * pairs <= 64) {  // room for every pair: their slots known before the loop
        const unsigned first = t.used / 4;
        std::uint64_t bits = 0;
        std::uint32_t exact = 0, place[N] = {};
        bool slopes_fit = true;
        std::int64_t in[N], in_s[N];
        for (std::uint32_t i = 0; i < N; ++i) in[i] = xs[i], in_s[i] = ss[i];
        unsigned p = 0;
        for (std::uint32_t i = 0; i + 1 < N; ++i)
            for (std::uint32_t j = i + 1; j < N; ++j, ++p) {
                std::int64_t d, ds;
                exact |= std::uint32_t{!__builtin_sub_overflow(in[j], in[i], &d)} << p;
                slopes_fit &= !__builtin_sub_overflow(in_s[j], in_s[i], &ds);
                const bool second = in[j] < in[i];
                place[i] += second;
                place[j] += !second;
                t.diff[first + p] = d, t.diff_slope[first + p] = ds;  // read only where `exact` says
                bits |= std::uint64_t{second} << (4 * p);
            }
        if (!slopes_fit) t.sloped = false;
        t.bits |= bits << t.used;
        t.with_diff |= static_cast<std::uint16_t>(exact << first);
        t.used += 4 * pairs;
        put_in_places<N>(in, in_s, place, xs, ss);
        return;
    }
    std::uint64_t bits = t.bits;
    unsigned used = t.used;
    std::uint16_t with_diff = t.with_diff;
    std::uint32_t place[N] = {};
    std::int64_t in[N], in_s[N];
    for (std::uint32_t i = 0; i < N; ++i) in[i] = xs[i], in_s[i] = ss[i];
    for (std::uint32_t i = 0; i + 1 < N; ++i)
        for (std::uint32_t j = i + 1; j < N; ++j) {
            std::int64_t d, ds;
            const bool exact = !__builtin_sub_overflow(in[j], in[i], &d);
            if (__builtin_sub_overflow(in_s[j], in_s[i], &ds)) t.sloped = false;
            const bool second = in[j] < in[i];
            place[i] += second;
            place[j] += !second;
            // as Trace::add(second, d, exact, ds)
            if (exact && used < 64) t.diff[used / 4] = d, t.diff_slope[used / 4] = ds, with_diff |= std::uint16_t(1u << (used / 4));
            if (used > 60) used = 64;
            else bits |= std::uint64_t{second} << used, used += 4;
        }
    t.bits = bits, t.used = used, t.with_diff = with_diff;
    put_in_places<N>(in, in_s, place, xs, ss);
}

}  // namespace grundy::intpath
