// Sets of ints in 0..63 on the int fast path, each held as its bit mask in
// an int register: a tuple position's set coordinates (`(n, used)`) and the
// set expressions of its rules (`used + {k}`, `{k for k in used where k <=
// n}`, `k not in used`), so that a set operation is a bitwise one and such
// a state packs like a tuple of ints.
//
// A set a mask cannot hold (an element outside 0..63), and the errors of
// set builtins (min of an empty set), throw Unfit: that one state is then
// expanded on the generic path, which gives the rules' own values and
// errors. The other states stay on the int path.
#pragma once

#include <bit>

#include "int_nodes.hpp"
#include "interpreter/runtime/int_gen.hpp"

namespace grundy::intpath {

inline std::uint64_t element_bit(std::int64_t x) {
    if (static_cast<std::uint64_t>(x) > 63) throw Unfit{};
    return std::uint64_t{1} << x;
}

// A set position's mask (Frame::pos_key), read where the position packs.
struct PosMask final : Int {
    using Int::Int;
    std::int64_t eval(const Frame& f) const override {
        if (!f.has_key) throw Unfit{};
        return static_cast<std::int64_t>(f.pos_key);
    }
    Emitter::V emit(Emitter& e) const override { return e.position_mask(); }
};

// `{a, b, ...}`, elements evaluated left to right.
struct MaskOf final : Int {
    std::vector<IntPtr> items;
    MaskOf(Loc l, std::uint32_t n, std::vector<IntPtr> xs) : Int(l, n), items(std::move(xs)) {}
    std::int64_t eval(const Frame& f) const override {
        std::uint64_t m = 0;
        for (const IntPtr& x : items) m |= element_bit(x->eval(f));
        return static_cast<std::int64_t>(m);
    }
    Emitter::V emit(Emitter& e) const override {
        if (items.empty()) return e.constant(0);
        Emitter::V m = e.bit_of(items[0]->emit(e));
        for (std::size_t i = 1; i < items.size(); ++i) m = e.arith(ast::Op::bit_or, m, e.bit_of(items[i]->emit(e)));
        return m;
    }
};

// `a + b` and `a | b` (union), `a - b`, `a & b`.
// Operands as Bin's (int_nodes.hpp): a register read in place.
enum class MaskOp : std::uint8_t { union_, minus, intersect };
template <MaskOp op, typename A, typename B> struct MaskBin final : Int {
    A a;
    B b;
    MaskBin(Loc l, std::uint32_t n, A x, B y) : Int(l, n), a(std::move(x)), b(std::move(y)) {}
    std::int64_t eval(const Frame& f) const override {
        const std::int64_t x = a.get(f), y = b.get(f);
        if constexpr (op == MaskOp::union_) return x | y;
        else if constexpr (op == MaskOp::minus) return x & ~y;
        else return x & y;
    }
    Emitter::V emit(Emitter& e) const override {
        using ast::Op;
        const Emitter::V x = a.emit(e), y = b.emit(e);
        if constexpr (op == MaskOp::union_) return e.arith(Op::bit_or, x, y);
        else if constexpr (op == MaskOp::minus) return e.arith(Op::bit_and, x, e.arith(Op::bit_xor, y, e.constant(-1)));
        else return e.arith(Op::bit_and, x, y);
    }
};

// `{e for x in g1, y in g2 ... where c}`: generators and condition as a
// move's, run in the same order as the generic comprehension.
struct MaskComp final : Int {
    std::vector<Gen> gens;
    BoolPtr where;  // may be null
    IntPtr element;
    MaskComp(Loc l, std::uint32_t n) : Int(l, n) {}
    std::int64_t eval(const Frame& f) const override {
        std::uint64_t m = 0;
        add(0, f, m);
        return static_cast<std::int64_t>(m);
    }
    void add(std::size_t gen, const Frame& f, std::uint64_t& m) const {
        if (gen == gens.size()) {
            if (!where || where->test(f)) m |= element_bit(element->eval(f));
            return;
        }
        for_each_value(gens[gen], f, [&] {
            add(gen + 1, f, m);
            return true;
        });
    }
};

// The x in 0..63 with `x op v`.
inline std::uint64_t mask_allowed(ast::Op op, std::int64_t v) {
    using ast::Op;
    auto below = [](std::int64_t v) {  // x < v
        return v <= 0 ? 0 : v >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << v) - 1;
    };
    auto at = [](std::int64_t v) { return static_cast<std::uint64_t>(v) < 64 ? std::uint64_t{1} << v : 0; };
    switch (op) {
        case Op::lt: return below(v);
        case Op::le: return below(v) | at(v);
        case Op::gt: return ~(below(v) | at(v));
        case Op::ge: return ~below(v);
        case Op::eq: return at(v);
        default: return ~at(v);
    }
}

