#include "builtins.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "instance.hpp"
#include "period.hpp"
#include "queries.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy {

namespace {

using Args = std::span<const Value>;

std::vector<Value> items_of(const Value& xs) {
    std::vector<Value> out;
    ops::for_each(xs, [&](const Value& v) {
        out.push_back(v);
        return true;
    });
    return out;
}

Value b_len(Context&, Args a) { return Value::integer(ops::length(a[0])); }

// The first largest (smallest) item, read in place: no copy of a long list.
Value extreme(Args a, bool want_max) {
    Value best;  // a copy: a range or a string hands out items made on the fly
    bool any = false;
    auto take = [&](const Value& v) {
        if (!any || (want_max ? best < v : v < best)) best = v, any = true;
        return true;
    };
    if (a.size() == 1) ops::for_each(a[0], take);
    else
        for (const Value& v : a) take(v);
    if (!any) throw ValueError(want_max ? "max() of an empty collection" : "min() of an empty collection");
    return best;
}
Value b_min(Context&, Args a) { return extreme(a, false); }
Value b_max(Context&, Args a) { return extreme(a, true); }

// Read in place, ints added without making a Value each.
Value b_sum(Context&, Args a) {
    Value acc;
    bool first = true;
    ops::for_each(a[0], [&](const Value& v) {
        std::int64_t r;
        if (first) acc = v, first = false;
        else if (acc.is(Kind::integer) && v.is(Kind::integer) && !__builtin_add_overflow(acc.as_int(), v.as_int(), &r))
            acc = Value::integer(r);
        else acc = ops::plus(acc, v);
        return true;
    });
    return first ? Value::integer(0) : acc;
}

Value b_abs(Context&, Args a) {
    std::int64_t x = ops::expect_int(a[0], "the argument of abs()");
    return Value::integer(x < 0 ? ops::neg(x) : x);
}

Value b_sorted(Context&, Args a) {
    std::vector<Value> xs = items_of(a[0]);
    std::sort(xs.begin(), xs.end());
    return make_list(std::move(xs));
}

Value b_reversed(Context&, Args a) {
    std::vector<Value> xs = items_of(a[0]);
    std::reverse(xs.begin(), xs.end());
    return make_list(std::move(xs));
}

Value b_mex(Context&, Args a) {
    std::vector<bool> seen;
    ops::for_each(a[0], [&](const Value& v) {
        std::int64_t x = ops::expect_int(v, "each element given to mex()");
        if (x < 0) throw ValueError("mex() is defined on sets of non-negative ints");
        if (static_cast<std::uint64_t>(x) < (1u << 26)) {
            if (seen.size() <= static_cast<std::size_t>(x)) seen.resize(x + 1);
            seen[x] = true;
        }
        return true;
    });
    std::size_t m = 0;
    while (m < seen.size() && seen[m]) ++m;
    return Value::integer(static_cast<std::int64_t>(m));
}

Value b_nim_sum(Context&, Args a) {
    std::int64_t x = 0;
    ops::for_each(a[0], [&](const Value& v) {
        x ^= ops::expect_int(v, "each element given to nim_sum()");
        return true;
    });
    return Value::integer(x);
}

Value b_fib(Context&, Args a) { return Value::integer(ops::fib(ops::expect_int(a[0], "the argument of fib()"))); }

Value b_is_fib(Context&, Args a) {
    std::int64_t n = ops::expect_int(a[0], "the argument of is_fib()");
    std::int64_t x = 0, y = 1;
    while (x < n) {
        std::int64_t t;
        if (__builtin_add_overflow(x, y, &t)) return Value::boolean(false);
        x = y;
        y = t;
    }
    return Value::boolean(x == n);
}

Value b_update(Context&, Args a) {
    if (!a[0].is(Kind::list) && !a[0].is(Kind::tuple))
        throw ValueError(fmt::format("update() needs a list or a tuple, not {}", kind_name(a[0].kind())));
    ops::index(a[0], a[1]);  // checks the index
    std::int64_t n = a[0].seq().size, i = a[1].as_int();
    std::vector<Value> xs(a[0].seq().begin(), a[0].seq().end());
    xs[i < 0 ? i + n : i] = a[2];
    return make_seq(a[0].kind(), xs);
}

Value b_str(Context&, Args a) { return make_string(display(a[0])); }

Value b_join(Context&, Args a) {
    if (!a[1].is(Kind::string))
        throw ValueError(fmt::format("join() takes the separator as a string, not {}", kind_name(a[1].kind())));
    std::string out;
    bool first = true;
    ops::for_each(a[0], [&](const Value& v) {
        if (!first) out += a[1].str().text;
        first = false;
        out += display(v);
        return true;
    });
    return make_string(std::move(out));
}

Value b_zip(Context&, Args a) {
    std::vector<Value> xs = items_of(a[0]), ys = items_of(a[1]);
    std::vector<Value> out;
    out.reserve(std::min(xs.size(), ys.size()));
    for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
        Value pair[] = {xs[i], ys[i]};
        out.push_back(grundy::make_tuple(pair));
    }
    return make_list(std::move(out));
}

