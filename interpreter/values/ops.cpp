#include "ops.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace grundy::ops {

namespace {

[[noreturn]] void overflow(const char* op) {
    throw ValueError(fmt::format("integer overflow in '{}': the result does not fit in 64 bits", op));
}

[[noreturn]] void mismatch(const char* op, const Value& a, const Value& b) {
    throw ValueError(fmt::format("type mismatch: cannot apply '{}' to {} and {}", op, kind_name(a.kind()),
                                 kind_name(b.kind())));
}

}  // namespace

std::int64_t add(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_add_overflow(a, b, &r)) overflow("+");
    return r;
}
std::int64_t sub(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_sub_overflow(a, b, &r)) overflow("-");
    return r;
}
std::int64_t mul(std::int64_t a, std::int64_t b) {
    std::int64_t r;
    if (__builtin_mul_overflow(a, b, &r)) overflow("*");
    return r;
}
std::int64_t floor_div(std::int64_t a, std::int64_t b) {
    if (b == 0) throw ValueError("division by zero");
    if (a == INT64_MIN && b == -1) overflow("/");
    std::int64_t q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
    return q;
}
std::int64_t pow(std::int64_t base, std::int64_t exponent) {
    if (exponent < 0) throw ValueError(fmt::format("a negative power ({} ** {}) is not an int", base, exponent));
    std::int64_t r = 1;
    // Squaring past the last bit would overflow needlessly: square only while bits remain.
    for (;;) {
        bool overflow = (exponent & 1) && __builtin_mul_overflow(r, base, &r);
        exponent >>= 1;
        if (!exponent && !overflow) return r;
        if (overflow || __builtin_mul_overflow(base, base, &base))
            throw ValueError("integer overflow in '**': the result does not fit in 64 bits");
    }
}

std::int64_t isqrt(std::int64_t n) {
    if (n < 0) throw ValueError("isqrt() of a negative number");
    // A double holds n exactly below 2^52, and its square root is then
    // within one of the answer; past that, long double's.
    auto r = n < (std::int64_t{1} << 52) ? static_cast<std::int64_t>(__builtin_sqrt(static_cast<double>(n)))
                                         : static_cast<std::int64_t>(__builtin_sqrtl(static_cast<long double>(n)));
    while (r > 0 && (r > 3037000499 || r * r > n)) --r;
    while (r < 3037000499 && (r + 1) * (r + 1) <= n) ++r;
    return r;
}
std::int64_t fib(std::int64_t n) {
    if (n < 0) throw ValueError("fib() needs n >= 0");
    if (n > 92) throw ValueError(fmt::format("fib({}) does not fit in 64 bits (the largest is fib(92))", n));
    std::int64_t x = 0, y = 1;  // fib(i), fib(i + 1); the last step does not need fib(n + 1)
    for (std::int64_t i = 0; i < n; ++i) {
        std::int64_t t = i + 1 < n ? x + y : 0;
        x = y;
        y = t;
    }
    return x;
}
std::int64_t floor_mod(std::int64_t a, std::int64_t b) {
    if (b == 0) throw ValueError("division by zero in '%'");
    if (b == -1) return 0;
    std::int64_t r = a % b;
    if (r != 0 && ((r < 0) != (b < 0))) r += b;
    return r;
}
std::int64_t shl(std::int64_t a, std::int64_t b) {
    if (b < 0) throw ValueError("negative shift count");
    if (a == 0) return 0;
    if (b >= 64) overflow("<<");
    __int128 r = static_cast<__int128>(a) * (static_cast<__int128>(1) << b);
    if (r > INT64_MAX || r < INT64_MIN) overflow("<<");
    return static_cast<std::int64_t>(r);
}
std::int64_t shr(std::int64_t a, std::int64_t b) {
    if (b < 0) throw ValueError("negative shift count");
    return b >= 63 ? (a < 0 ? -1 : 0) : a >> b;
}
std::int64_t neg(std::int64_t a) {
    if (a == INT64_MIN) overflow("-");
    return -a;
}