// `{x for x in s where x op1 e1 and x op2 e2 ...}`, each e free of x: s and
// the ranges the bounds allow, one and per bound. Each e is evaluated once,
// and only when some element is left to test, as the element loop would
// first evaluate it (with the same value every time, or the same error).
template <typename S, typename E> struct MaskFilter final : Int {
    struct Bound {
        ast::Op op;  // x op e: lt, le, gt, ge, eq, ne
        E e;
    };
    S s;
    std::vector<Bound> bounds;
    MaskFilter(Loc l, std::uint32_t n, S set) : Int(l, n), s(std::move(set)) {}
    std::int64_t eval(const Frame& f) const override {
        auto m = static_cast<std::uint64_t>(s.get(f));
        for (const Bound& b : bounds) {
            if (!m) break;
            m &= mask_allowed(b.op, b.e.get(f));
        }
        return static_cast<std::int64_t>(m);
    }
    Emitter::V emit(Emitter& e) const override {
        using ast::Op;
        Emitter::V m = s.emit(e);
        for (const Bound& b : bounds) {
            const Emitter::V before = m;
            m = e.choose(
                e.compare(Op::ne, before, e.constant(0)),
                [&] { return e.arith(Op::bit_and, before, e.allowed(b.op, b.e.emit(e))); }, [&] { return before; });
        }
        return m;
    }
};

// A set rule parameter or global (hoisted list `list`): its mask, when it
// is a set that one can hold.
struct HoistedMask final : Int {
    std::uint32_t list;
    HoistedMask(Loc l, std::uint32_t n, std::uint32_t i) : Int(l, n), list(i) {}
    std::int64_t eval(const Frame& f) const override {
        if (f.data->list_kinds[list] != Kind::set) throw Unfit{};
        std::uint64_t m = 0;
        for (std::int64_t x : f.data->lists[list]) m |= element_bit(x);
        return static_cast<std::int64_t>(m);
    }
};

// `len(s)`, `sum(s)`, `min(s)`, `max(s)` of a set.
enum class MaskFold : std::uint8_t { len, sum, min, max };
template <MaskFold fold> struct MaskOf1 final : Int {
    IntPtr s;
    MaskOf1(Loc l, std::uint32_t n, IntPtr x) : Int(l, n), s(std::move(x)) {}
    std::int64_t eval(const Frame& f) const override {
        const auto m = static_cast<std::uint64_t>(s->eval(f));
        if constexpr (fold == MaskFold::len) return std::popcount(m);
        if constexpr (fold == MaskFold::sum) {
            std::int64_t total = 0;
            for (std::uint64_t bits = m; bits; bits &= bits - 1) total += __builtin_ctzll(bits);
            return total;
        }
        if (!m) throw Unfit{};  // the generic path raises the error of an empty set
        if constexpr (fold == MaskFold::min) return __builtin_ctzll(m);
        else return 63 - __builtin_clzll(m);
    }
};

// `x in s`, `x not in s`: x evaluated first, as the generic `in` does.
template <typename X, typename S> struct MaskContains final : Bool {
    X x;
    S s;
    bool negate;
    MaskContains(X a, S b, bool neg) : x(std::move(a)), s(std::move(b)), negate(neg) {}
    bool test(const Frame& f) const override {
        const std::int64_t v = x.get(f);
        const auto m = static_cast<std::uint64_t>(s.get(f));
        return (static_cast<std::uint64_t>(v) < 64 && (m >> v & 1)) != negate;
    }
    Emitter::V emit(Emitter& e) const override {
        const Emitter::V v = x.emit(e);
        const Emitter::V in = e.has_bit(s.emit(e), v);
        return negate ? e.logic_not(in) : in;
    }
};

// `s == t`, `s != t` of two sets.
struct MaskEq final : Bool {
    IntPtr a, b;
    bool negate;
    MaskEq(IntPtr x, IntPtr y, bool neg) : a(std::move(x)), b(std::move(y)), negate(neg) {}
    bool test(const Frame& f) const override {
        const std::int64_t x = a->eval(f);
        return (x == b->eval(f)) != negate;
    }
};

}  // namespace grundy::intpath