Value b_enumerate(Context&, Args a) {
    std::vector<Value> out;
    std::int64_t i = 0;
    ops::for_each(a[0], [&](const Value& v) {
        Value pair[] = {Value::integer(i++), v};
        out.push_back(grundy::make_tuple(pair));
        return true;
    });
    return make_list(std::move(out));
}

// The operators as functions of two arguments, for fold().
Value b_add(Context&, Args a) { return ops::plus(a[0], a[1]); }
Value b_mul(Context&, Args a) { return ops::times(a[0], a[1]); }
Value b_xor(Context&, Args a) { return ops::bit_op('^', a[0], a[1]); }

// Compiled where it is called (nodes::FoldCall), since its first argument
// names a function; the entry gives its arity and its help.
Value b_fold(Context&, Args) { throw ValueError("internal error: fold() runs where it is compiled"); }

Value b_forget(Context& ctx, Args a) {
    if (!a[0].is(Kind::rules))
        throw ValueError(fmt::format("forget() takes a ruleset (G(S) for a game with rule parameters, G for one "
                                     "without), not {}",
                                     kind_name(a[0].kind())));
    ctx.forget(*static_cast<Instance*>(a[0].rules().game));
    return Value::boolean(true);
}

Value b_state(Context&, Args a) {
    if (!a[0].is(Kind::position))
        throw ValueError(fmt::format("state() takes a position, not {}", kind_name(a[0].kind())));
    const PosObj& p = a[0].pos();
    if (p.parts.size() != 1)
        throw ValueError(fmt::format("state() takes a position of one game, not a sum of {}", p.parts.size()));
    return p.parts[0].game->state(p.parts[0].state);
}

Value b_int(Context&, Args a) {
    if (a[0].is(Kind::integer)) return a[0];
    if (a[0].is(Kind::boolean)) return Value::integer(a[0].as_bool());
    if (!a[0].is(Kind::string)) throw ValueError(fmt::format("int() cannot convert {}", kind_name(a[0].kind())));
    const std::string& s = a[0].str().text;
    std::size_t i = 0;
    bool negative = !s.empty() && s[0] == '-';
    if (negative) i = 1;
    if (i >= s.size()) throw ValueError(fmt::format("int() cannot read \"{}\" as an int", s));
    std::int64_t v = 0;
    for (; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') throw ValueError(fmt::format("int() cannot read \"{}\" as an int", s));
        v = ops::add(ops::mul(v, 10), negative ? -(s[i] - '0') : s[i] - '0');
    }
    return Value::integer(v);
}

Value b_isqrt(Context&, Args a) {
    return Value::integer(ops::isqrt(ops::expect_int(a[0], "the argument of isqrt()")));
}

Value quantifier(Args a, bool want_all) {
    bool result = want_all;
    ops::for_each(a[0], [&](const Value& v) {
        bool b = ops::expect_bool(v, want_all ? "each element given to all()" : "each element given to any()");
        if (b != want_all) {
            result = !want_all;
            return false;
        }
        return true;
    });
    return Value::boolean(result);
}
Value b_any(Context&, Args a) { return quantifier(a, false); }
Value b_all(Context&, Args a) { return quantifier(a, true); }

