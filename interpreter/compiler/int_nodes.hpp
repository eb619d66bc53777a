// Node types of the int fast path (see runtime/int_game.hpp). Arithmetic is
// checked exactly as in the generic path, with the same messages.
#pragma once

#include <algorithm>
#include <boost/container/small_vector.hpp>
#include <fmt/format.h>

#include "interpreter/runtime/int_game.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy::intpath {

template <typename F> std::int64_t checked(const Int& at, F&& f) {
    try {
        return f();
    } catch (const ValueError& e) {
        fail(at.loc, e.what(), at.length);
    }
}

struct Const final : Int {
    std::int64_t value;
    Const(Loc l, std::uint32_t n, std::int64_t v) : Int(l, n), value(v) {}
    std::int64_t eval(const Frame&) const override { return value; }
    std::int64_t eval_traced(const Frame&, Trace& t) const override {
        t.slope = 0;
        return value;
    }
    Emitter::V emit(Emitter& e) const override { return e.constant(value); }
};

struct Reg final : Int {
    std::uint32_t reg;
    Reg(Loc l, std::uint32_t n, std::uint32_t r) : Int(l, n), reg(r) {}
    std::int64_t eval(const Frame& f) const override { return f.r[reg]; }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        t.slope = t.slope_of(reg);
        return f.r[reg];
    }
    Leaf leaf() const override { return {Leaf::reg, reg, 0}; }
    Emitter::V emit(Emitter& e) const override { return e.load(reg); }
};

struct Neg final : Int {
    IntPtr x;
    Neg(Loc l, std::uint32_t n, IntPtr a) : Int(l, n), x(std::move(a)) {}
    std::int64_t eval(const Frame& f) const override { return neg(x->eval(f)); }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        const std::int64_t v = neg(x->eval_traced(f, t));
        if (t.slope == INT64_MIN) t.sloped = false, t.slope = 0;
        t.slope = -t.slope;
        t.note(v, t.slope);
        return v;
    }
    Emitter::V emit(Emitter& e) const override { return e.neg(x->emit(e)); }
    std::int64_t neg(std::int64_t v) const {
        return checked(*this, [&] { return ops::neg(v); });
    }
};

// Operands of the arithmetic nodes. A register or a constant operand is read
// in place instead of through a virtual call: most rules are `n - k`,
// `a + 1`, `k <= n`, so this removes most calls on the hot path.
struct RegOperand {
    std::uint32_t reg;
    std::int64_t get(const Frame& f) const { return f.r[reg]; }
    std::int64_t get(const Frame& f, Trace& t) const {
        t.slope = t.slope_of(reg);
        return f.r[reg];
    }
    Emitter::V emit(Emitter& e) const { return e.load(reg); }
};
struct ConstOperand {
    std::int64_t value;
    std::int64_t get(const Frame&) const { return value; }
    std::int64_t get(const Frame&, Trace& t) const {
        t.slope = 0;
        return value;
    }
    Emitter::V emit(Emitter& e) const { return e.constant(value); }
};
struct AnyOperand {
    IntPtr node;
    std::int64_t get(const Frame& f) const { return node->eval(f); }
    std::int64_t get(const Frame& f, Trace& t) const { return node->eval_traced(f, t); }
    Emitter::V emit(Emitter& e) const { return node->emit(e); }
};

// A node of final type N read without a virtual call: the comparison
// `i + j > 0` (Cmp) reads its sum in place.
template <typename N> struct InlineOperand {
    std::unique_ptr<N> node;
    std::int64_t get(const Frame& f) const { return node->N::eval(f); }
    std::int64_t get(const Frame& f, Trace& t) const { return node->N::eval_traced(f, t); }
    Emitter::V emit(Emitter& e) const { return node->emit(e); }
};

