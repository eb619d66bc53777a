// Operations on values. Each throws ValueError with a message a user can
// act on; the caller (compiled code) adds the source location.
#pragma once

#include "value.hpp"

namespace grundy::ops {

// Checked 64-bit integer arithmetic: overflow is an error, never a wrap.
std::int64_t add(std::int64_t a, std::int64_t b);
std::int64_t sub(std::int64_t a, std::int64_t b);
std::int64_t mul(std::int64_t a, std::int64_t b);
std::int64_t floor_div(std::int64_t a, std::int64_t b);  // rounds towards -infinity
std::int64_t floor_mod(std::int64_t a, std::int64_t b);  // has the sign of b
std::int64_t shl(std::int64_t a, std::int64_t b);
std::int64_t shr(std::int64_t a, std::int64_t b);
std::int64_t neg(std::int64_t a);
std::int64_t pow(std::int64_t base, std::int64_t exponent);  // exponent >= 0
std::int64_t isqrt(std::int64_t n);  // the floor of the square root, exact; n >= 0
std::int64_t fib(std::int64_t n);    // fib(0) = 0, fib(1) = 1; 0 <= n <= 92

// `+` on ints, strings, lists, tuples (concatenation), sets (union) and
// positions (disjunctive sum); `-` on ints and sets (difference).
Value plus(const Value& a, const Value& b);
Value minus(const Value& a, const Value& b);
Value times(const Value& a, const Value& b);
Value bit_op(char op, const Value& a, const Value& b);  // '&', '|', '^' on ints; '&' '|' on sets too

bool contains(const Value& container, const Value& x);  // `x in container`
// `base[i]`, negative counts from the end; `base[a..b]`: elements a to b
// inclusive (a slice, of the base's kind), empty when b = a - 1.
Value index(const Value& base, const Value& i);
std::int64_t length(const Value& v);

// Calls f(item) for each element of an iterable (range, tuple, list, set,
// string); f returns false to stop early.
template <typename F> void for_each(const Value& xs, F&& f);
// Called every 2^16 items of a range that for_each walks (`sum(0..10^18)`),
// so that a long loop in a builtin can be stopped: the runtime polls its
// interrupt flag here.
inline void (*range_poll)() = nullptr;

std::int64_t expect_int(const Value& v, const char* what);
bool expect_bool(const Value& v, const char* what);

// ---- template implementation ----------------------------------------------
void not_iterable(const Value& v);
std::size_t utf8_length(const std::string& s);
Value next_char(const std::string& s, std::size_t& pos);  // the character at byte pos; advances pos
Value char_at(const Value& s, std::size_t i);              // the i-th character

template <typename F> void for_each(const Value& xs, F&& f) {
    switch (xs.kind()) {
        case Kind::range:
            for (std::int64_t i = xs.range().lo, hi = xs.range().hi; i <= hi; ++i) {
                if (!f(Value::integer(i))) return;
                if (i == hi) return;  // hi may be INT64_MAX
                if ((i & 0xFFFF) == 0xFFFF && range_poll) range_poll();
            }
            return;
        case Kind::tuple:
        case Kind::list:
        case Kind::set:
            if (xs.seq().packed()) {  // read in place, not unpacked
                for (std::uint32_t i = 0; i < xs.seq().size; ++i)
                    if (!f(xs.seq()[i])) return;
                return;
            }
            for (const Value& v : xs.seq())
                if (!f(v)) return;
            return;
        case Kind::string:
            for (std::size_t pos = 0; pos < xs.str().text.size();)
                if (!f(next_char(xs.str().text, pos))) return;
            return;
        default: not_iterable(xs);
    }
}

}  // namespace grundy::ops