Value b_list(Context&, Args a) { return make_list(items_of(a[0])); }
Value b_set(Context&, Args a) { return make_set(items_of(a[0])); }
Value b_tuple(Context&, Args a) { return grundy::make_tuple(items_of(a[0])); }

Value b_count(Context&, Args a) {
    std::int64_t n = 0;
    if (a[0].is(Kind::list) && a[0].seq().packed()) {  // each distinct value compared once
        const PackedItems& p = a[0].seq().packed_items();
        bool equal[PackedItems::max_distinct];
        for (std::uint32_t c = 0; c < p.distinct; ++c) equal[c] = p.values[c] == a[1];
        for (std::uint32_t i = 0; i < a[0].seq().size; ++i) n += equal[p.codes()[i]];
        return Value::integer(n);
    }
    // Values are immutable: a list of a few shared objects (outcome()'s
    // "P", "N" and "D") compares each object once, not each element. Only
    // where the collection holds its items: a string's characters are made
    // one at a time, and may share an address.
    const void* seen[4] = {};
    bool equal[4] = {};
    std::size_t next = 0;
    const bool held = a[0].is(Kind::list) || a[0].is(Kind::tuple) || a[0].is(Kind::set);
    ops::for_each(a[0], [&](const Value& v) {
        if (held && v.is_heap()) {
            std::size_t i = 0;
            while (i < 4 && seen[i] != v.object()) ++i;
            if (i == 4) {
                i = next++ % 4;
                seen[i] = v.object();
                equal[i] = v == a[1];
            }
            n += equal[i];
        } else {
            n += v == a[1];
        }
        return true;
    });
    return Value::integer(n);
}

// The digits of a take-and-break code "d0.d1d2...dk": octal, or
// hexadecimal with a-f (8: the rest may be left as three heaps). d0 is 0,
// 4, 8 or c: a move that removes nothing must split the heap.
Value b_code_digits(Context&, Args a) {
    if (!a[0].is(Kind::string)) throw ValueError(fmt::format("code_digits() needs a string, not {}", repr(a[0])));
    const std::string& s = a[0].str().text;
    auto bad = [&](const std::string& why) {
        return ValueError(fmt::format("\"{}\" is not a take-and-break code: {} (a code is d0.d1d2... with digits "
                                      "0-9 and a-f, as \"0.77\" or \"4.7\")",
                                      s, why));
    };
    const std::size_t point = s.find('.');
    if (point == std::string::npos) throw bad("it has no point");
    if (point > 1) throw bad("it has more than one digit before the point");
    std::vector<Value> digits;
    if (point == 0) digits.push_back(Value::integer(0));  // ".77" is "0.77"
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (i == point) continue;
        const int d = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'a' && c <= 'f' ? c - 'a' + 10
                      : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                             : -1;
        if (d < 0) throw bad(c == '.' ? "it has a second point" : fmt::format("'{}' is not a digit", c));
        if (i == 0 && (d & 3) != 0)
            throw bad(fmt::format("d0 = {} would let a move remove nothing and leave the heap (d0 is 0, 4, 8 or c)", c));
        digits.push_back(Value::integer(d));
    }
    return make_list(std::move(digits));
}

Value b_read_int(Context& ctx, Args) {
    std::int64_t v;
    if (!ctx.read_int(v)) throw ValueError("read_int(): no more integers on standard input");
    return Value::integer(v);
}

Value b_read_ints(Context& ctx, Args) {
    std::vector<Value> xs;
    std::int64_t v;
    while (ctx.read_int(v)) xs.push_back(Value::integer(v));
    return make_list(std::move(xs));
}