template <ast::Op op> [[gnu::always_inline]] inline std::int64_t apply(const Int& at, std::int64_t x, std::int64_t y) {
    using ast::Op;
    std::int64_t r;
    if constexpr (op == Op::add) {
        if (!__builtin_add_overflow(x, y, &r)) return r;
    } else if constexpr (op == Op::sub) {
        if (!__builtin_sub_overflow(x, y, &r)) return r;
    } else if constexpr (op == Op::mul) {
        if (!__builtin_mul_overflow(x, y, &r)) return r;
    } else if constexpr (op == Op::div || op == Op::mod) {
        // By a power of two (hashes: `% 2^32`), floor division and its
        // remainder are a shift and a mask for any x, without a divide.
        if (y > 0 && (y & (y - 1)) == 0) return op == Op::div ? x >> __builtin_ctzll(y) : x & (y - 1);
        if (x >= 0 && y > 0) return op == Op::div ? x / y : x % y;  // floor and truncation agree
    } else if constexpr (op == Op::bit_and) {
        return x & y;
    } else if constexpr (op == Op::bit_or) {
        return x | y;
    } else if constexpr (op == Op::bit_xor) {
        return x ^ y;
    } else if constexpr (op == Op::shl) {
        if (static_cast<std::uint64_t>(y) < 63 && ((x << y) >> y) == x) return x << y;
    } else if constexpr (op == Op::shr) {
        if (y >= 0) return x >> std::min<std::int64_t>(y, 63);
    }
    return checked(at, [&] {
        switch (op) {
            case Op::add: return ops::add(x, y);
            case Op::sub: return ops::sub(x, y);
            case Op::mul: return ops::mul(x, y);
            case Op::div: return ops::floor_div(x, y);
            case Op::mod: return ops::floor_mod(x, y);
            case Op::shl: return ops::shl(x, y);
            case Op::pow: return ops::pow(x, y);
            default: return ops::shr(x, y);
        }
    });
}

template <ast::Op op, typename A, typename B> struct Bin final : Int {
    A a;
    B b;
    Bin(Loc l, std::uint32_t n, A x, B y) : Int(l, n), a(std::move(x)), b(std::move(y)) {}
    std::int64_t eval(const Frame& f) const override {
        const std::int64_t x = a.get(f);  // left first, as the rules read (arguments go in any order)
        return apply<op>(*this, x, b.get(f));
    }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        const std::int64_t x = a.get(f, t), sx = t.slope;
        const std::int64_t y = b.get(f, t), sy = t.slope;
        const std::int64_t v = apply<op>(*this, x, y);
        t.slope = slope(x, sx, y, sy, t);
        t.note(v, t.slope);
        return v;
    }
    // Of x op y: exact for + - and * by a value that does not move.
    static std::int64_t slope(std::int64_t x, std::int64_t sx, std::int64_t y, std::int64_t sy, Trace& t) {
        using ast::Op;
        std::int64_t s = 0;
        bool ok = true;
        if (op == Op::add) ok = !__builtin_add_overflow(sx, sy, &s);
        else if (op == Op::sub) ok = !__builtin_sub_overflow(sx, sy, &s);
        else if (op == Op::mul) ok = sx == 0 ? !__builtin_mul_overflow(x, sy, &s) : sy == 0 && !__builtin_mul_overflow(sx, y, &s);
        else ok = sx == 0 && sy == 0;
        if (!ok) t.sloped = false;
        return s;
    }
    Emitter::V emit(Emitter& e) const override {
        if (!e.has(op)) return e.call(*this);
        const Emitter::V x = a.emit(e);
        return e.arith(op, x, b.emit(e));
    }
};