namespace {

Value concat(Kind k, const SeqObj& a, const SeqObj& b) { return make_seq(k, a.span(), b.span()); }

Value set_union(const SeqObj& a, const SeqObj& b) {
    std::vector<Value> out;
    out.reserve(a.size + b.size);
    std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return make_seq(Kind::set, out);
}

Value set_difference(const SeqObj& a, const SeqObj& b) {
    std::vector<Value> out;
    out.reserve(a.size);
    std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return make_seq(Kind::set, out);
}

Value set_intersection(const SeqObj& a, const SeqObj& b) {
    std::vector<Value> out;
    std::set_intersection(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
    return make_seq(Kind::set, out);
}

}  // namespace

Value plus(const Value& a, const Value& b) {
    if (a.kind() == b.kind()) {
        switch (a.kind()) {
            case Kind::integer: return Value::integer(add(a.as_int(), b.as_int()));
            case Kind::string: return make_string(a.str().text + b.str().text);
            case Kind::list:
            case Kind::tuple: return concat(a.kind(), a.seq(), b.seq());
            case Kind::set: return set_union(a.seq(), b.seq());
            case Kind::position: {
                if (a.pos().misere || b.pos().misere)
                    throw ValueError("cannot add misère positions: write misere(p + q) to play a sum under misère rules");
                Components parts = a.pos().parts;
                parts.insert(parts.end(), b.pos().parts.begin(), b.pos().parts.end());
                return make_position(std::move(parts), false);
            }
            default: break;
        }
    }
    mismatch("+", a, b);
}

Value minus(const Value& a, const Value& b) {
    if (a.is(Kind::integer) && b.is(Kind::integer)) return Value::integer(sub(a.as_int(), b.as_int()));
    if (a.is(Kind::set) && b.is(Kind::set)) return set_difference(a.seq(), b.seq());
    mismatch("-", a, b);
}

Value times(const Value& a, const Value& b) {
    if (a.is(Kind::integer) && b.is(Kind::integer)) return Value::integer(mul(a.as_int(), b.as_int()));
    mismatch("*", a, b);
}

Value bit_op(char op, const Value& a, const Value& b) {
    const char name[2] = {op, 0};
    if (a.is(Kind::integer) && b.is(Kind::integer)) {
        std::int64_t x = a.as_int(), y = b.as_int();
        return Value::integer(op == '&' ? (x & y) : op == '|' ? (x | y) : (x ^ y));
    }
    if (a.is(Kind::set) && b.is(Kind::set) && op != '^')
        return op == '&' ? set_intersection(a.seq(), b.seq()) : set_union(a.seq(), b.seq());
    if (op == '^') {
        // The nim-sum of loopy values (Smith): ∞{K} ^ n is ∞{K ^ n}, and
        // two infinite values give ∞{}.
        if (a.is(Kind::infinite) && b.is(Kind::infinite)) return make_infinite({});
        if (a.is(Kind::infinite) && b.is(Kind::integer)) {
            if (b.as_int() < 0) throw ValueError(fmt::format("the nim-sum of {} and a negative int, {}", repr(a), b.as_int()));
            std::vector<Value> k;
            for (const Value& x : a.seq()) k.push_back(Value::integer(x.as_int() ^ b.as_int()));
            return make_infinite(std::move(k));
        }
        if (a.is(Kind::integer) && b.is(Kind::infinite)) return bit_op(op, b, a);
    }
    mismatch(name, a, b);
}

bool contains(const Value& c, const Value& x) {
    switch (c.kind()) {
        case Kind::set: return std::binary_search(c.seq().begin(), c.seq().end(), x);
        case Kind::list:
        case Kind::tuple: return std::find(c.seq().begin(), c.seq().end(), x) != c.seq().end();
        case Kind::range: return x.is(Kind::integer) && x.as_int() >= c.range().lo && x.as_int() <= c.range().hi;
        case Kind::string:
            if (!x.is(Kind::string)) mismatch("in", x, c);
            return c.str().text.find(x.str().text) != std::string::npos;
        default: throw ValueError(fmt::format("'in' needs a collection on its right, not {}", kind_name(c.kind())));
    }
}

std::int64_t length(const Value& v) {
    switch (v.kind()) {
        case Kind::tuple:
        case Kind::list:
        case Kind::set: return v.seq().size;
        case Kind::string: return static_cast<std::int64_t>(utf8_length(v.str().text));
        case Kind::range: return v.range().count();
        case Kind::position: return static_cast<std::int64_t>(v.pos().parts.size());
        default: throw ValueError(fmt::format("len() needs a collection, not {}", kind_name(v.kind())));
    }
}

// Strings are UTF-8; len, indexing and iteration count characters (code
// points), as diagnostics count columns.
std::size_t utf8_length(const std::string& s) {
    std::size_t n = 0;
    for (char c : s) n += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    return n;
}

Value next_char(const std::string& s, std::size_t& pos) {
    std::size_t start = pos++;
    while (pos < s.size() && (static_cast<unsigned char>(s[pos]) & 0xC0) == 0x80) ++pos;
    return make_string(s.substr(start, pos - start));
}

Value char_at(const Value& s, std::size_t i) {
    const std::string& text = s.str().text;
    std::size_t pos = 0;
    for (std::size_t k = 0; k < i; ++k) next_char(text, pos);
    return next_char(text, pos);
}

namespace {

Value slice(const Value& base, const RangeObj& r) {
    std::int64_t n;
    switch (base.kind()) {
        case Kind::tuple:
        case Kind::list:
        case Kind::string: n = length(base); break;
        case Kind::range: n = base.range().count(); break;
        default: throw ValueError(fmt::format("cannot slice {}", kind_name(base.kind())));
    }
    if (r.lo < 0 || r.lo > n || r.hi >= n || r.hi < r.lo - 1)
        throw ValueError(fmt::format("the slice [{}..{}] is out of range for {} of length {} (it takes a..b with "
                                     "0 <= a <= b + 1 <= {})",
                                     r.lo, r.hi, kind_name(base.kind()), n, n));
    auto lo = static_cast<std::size_t>(r.lo), count = static_cast<std::size_t>(r.hi - r.lo + 1);
    switch (base.kind()) {
        case Kind::range: return make_range(base.range().lo + r.lo, base.range().lo + r.hi);
        case Kind::string: {
            const std::string& text = base.str().text;
            std::size_t pos = 0;
            for (std::size_t k = 0; k < lo; ++k) next_char(text, pos);
            std::size_t start = pos;
            for (std::size_t k = 0; k < count; ++k) next_char(text, pos);
            return make_string(text.substr(start, pos - start));
        }
        default: return make_seq(base.kind(), std::span<const Value>(base.seq().begin() + lo, count));
    }
}

}  // namespace

Value index(const Value& base, const Value& iv) {
    if (iv.is(Kind::range)) return slice(base, iv.range());
    if (!iv.is(Kind::integer))
        throw ValueError(fmt::format("an index must be an int, not {}", kind_name(iv.kind())));
    if (base.is(Kind::range)) {
        // Exact even for ranges too long to count: 128-bit arithmetic.
        __int128 lo = base.range().lo, hi = base.range().hi, i = iv.as_int();
        __int128 count = hi < lo ? 0 : hi - lo + 1;
        if (i < -count || i >= count)
            throw ValueError(fmt::format("index {} is out of range for a range of {} ints", iv.as_int(),
                                         count > INT64_MAX ? std::string("more than 2^63") : std::to_string(static_cast<std::int64_t>(count))));
        return Value::integer(static_cast<std::int64_t>(i < 0 ? hi + 1 + i : lo + i));
    }
    std::int64_t n;
    switch (base.kind()) {
        case Kind::tuple:
        case Kind::list:
        case Kind::set:
        case Kind::string: n = length(base); break;
        case Kind::position:
            throw ValueError("cannot index a position: state(p) is its state (an int, a tuple, a list...), which can be");
        default: throw ValueError(fmt::format("cannot index {}", kind_name(base.kind())));
    }
    std::int64_t i = iv.as_int();
    if (i < -n || i >= n)
        throw ValueError(fmt::format("index {} is out of range for {} of length {}", i, kind_name(base.kind()), n));
    if (i < 0) i += n;
    switch (base.kind()) {
        case Kind::string: return char_at(base, static_cast<std::size_t>(i));
        default: return base.seq()[static_cast<std::size_t>(i)];
    }
}

void not_iterable(const Value& v) {
    throw ValueError(fmt::format("cannot iterate over {}", kind_name(v.kind())));
}

std::int64_t expect_int(const Value& v, const char* what) {
    if (!v.is(Kind::integer)) throw ValueError(fmt::format("{} must be an int, not {}", what, kind_name(v.kind())));
    return v.as_int();
}

bool expect_bool(const Value& v, const char* what) {
    if (!v.is(Kind::boolean)) throw ValueError(fmt::format("{} must be a bool, not {}", what, kind_name(v.kind())));
    return v.as_bool();
}

}  // namespace grundy::ops