// period(g) and period(g, t) of a take-and-break ruleset: values from the
// heap engine, more at a time, until the Guy-Smith theorem proves a period.
Value proved_period(Context& ctx, Args a) {
    auto* inst = static_cast<Instance*>(a[0].rules().game);
    HeapEngine* e = inst->heap_engine();
    if (!e)
        throw ValueError(fmt::format("period() needs the rules of a game of one heap whose options are heaps and sums "
                                     "of two heaps (a take-and-break game); {} is not one",
                                     repr(a[0])));
    if (!e->provable())
        throw ValueError(fmt::format("period(): the rules of {} read the heap otherwise than a take-and-break game's "
                                     "(a terminal rule, a test of the heap or of a part), so no period follows from "
                                     "finitely many values; period([sg(...) for n in 0..N]) finds an apparent one",
                                     repr(a[0])));
    const bool given = a.size() == 2;
    const std::int64_t t = given ? ops::expect_int(a[1], "period()'s t") : 0;
    if (given && t < 0) throw ValueError(fmt::format("period()'s t must be at least 0, not {}", t));
    const std::uint64_t limit =
        std::min<std::uint64_t>(ctx.solver.room(), StateTable::first_general);
    std::uint64_t size = 256;
    for (;;) {
        size = std::min(size, limit);
        if (!e->extend(static_cast<std::int64_t>(size) - 1))
            throw ValueError(fmt::format("period(): an option of heap {} of {} is not a smaller heap or a sum of two",
                                         e->stopped_at(), repr(a[0])));
        std::int64_t removes = e->max_removal();
        if (!given) {
            const auto bound = e->removal_bound();
            if (!bound)
                throw ValueError(fmt::format("period(): the moves of {} remove more tokens from larger heaps; give "
                                             "the most a move removes as period(g, t)",
                                             repr(a[0])));
            removes = *bound;
        }
        if (given && removes > t)
            throw ValueError(fmt::format("period(): a move of {} removes {} tokens, more than t = {}", repr(a[0]),
                                         removes, t));
        Period p = prove_period(e->values(), given ? t : removes, static_cast<std::int64_t>(e->max_parts()));
        if (p.found()) {
            Value parts[] = {Value::integer(static_cast<std::int64_t>(p.period)),
                             Value::integer(static_cast<std::int64_t>(p.start))};
            return grundy::make_tuple(parts);
        }
        if (size >= limit)
            throw ValueError(fmt::format("period(): no period of {} proved by the values of heaps 0..{} (the state "
                                         "limit is {}; raise it with --max-states)",
                                         repr(a[0]), size - 1, ctx.solver.max_states()));
        size *= 2;
    }
}

Value b_period(Context& ctx, Args a) {
    if (a[0].is(Kind::rules)) return proved_period(ctx, a);
    if (a.size() == 2) throw ValueError("period(xs, t): t is for a ruleset; period(xs) takes a list alone");
    std::vector<Value> xs = items_of(a[0]);
    Period p = find_period(xs);
    if (!p.found()) return grundy::make_tuple({});
    Value parts[] = {Value::integer(static_cast<std::int64_t>(p.period)),
                     Value::integer(static_cast<std::int64_t>(p.start))};
    return grundy::make_tuple(parts);
}