template <bool is_max, typename A, typename B> struct Extreme final : Int {
    A a;
    B b;
    Extreme(Loc l, std::uint32_t n, A x, B y) : Int(l, n), a(std::move(x)), b(std::move(y)) {}
    std::int64_t eval(const Frame& f) const override {
        std::int64_t x = a.get(f), y = b.get(f);
        return is_max ? std::max(x, y) : std::min(x, y);
    }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        const std::int64_t x = a.get(f, t), sx = t.slope;
        const std::int64_t y = b.get(f, t), sy = t.slope;
        return traced_extreme<is_max>(x, sx, y, sy, t);
    }
    Leaf leaf() const override {
        if constexpr (std::is_same_v<A, RegOperand> && std::is_same_v<B, RegOperand>)
            return {is_max ? Leaf::max : Leaf::min, a.reg, b.reg};
        return {};
    }
    Emitter::V emit(Emitter& e) const override {
        const Emitter::V x = a.emit(e);
        return e.extreme(is_max, x, b.emit(e));
    }
};

struct MinMax final : Int {
    bool is_max;
    std::vector<IntPtr> xs;
    MinMax(Loc l, std::uint32_t n, bool m) : Int(l, n), is_max(m) {}
    std::int64_t eval(const Frame& f) const override {
        std::int64_t r = xs[0]->eval(f);
        for (std::size_t i = 1; i < xs.size(); ++i) {
            std::int64_t v = xs[i]->eval(f);
            r = is_max ? std::max(r, v) : std::min(r, v);
        }
        return r;
    }
    // As a chain of two-way choices (Extreme): each argument against the
    // extreme so far.
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        std::int64_t r = xs[0]->eval_traced(f, t), sr = t.slope;
        for (std::size_t i = 1; i < xs.size(); ++i) {
            const std::int64_t v = xs[i]->eval_traced(f, t), sv = t.slope;
            std::int64_t d, ds;
            const bool exact = !(is_max ? __builtin_sub_overflow(r, v, &d) : __builtin_sub_overflow(v, r, &d));
            if (is_max ? __builtin_sub_overflow(sr, sv, &ds) : __builtin_sub_overflow(sv, sr, &ds)) t.sloped = false;
            const bool second = is_max ? v > r : v < r;
            t.add(second, d, exact, ds);
            if (second) r = v, sr = sv;
        }
        t.slope = sr;
        return r;
    }
    Emitter::V emit(Emitter& e) const override {
        Emitter::V r = xs[0]->emit(e);
        for (std::size_t i = 1; i < xs.size(); ++i) r = e.extreme(is_max, r, xs[i]->emit(e));
        return r;
    }
};

// A builtin from ints to ints (isqrt, fib), by the same function as the
// builtin, its errors located at the call.
template <std::int64_t (*F)(std::int64_t)> struct IntFn final : Int {
    IntPtr x;
    IntFn(Loc l, std::uint32_t n, IntPtr a) : Int(l, n), x(std::move(a)) {}
    std::int64_t eval(const Frame& f) const override {
        const std::int64_t v = x->eval(f);
        return checked(*this, [&] { return F(v); });
    }
};

struct Abs final : Int {
    IntPtr x;
    Abs(Loc l, std::uint32_t n, IntPtr a) : Int(l, n), x(std::move(a)) {}
    std::int64_t eval(const Frame& f) const override { return abs(x->eval(f)); }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        std::int64_t v = x->eval_traced(f, t), s = t.slope;
        t.add(v < 0, v, true, s);
        if (s == INT64_MIN) t.sloped = false, s = 0;
        t.slope = v < 0 ? -s : s;
        const std::int64_t r = abs(v);
        t.note(r, t.slope);
        return r;
    }
    std::int64_t abs(std::int64_t v) const { return v < 0 ? checked(*this, [&] { return ops::neg(v); }) : v; }
    Emitter::V emit(Emitter& e) const override { return e.abs(x->emit(e)); }
};

struct IfInt final : Int {
    BoolPtr c;
    IntPtr a, b;
    IfInt(Loc l, std::uint32_t n, BoolPtr cond, IntPtr x, IntPtr y)
        : Int(l, n), c(std::move(cond)), a(std::move(x)), b(std::move(y)) {}
    std::int64_t eval(const Frame& f) const override { return c->test(f) ? a->eval(f) : b->eval(f); }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        return c->test_traced(f, t) ? a->eval_traced(f, t) : b->eval_traced(f, t);
    }
    Emitter::V emit(Emitter& e) const override {
        return e.choose(c->emit(e), [&] { return a->emit(e); }, [&] { return b->emit(e); });
    }
};