const Builtin table[] = {
    {"len", 1, 1, b_len, "len(xs)", "the number of elements (characters of a string, parts of a sum)"},
    {"min", 1, -1, b_min, "min(xs) or min(a, b, ...)", "the least element"},
    {"max", 1, -1, b_max, "max(xs) or max(a, b, ...)", "the greatest element"},
    {"sum", 1, 1, b_sum, "sum(xs)", "the sum of ints, or the disjunctive sum of positions"},
    {"abs", 1, 1, b_abs, "abs(n)", "the absolute value"},
    {"sorted", 1, 1, b_sorted, "sorted(xs)", "the elements as a sorted list"},
    {"reversed", 1, 1, b_reversed, "reversed(xs)", "the elements as a list in reverse order"},
    {"mex", 1, 1, b_mex, "mex(xs)", "the least non-negative int not in xs"},
    {"nim_sum", 1, 1, b_nim_sum, "nim_sum(xs)", "the xor of the ints in xs"},
    {"fib", 1, 1, b_fib, "fib(n)", "the n-th Fibonacci number: fib(0) = 0, fib(1) = 1"},
    {"is_fib", 1, 1, b_is_fib, "is_fib(n)", "whether n is a Fibonacci number"},
    {"update", 3, 3, b_update, "update(xs, i, v)", "a copy of the list or tuple xs with xs[i] replaced by v"},
    {"str", 1, 1, b_str, "str(x)", "x as text, as print shows it"},
    {"join", 2, 2, b_join, "join(xs, sep)", "the elements as text (as print shows them) with sep between them"},
    {"zip", 2, 2, b_zip, "zip(xs, ys)", "the list of pairs (xs[i], ys[i]), as long as the shorter"},
    {"enumerate", 1, 1, b_enumerate, "enumerate(xs)", "the list of pairs (i, xs[i])"},
    {"fold", 3, 3, b_fold, "fold(f, init, xs)",
     "f(...f(f(init, x0), x1)..., xn): f names a function of two arguments, such as add"},
    {"add", 2, 2, b_add, "add(a, b)", "a + b, as a function (for fold)"},
    {"mul", 2, 2, b_mul, "mul(a, b)", "a * b, as a function (for fold)"},
    {"xor", 2, 2, b_xor, "xor(a, b)", "a ^ b, as a function (for fold)"},
    {"forget", 1, 1, b_forget, "forget(g)",
     "drops what was solved for the ruleset g (memory for the next test case); true"},
    {"state", 1, 1, b_state, "state(p)", "the state of a position of one game: an int, a tuple, a list..."},
    {"int", 1, 1, b_int, "int(s)", "the int written in the string s"},
    {"isqrt", 1, 1, b_isqrt, "isqrt(n)", "the floor of the square root of n >= 0, exact"},
    {"any", 1, 1, b_any, "any(xs)", "whether some element of a collection of bools is true"},
    {"all", 1, 1, b_all, "all(xs)", "whether every element of a collection of bools is true"},
    {"list", 1, 1, b_list, "list(xs)", "the elements as a list"},
    {"set", 1, 1, b_set, "set(xs)", "the elements as a set"},
    {"tuple", 1, 1, b_tuple, "tuple(xs)", "the elements as a tuple"},
    {"count", 2, 2, b_count, "count(xs, x)", "how many elements of xs equal x"},
    {"period", 1, 2, b_period, "period(xs) or period(g, t)",
     "(p, k) when xs is periodic with period p from index k on, else (); for a take-and-break ruleset g, the "
     "period proved by the Guy-Smith theorem (t: the most tokens a move removes)"},
    {"code_digits", 1, 1, b_code_digits, "code_digits(code)",
     "the digits [d0, d1, ...] of a take-and-break code \"d0.d1d2...\" (octal, or hexadecimal with a-f)"},
    {"read_int", 0, 0, b_read_int, "read_int()", "the next int on standard input"},
    {"read_ints", 0, 0, b_read_ints, "read_ints()", "all remaining ints on standard input, as a list"},
    {"sg", 1, 1, query_sg, "sg(p)", "the Sprague-Grundy value of a position or sum (∞{K} in a loopy game)"},
    {"outcome", 1, 1, query_outcome, "outcome(p)",
     "\"P\" if the player to move loses, \"N\" if they win, \"D\" if neither can force a win"},
    {"remoteness", 1, 1, query_remoteness, "remoteness(p)",
     "how many moves the game lasts when the winner hurries and the loser delays (∞ at a draw)"},
    {"misere", 1, 1, query_misere, "misere(p)", "p played so that whoever moves last loses"},
    {"moves", 1, 1, query_moves, "moves(p)", "the positions one move away from p"},
    {"winning_moves", 1, 1, query_winning_moves, "winning_moves(p)", "the moves of p that leave a P-position"},
};

}  // namespace

const Builtin* find_builtin(std::string_view name) {
    for (const Builtin& b : table)
        if (name == b.name) return &b;
    return nullptr;
}

std::span<const Builtin> all_builtins() { return table; }

}  // namespace grundy