// `let x = v in body` (an expanded call): v goes to x's register first.
struct LetInt final : Int {
    std::uint32_t reg;
    IntPtr value, body;
    LetInt(Loc l, std::uint32_t n, std::uint32_t r, IntPtr v, IntPtr e)
        : Int(l, n), reg(r), value(std::move(v)), body(std::move(e)) {}
    std::int64_t eval(const Frame& f) const override {
        f.r[reg] = value->eval(f);
        return body->eval(f);
    }
    std::int64_t eval_traced(const Frame& f, Trace& t) const override {
        f.r[reg] = value->eval_traced(f, t);
        t.set_slope(reg, t.slope);
        return body->eval_traced(f, t);
    }
    Emitter::V emit(Emitter& e) const override {
        e.store(reg, value->emit(e));
        return body->emit(e);
    }
};

struct LetBool final : Bool {
    std::uint32_t reg;
    IntPtr value;
    BoolPtr body;
    LetBool(std::uint32_t r, IntPtr v, BoolPtr e) : reg(r), value(std::move(v)), body(std::move(e)) {}
    bool test(const Frame& f) const override {
        f.r[reg] = value->eval(f);
        return body->test(f);
    }
    bool test_traced(const Frame& f, Trace& t) const override {
        f.r[reg] = value->eval_traced(f, t);
        t.set_slope(reg, t.slope);
        return body->test_traced(f, t);
    }
    Emitter::V emit(Emitter& e) const override {
        e.store(reg, value->emit(e));
        return body->emit(e);
    }
};

// A call of a pure user function, run by the generic code (CallOut):
// on the registers, or on its arguments' values (`args`, int code).
struct CallOutArgs {
    std::uint32_t index;
    std::vector<IntPtr> args;
    Value call(const Frame& f) const {
        if (args.empty()) return call_out(*f.data, index, f.r);
        std::int64_t xs[CallOut::max_args];
        for (std::size_t i = 0; i < args.size(); ++i) xs[i] = args[i]->eval(f);
        return call_out(*f.data, index, xs);
    }
};
struct CallOutInt final : Int {
    CallOutArgs c;
    CallOutInt(Loc l, std::uint32_t n, CallOutArgs call) : Int(l, n), c(std::move(call)) {}
    std::int64_t eval(const Frame& f) const override {
        const Value v = c.call(f);
        if (!v.is(Kind::integer)) throw Unfit{};
        return v.as_int();
    }
};
struct CallOutBool final : Bool {
    CallOutArgs c;
    explicit CallOutBool(CallOutArgs call) : c(std::move(call)) {}
    bool test(const Frame& f) const override {
        const Value v = c.call(f);
        if (!v.is(Kind::boolean)) throw Unfit{};
        return v.as_bool();
    }
};

// sum, len, min or max of a list of ints made as a generator's
// (Gen::computed: written out, comprehended, or built by functions). An
// overflow, or min or max of no items, throws Unfit: the generic path
// raises the rules' error.
struct ListFold final : Int {
    enum class Op : std::uint8_t { sum, len, min, max } op;
    Gen list;  // its `computed` alone
    ListFold(Loc l, std::uint32_t n, Op o, std::shared_ptr<const ListResult> xs) : Int(l, n), op(o) {
        list.computed = std::move(xs);
    }
    std::int64_t eval(const Frame& f) const override;  // int_list_fns.cpp
};

// A call of a compiled int or bool function (FnCode): the arguments in
// the caller's registers, then the function's registers saved, its
// parameters set, its body run, the registers given back. An error in
// the body, or calls deeper than max_call_depth, throw Unfit: the
// generic path gives the rules' answer and message. A call written in
// the rules (not in a function's body) of at most 4 arguments keeps the
// values found by its arguments (`memo`, IntInstanceData::call_memos), as
// a call-out does: a costly function asked again costs a lookup.
struct FnCall {
    static constexpr std::uint32_t no_memo = UINT32_MAX;
    const FnCode* fn;
    std::vector<IntPtr> args;
    std::uint32_t memo = no_memo;
    template <typename Body> std::int64_t run(const Frame& f, Body&& body) const {
        if (memo == no_memo) return call(f, body);
        std::int64_t values[4];
        std::uint64_t h = 0;
        for (std::size_t i = 0; i < args.size(); ++i) {
            values[i] = args[i]->eval(f);
            h = (h ^ static_cast<std::uint64_t>(values[i])) * 0x9E3779B97F4A7C15ull;
        }
        auto& memos = f.data->call_memos[memo];
        if (memos.empty()) memos.resize(IntInstanceData::call_memo_size);
        IntInstanceData::CallMemo& m = memos[(h >> 32) & (IntInstanceData::call_memo_size - 1)];
        if (m.used && std::equal(values, values + args.size(), m.args)) return m.value;
        const std::int64_t v = call(f, body, values);
        std::copy(values, values + args.size(), m.args);
        m.value = v;
        m.used = true;
        return v;
    }
    // `given`: the arguments' values, when computed already.
    template <typename Body> std::int64_t call(const Frame& f, Body&& body, const std::int64_t* given = nullptr) const {
        if (f.depth >= max_call_depth) throw Unfit{};
        std::int64_t values[8];
        struct Restore {
            const Frame& f;
            const FnCode& fn;
            boost::container::small_vector<std::int64_t, 8> regs;
            ~Restore() {
                std::copy(regs.begin(), regs.end(), f.r + fn.first_reg);
                --f.depth;
            }
        };
        try {
            for (std::size_t i = 0; i < args.size(); ++i) values[i] = given ? given[i] : args[i]->eval(f);
            Restore restore{f, *fn, {f.r + fn->first_reg, f.r + fn->end_reg}};
            ++f.depth;
            for (std::size_t i = 0; i < args.size(); ++i) f.r[fn->params[i]] = values[i];
            return body(*fn);
        } catch (const DiagnosticError&) {
            throw Unfit{};
        }
    }
};
struct IntCall final : Int {
    FnCall call;
    IntCall(Loc l, std::uint32_t n, FnCall c) : Int(l, n), call(std::move(c)) {}
    std::int64_t eval(const Frame& f) const override {
        return call.run(f, [&](const FnCode& fn) { return fn.value->eval(f); });
    }
};
struct BoolCall final : Bool {
    FnCall call;
    explicit BoolCall(FnCall c) : call(std::move(c)) {}
    bool test(const Frame& f) const override {
        return call.run(f, [&](const FnCode& fn) -> std::int64_t { return fn.test->test(f); }) != 0;
    }
};

// A pure condition of one register, whose value for each value of the
// register is kept per instance once known (`where k in S`, `k == 2 or k
// == 5 or k == 7`): a byte read in place of the test. A value that fails
// is not kept, so it fails again where the rules test it.
struct MemoBool final : Bool {
    BoolPtr direct;
    std::uint32_t slot, reg;
    MemoBool(BoolPtr d, std::uint32_t s, std::uint32_t r) : direct(std::move(d)), slot(s), reg(r) {}
    bool test(const Frame& f) const override {
        const std::int64_t x = f.r[reg];
        const std::vector<std::uint8_t>& known = f.data->memo_bools[slot];
        if (static_cast<std::uint64_t>(x) < known.size() && known[static_cast<std::size_t>(x)])
            return known[static_cast<std::size_t>(x)] == 2;
        return learn(f, x);
    }
    // Traced, its comparisons are the stretch's choices: made, not read.
    bool test_traced(const Frame& f, Trace& t) const override { return direct->test_traced(f, t); }
    [[gnu::noinline]] bool learn(const Frame& f, std::int64_t x) const {
        const bool holds = direct->test(f);
        if (x >= 0 && x < IntInstanceData::table_size) {
            std::vector<std::uint8_t>& known = f.data->memo_bools[slot];
            const auto at = static_cast<std::size_t>(x);
            if (at >= known.size())
                known.resize(std::min<std::size_t>(std::max(at + 1, 2 * known.size()), IntInstanceData::table_size), 0);
            known[at] = holds ? 2 : 1;
        }
        return holds;
    }
};

// A pure int expression of one register, kept per instance (Tabulated).
struct TableInt final : Int {
    std::uint32_t table, reg;
    TableInt(Loc l, std::uint32_t n, std::uint32_t t, std::uint32_t r) : Int(l, n), table(t), reg(r) {}
    std::int64_t eval(const Frame& f) const override {
        const std::int64_t x = f.r[reg];
        const IntInstanceData::Table& t = f.data->tables[table];
        if (static_cast<std::uint64_t>(x) < t.known.size() && t.known[static_cast<std::size_t>(x)])
            return t.values[static_cast<std::size_t>(x)];
        return tabulate(*f.data, table, x);
    }
};

// xs[i] of a hoisted list of ints (a rule parameter's `d[k]`), with the
// generic index's checks and messages (ops::index).
struct ListIndex final : Int {
    std::uint32_t list;
    IntPtr i;
    ListIndex(Loc l, std::uint32_t n, std::uint32_t xs, IntPtr x) : Int(l, n), list(xs), i(std::move(x)) {}
    std::int64_t eval(const Frame& f) const override {
        const std::int64_t k = i->eval(f);
        const std::vector<std::int64_t>& xs = f.data->lists[list];
        const auto n = static_cast<std::int64_t>(xs.size());
        if (k >= 0 && k < n) return xs[static_cast<std::size_t>(k)];
        if (k >= -n && k < 0) return xs[static_cast<std::size_t>(k + n)];
        const Kind kind = f.data->list_kinds[list];
        if (kind == Kind::range) fail(loc, fmt::format("index {} is out of range for a range of {} ints", k, n), length);
        fail(loc, fmt::format("index {} is out of range for {} of length {}", k, kind_name(kind), n), length);
    }
};

// A game on int lists reads its position through these.
struct PosLen final : Int {
    using Int::Int;
    std::int64_t eval(const Frame& f) const override { return f.pos_len; }
};

// h[i]; the index read in place when it is a register (`h[c]`).
template <typename I> struct PosIndex final : Int {
    I i;
    const char* what;                  // "a list" or "a set", as the generic message says
    PosIndex(Loc l, std::uint32_t n, I x, const char* w) : Int(l, n), i(std::move(x)), what(w) {}
    std::int64_t eval(const Frame& f) const override {
        std::int64_t k = i.get(f), n = f.pos_len;
        if (k >= 0 && k < n) return f.pos[k];
        if (k < -n || k >= n) fail(loc, fmt::format("index {} is out of range for {} of length {}", k, what, n), length);
        return f.pos[k + n];
    }
};

// h[i] of a position `h` that is a list of `len` ints held in registers
// from `base` (a game on lists of one length, fixed_lists.hpp): as PosIndex.
template <typename I> struct RegsIndex final : Int {
    I i;
    std::uint32_t base, len;
    RegsIndex(Loc l, std::uint32_t n, I x, std::uint32_t b, std::uint32_t k) : Int(l, n), i(std::move(x)), base(b), len(k) {}
    std::int64_t eval(const Frame& f) const override {
        const std::int64_t k = i.get(f), n = len;
        if (k >= 0 && k < n) return f.r[base + k];
        if (k < -n || k >= n) fail(loc, fmt::format("index {} is out of range for a list of length {}", k, n), length);
        return f.r[base + k + n];
    }
};

// `h == [a, b]` (or !=): every item is evaluated, as for the list it makes.
struct PosEq final : Bool {
    std::vector<IntPtr> items;
    bool negate;
    PosEq(std::vector<IntPtr> xs, bool n) : items(std::move(xs)), negate(n) {}
    bool test(const Frame& f) const override {
        std::int64_t xs[16];
        for (std::size_t i = 0; i < items.size(); ++i) xs[i] = items[i]->eval(f);
        bool equal = items.size() == f.pos_len && std::equal(xs, xs + items.size(), f.pos);
        return equal != negate;
    }
};

// `x in h` for the position: a set's ints are sorted.
struct PosContains final : Bool {
    IntPtr x;
    bool sorted, negate;
    PosContains(IntPtr v, bool s, bool n) : x(std::move(v)), sorted(s), negate(n) {}
    bool test(const Frame& f) const override {
        std::int64_t v = x->eval(f);
        if (sorted && f.has_key) return (static_cast<std::uint64_t>(v) < 64 && (f.pos_key >> v & 1)) != negate;
        bool found = sorted ? std::binary_search(f.pos, f.pos + f.pos_len, v)
                            : std::find(f.pos, f.pos + f.pos_len, v) != f.pos + f.pos_len;
        return found != negate;
    }
    // A set's, through its mask where it packs (else the tree searches).
    Emitter::V emit(Emitter& e) const override {
        if (!sorted) return e.call(*this);
        const Emitter::V v = x->emit(e);
        const Emitter::V in = e.has_bit(e.position_mask(), v);
        return negate ? e.logic_not(in) : in;
    }
};

struct ConstBool final : Bool {
    bool value;
    explicit ConstBool(bool v) : value(v) {}
    bool test(const Frame&) const override { return value; }
    Emitter::V emit(Emitter& e) const override { return e.constant(value); }
};

template <ast::Op op> bool compare_ints(std::int64_t x, std::int64_t y) {
    using ast::Op;
    if constexpr (op == Op::eq) return x == y;
    else if constexpr (op == Op::ne) return x != y;
    else if constexpr (op == Op::lt) return x < y;
    else if constexpr (op == Op::le) return x <= y;
    else if constexpr (op == Op::gt) return x > y;
    else return x >= y;
}

template <ast::Op op, typename A, typename B> struct Cmp final : Bool {
    A a;
    B b;
    Cmp(A x, B y) : a(std::move(x)), b(std::move(y)) {}
    bool test(const Frame& f) const override {
        const std::int64_t x = a.get(f);
        return compare_ints<op>(x, b.get(f));
    }
    // An order comparison is a two-way choice on the sign of an affine
    // difference d (the test holds when d < 0); == and != are not, and
    // make the trace one that never compares equal.
    bool test_traced(const Frame& f, Trace& t) const override {
        using ast::Op;
        const std::int64_t x = a.get(f, t), sx = t.slope;
        const std::int64_t y = b.get(f, t), sy = t.slope;
        const bool holds = compare_ints<op>(x, y);
        if constexpr (op == Op::eq || op == Op::ne) {
            t.add(16u);
        } else {
            std::int64_t d, ds;
            constexpr bool below = op == Op::lt || op == Op::le;
            bool exact = below ? !__builtin_sub_overflow(x, y, &d) : !__builtin_sub_overflow(y, x, &d);
            if (op == Op::le || op == Op::ge) exact = exact && !__builtin_sub_overflow(d, 1, &d);
            if (below ? __builtin_sub_overflow(sx, sy, &ds) : __builtin_sub_overflow(sy, sx, &ds)) t.sloped = false;
            t.add(holds, d, exact, ds);
        }
        return holds;
    }
    Emitter::V emit(Emitter& e) const override {
        const Emitter::V x = a.emit(e);
        return e.compare(op, x, b.emit(e));
    }
};

struct InList final : Bool {
    IntPtr x;
    std::uint32_t list;
    bool negate;
    InList(IntPtr v, std::uint32_t l, bool n) : x(std::move(v)), list(l), negate(n) {}
    bool test(const Frame& f) const override {
        std::int64_t v = x->eval(f);
        const auto& xs = f.data->lists[list];
        bool found = f.data->sorted[list] ? std::binary_search(xs.begin(), xs.end(), v)
                                          : std::find(xs.begin(), xs.end(), v) != xs.end();
        return found != negate;
    }
};

// `x in lo..hi` (or `not in`): x, lo and hi computed in that order, as
// the range is made after x, without making it.
struct InRange final : Bool {
    IntPtr x, lo, hi;
    bool negate;
    InRange(IntPtr v, IntPtr a, IntPtr b, bool n) : x(std::move(v)), lo(std::move(a)), hi(std::move(b)), negate(n) {}
    bool test(const Frame& f) const override {
        const std::int64_t v = x->eval(f);
        const std::int64_t a = lo->eval(f);
        const std::int64_t b = hi->eval(f);
        return (a <= v && v <= b) != negate;
    }
};

// `(a, b) == (c, d)` of ints written out (or `!=`; lists alike): every
// item computed in order, left then right, then compared item by item.
struct DisplayEq final : Bool {
    std::vector<IntPtr> xs;  // the left side's items, then the right's
    bool negate;
    DisplayEq(std::vector<IntPtr> v, bool n) : xs(std::move(v)), negate(n) {}
    bool test(const Frame& f) const override {
        std::int64_t v[32];
        const std::size_t n = xs.size();
        for (std::size_t i = 0; i < n; ++i) v[i] = xs[i]->eval(f);
        bool equal = true;
        for (std::size_t i = 0; i < n / 2; ++i) equal = equal && v[i] == v[n / 2 + i];
        return equal != negate;
    }
};

// `and`, `or` (short-circuit) and `not`, one type each: no switch per test.
template <bool is_and> struct Junction final : Bool {
    BoolPtr a, b;
    Junction(BoolPtr x, BoolPtr y) : a(std::move(x)), b(std::move(y)) {}
    bool test(const Frame& f) const override { return is_and ? a->test(f) && b->test(f) : a->test(f) || b->test(f); }
    bool test_traced(const Frame& f, Trace& t) const override {
        return is_and ? a->test_traced(f, t) && b->test_traced(f, t) : a->test_traced(f, t) || b->test_traced(f, t);
    }
    Emitter::V emit(Emitter& e) const override {
        const Emitter::V x = a->emit(e);
        if (is_and) return e.choose(x, [&] { return b->emit(e); }, [&] { return e.constant(0); });
        return e.choose(x, [&] { return e.constant(1); }, [&] { return b->emit(e); });
    }
};

struct IfBool final : Bool {
    BoolPtr c, a, b;
    IfBool(BoolPtr cond, BoolPtr x, BoolPtr y) : c(std::move(cond)), a(std::move(x)), b(std::move(y)) {}
    bool test(const Frame& f) const override { return c->test(f) ? a->test(f) : b->test(f); }
    bool test_traced(const Frame& f, Trace& t) const override {
        return c->test_traced(f, t) ? a->test_traced(f, t) : b->test_traced(f, t);
    }
    Emitter::V emit(Emitter& e) const override {
        return e.choose(c->emit(e), [&] { return a->emit(e); }, [&] { return b->emit(e); });
    }
};

struct Not final : Bool {
    BoolPtr a;
    explicit Not(BoolPtr x) : a(std::move(x)) {}
    bool test(const Frame& f) const override { return !a->test(f); }
    bool test_traced(const Frame& f, Trace& t) const override { return !a->test_traced(f, t); }
    Emitter::V emit(Emitter& e) const override { return e.logic_not(a->emit(e)); }
};

}  // namespace grundy::intpath
