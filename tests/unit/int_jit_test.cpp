// Native code for int expressions (compiler/int_jit.cpp) against the trees
// it is made from: random trees of every node that emits code, and of some
// that are called, over registers and constants chosen to overflow, divide
// by zero and floor negative ints. The value, or the error's message, and
// the registers written must be the tree's.
#include <catch2/catch.hpp>

#include <random>

#include "interpreter/compiler/int_jit.hpp"
#include "interpreter/compiler/int_nodes.hpp"
#include "interpreter/support/diagnostic.hpp"
#include "run_program.hpp"

namespace {

using namespace grundy::intpath;
using grundy::ast::Op;

// 0..3 the inputs; from 4 on, each nested `let` its own (as the compiler
// gives each name a register: a let's value never reads its own register).
constexpr std::uint32_t inputs = 4, registers = 10;

std::int64_t pick(std::mt19937_64& rng) {
    static const std::int64_t edges[] = {0,  1,  -1, 2,  -2, 3,  7,  -7, 64, 65536, 4294967296, INT32_MAX,
                                         INT32_MIN, INT64_MAX, INT64_MIN, INT64_MAX / 2, INT64_MIN / 2 - 1, 3037000500};
    switch (rng() % 4) {
        case 0: return edges[rng() % std::size(edges)];
        case 1: return static_cast<std::int64_t>(rng() % 41) - 20;
        case 2: return std::int64_t{1} << (rng() % 63);
        default: return static_cast<std::int64_t>(rng());
    }
}

// Two equal trees from one seed: one to interpret, one to compile.
class Maker {
public:
    explicit Maker(std::uint64_t seed) : rng_(seed) {}
    IntPtr integer(int depth) {
        const grundy::Loc at{};
        const unsigned kind = depth <= 0 ? rng_() % 2 : rng_() % 13;
        switch (kind) {
            case 0: return std::make_unique<Const>(at, 1, pick(rng_));
            case 1: return std::make_unique<Reg>(at, 1, readable());
            case 2: return std::make_unique<Neg>(at, 1, integer(depth - 1));
            case 3: return std::make_unique<Abs>(at, 1, integer(depth - 1));
            case 4: case 5: case 6: return binary(depth);
            case 7: {
                auto v = integer(depth - 1);
                const std::uint32_t r = inputs + lets_++;
                auto body = integer(depth - 1);
                --lets_;
                return std::make_unique<LetInt>(at, 1, r, std::move(v), std::move(body));
            }
            case 8: {
                auto c = boolean(depth - 1);
                auto a = integer(depth - 1);
                return std::make_unique<IfInt>(at, 1, std::move(c), std::move(a), integer(depth - 1));
            }
            case 9: {
                auto a = AnyOperand{integer(depth - 1)};
                if (rng_() % 2) return std::make_unique<Extreme<true, AnyOperand, AnyOperand>>(at, 1, std::move(a), AnyOperand{integer(depth - 1)});
                return std::make_unique<Extreme<false, AnyOperand, AnyOperand>>(at, 1, std::move(a), AnyOperand{integer(depth - 1)});
            }
            case 10: {
                auto m = std::make_unique<MinMax>(at, 1, rng_() % 2 == 0);
                for (unsigned i = 0, n = 2 + rng_() % 3; i < n; ++i) m->xs.push_back(integer(depth - 1));
                return m;
            }
            case 11: return std::make_unique<IntFn<&grundy::ops::isqrt>>(at, 1, integer(depth - 1));  // called
            default: {  // register and constant operands, read in place
                const std::uint32_t r = readable();
                const std::int64_t k = rng_() % 2 ? pick(rng_) : std::int64_t{1} << (rng_() % 40);
                const std::int64_t count = static_cast<std::int64_t>(rng_() % 70) - 3;  // a shift: a few past each end
                switch (rng_() % 6) {
                    case 4: return std::make_unique<Bin<Op::shl, RegOperand, ConstOperand>>(at, 1, RegOperand{r}, ConstOperand{count});
                    case 5: return std::make_unique<Bin<Op::shr, AnyOperand, ConstOperand>>(at, 1, AnyOperand{integer(depth - 1)}, ConstOperand{count});
                    case 0: return std::make_unique<Bin<Op::mod, RegOperand, ConstOperand>>(at, 1, RegOperand{r}, ConstOperand{k});
                    case 1: return std::make_unique<Bin<Op::div, RegOperand, ConstOperand>>(at, 1, RegOperand{r}, ConstOperand{k});
                    case 2: return std::make_unique<Bin<Op::mul, AnyOperand, ConstOperand>>(at, 1, AnyOperand{integer(depth - 1)}, ConstOperand{k});
                    default: return std::make_unique<Bin<Op::add, ConstOperand, RegOperand>>(at, 1, ConstOperand{k}, RegOperand{r});
                }
            }
        }
    }
    BoolPtr boolean(int depth) {
        const unsigned kind = depth <= 0 ? 0 : rng_() % 6;
        switch (kind) {
            case 0: return std::make_unique<ConstBool>(rng_() % 2 == 0);
            case 1: return std::make_unique<Junction<true>>(boolean(depth - 1), boolean(depth - 1));
            case 2: return std::make_unique<Junction<false>>(boolean(depth - 1), boolean(depth - 1));
            case 3: return std::make_unique<Not>(boolean(depth - 1));
            default: return compare(depth);
        }
    }

private:
    std::uint32_t readable() { return static_cast<std::uint32_t>(rng_() % (inputs + lets_)); }
    template <Op op> IntPtr bin(int depth) {
        auto a = AnyOperand{integer(depth - 1)};
        return std::make_unique<Bin<op, AnyOperand, AnyOperand>>(grundy::Loc{}, 1, std::move(a), AnyOperand{integer(depth - 1)});
    }
    IntPtr binary(int depth) {
        switch (rng_() % 11) {
            case 0: return bin<Op::add>(depth);
            case 1: return bin<Op::sub>(depth);
            case 2: return bin<Op::mul>(depth);
            case 3: return bin<Op::div>(depth);
            case 4: return bin<Op::mod>(depth);
            case 5: return bin<Op::bit_and>(depth);
            case 6: return bin<Op::bit_or>(depth);
            case 7: return bin<Op::bit_xor>(depth);
            case 8: return bin<Op::shl>(depth);
            case 9: return bin<Op::shr>(depth);
            default: return bin<Op::pow>(depth);
        }
    }
    template <Op op> BoolPtr cmp(int depth) {
        auto a = AnyOperand{integer(depth - 1)};
        return std::make_unique<Cmp<op, AnyOperand, AnyOperand>>(std::move(a), AnyOperand{integer(depth - 1)});
    }
    BoolPtr compare(int depth) {
        switch (rng_() % 6) {
            case 0: return cmp<Op::eq>(depth);
            case 1: return cmp<Op::ne>(depth);
            case 2: return cmp<Op::lt>(depth);
            case 3: return cmp<Op::le>(depth);
            case 4: return cmp<Op::gt>(depth);
            default: return cmp<Op::ge>(depth);
        }
    }
    std::mt19937_64 rng_;
    std::uint32_t lets_ = 0;  // lets around the node being made
};

struct Outcome {
    std::int64_t value = 0;
    std::string error;
    std::int64_t regs[registers] = {};
    bool operator==(const Outcome& o) const {
        return value == o.value && error == o.error && std::equal(regs, regs + registers, o.regs);
    }
};

template <typename F> Outcome run(const std::int64_t* in, F&& f) {
    Outcome out;
    std::copy(in, in + registers, out.regs);
    Frame frame{out.regs, nullptr};
    try {
        out.value = f(frame);
    } catch (const grundy::DiagnosticError& e) {
        out.error = e.what();
    }
    return out;
}

// A program's output and errors, natively and not: the same, and no error.
void native_agrees(const std::string& text) {
    std::string outputs[2];
    for (bool native : {false, true}) {
        grundy::jit_enabled = native;
        const auto r = grundy::testing::run_program(text);
        outputs[native] = r.out + "|" + r.err;
    }
    grundy::jit_enabled = true;
    INFO(text);
    CHECK(outputs[1] == outputs[0]);
    CHECK(outputs[0].find("error") == std::string::npos);
}

}  // namespace

TEST_CASE("native code for int expressions computes what the trees compute", "[int_jit]") {
    if (!jit_available()) {
        WARN("this build makes no native code");
        return;
    }
    std::mt19937_64 values(7);
    int compared = 0, errors = 0;
    for (std::uint64_t seed = 1; seed <= 1500; ++seed) {
        const int depth = static_cast<int>(seed % 5) + 1;
        const bool is_int = seed % 3 != 0;
        IntPtr tree, native_int;
        BoolPtr test, native_bool;
        if (is_int) {
            tree = Maker(seed).integer(depth);
            native_int = jit_int(Maker(seed).integer(depth));
        } else {
            test = Maker(seed).boolean(depth);
            native_bool = jit_bool(Maker(seed).boolean(depth));
        }
        for (int trial = 0; trial < 12; ++trial) {
            std::int64_t in[registers];
            for (auto& r : in) r = pick(values);
            Outcome a, b;
            if (is_int) {
                a = run(in, [&](const Frame& f) { return tree->eval(f); });
                b = run(in, [&](const Frame& f) { return native_int->eval(f); });
            } else {
                a = run(in, [&](const Frame& f) { return std::int64_t{test->test(f)}; });
                b = run(in, [&](const Frame& f) { return std::int64_t{native_bool->test(f)}; });
            }
            INFO("seed " << seed << " trial " << trial << ": tree " << a.value << " '" << a.error << "', native "
                          << b.value << " '" << b.error << "', registers " << in[0] << " " << in[1] << " " << in[2]
                          << " " << in[3]);
            REQUIRE(a == b);
            ++compared;
            errors += !a.error.empty();
        }
    }
    // The cases reach both sides: values and errors.
    CHECK(errors > compared / 20);
    CHECK(errors < compared / 2);
}

TEST_CASE("int code shifts as the generic operators do", "[int_jit]") {
    // The trees' own quick shifts (apply<shl>, apply<shr>) against ops::.
    const std::int64_t xs[] = {0, 1, -1, 3, -3, 5, INT64_MAX, INT64_MIN, INT64_MAX / 2, INT64_MIN / 2, INT64_MIN / 2 - 1,
                               std::int64_t{1} << 40, -(std::int64_t{1} << 40), 0x5555555555555555};
    auto op = [](auto f) -> std::string {
        try {
            return std::to_string(f());
        } catch (const std::exception& e) {
            return e.what();
        }
    };
    int checked = 0;
    for (std::int64_t x : xs)
        for (std::int64_t y = -3; y <= 70; ++y) {
            const grundy::Loc at{};
            Bin<Op::shl, ConstOperand, ConstOperand> shl(at, 1, ConstOperand{x}, ConstOperand{y});
            Bin<Op::shr, ConstOperand, ConstOperand> shr(at, 1, ConstOperand{x}, ConstOperand{y});
            std::int64_t regs[1] = {};
            const Frame f{regs, nullptr};
            const std::string want_l = op([&] { return grundy::ops::shl(x, y); }), got_l = op([&] { return shl.eval(f); });
            const std::string want_r = op([&] { return grundy::ops::shr(x, y); }), got_r = op([&] { return shr.eval(f); });
            INFO(x << " shifted by " << y);
            // An error's message carries the place in the tree's case: compare its start.
            CHECK(got_l.substr(0, 8) == want_l.substr(0, 8));
            CHECK(got_r == want_r);
            ++checked;
        }
    CHECK(checked == 14 * 74);
}

TEST_CASE("an expression made native is a node of its own", "[int_jit]") {
    if (!jit_available()) {
        WARN("this build makes no native code");
        return;
    }
    const grundy::Loc at{};
    auto sum = std::make_unique<Bin<Op::add, AnyOperand, ConstOperand>>(
        at, 1, AnyOperand{std::make_unique<Bin<Op::mul, RegOperand, ConstOperand>>(at, 1, RegOperand{0}, ConstOperand{3})},
        ConstOperand{1});
    const Int* before = sum.get();
    IntPtr native = jit_int(std::move(sum));
    CHECK(native.get() != before);
    std::int64_t regs[1] = {5};
    CHECK(native->eval(Frame{regs, nullptr}) == 16);
}

TEST_CASE("a value made on one arm of an if is made again on the other", "[int_jit]") {
    if (!jit_available()) {
        WARN("this build makes no native code");
        return;
    }
    // if r1 > r2 then (let r4 = r1 + r2 in r4 * 2) else (r1 + r2) - 1: the
    // arms share r1 + r2 over registers read before them; the let makes
    // the if branch rather than pick by cmov.
    const grundy::Loc at{};
    auto reg = [&](std::uint32_t r) { return AnyOperand{std::make_unique<Reg>(at, 1, r)}; };
    auto sum = [&] { return std::make_unique<Bin<Op::add, AnyOperand, AnyOperand>>(at, 1, reg(1), reg(2)); };
    auto twice = std::make_unique<Bin<Op::mul, AnyOperand, ConstOperand>>(at, 1, reg(4), ConstOperand{2});
    auto then = std::make_unique<LetInt>(at, 1, 4, sum(), std::move(twice));
    auto other = std::make_unique<Bin<Op::sub, AnyOperand, ConstOperand>>(at, 1, AnyOperand{sum()}, ConstOperand{1});
    auto cond = std::make_unique<Cmp<Op::gt, AnyOperand, AnyOperand>>(reg(1), reg(2));
    IntPtr native = jit_int(std::make_unique<IfInt>(at, 1, std::move(cond), std::move(then), std::move(other)));
    for (std::int64_t a : {-5, 0, 3, 1000})
        for (std::int64_t b : {-7, 0, 2, 999}) {
            std::int64_t regs[registers] = {0, a, b};
            INFO(a << " " << b);
            CHECK(native->eval(Frame{regs, nullptr}) == (a > b ? (a + b) * 2 : a + b - 1));
        }
}

TEST_CASE("an if whose arm makes no code of its own is native code too", "[int_jit]") {
    // The arm is a let of a value made before it: both arms are tried for
    // a cmov, refused (the let stores a register), and taken back.
    const char* programs[] = {
        "game G { position n; move k in 1..n => min(n - k, if k > 1 then (let v = n - k in v) else n - k) }\n"
        "print sg(G(5)), [sg(G(n)) for n in 0..12]\n",
        "game T {\n    position s\n    move x in s => (s - {x}) | (if x > 2 then (let t = s - {x} in t) else s - {x})\n}\n"
        "print sg(T({0..3})), sg(T({0..9}))\n"};
    for (const char* text : programs) {
        native_agrees(text);
    }
}

TEST_CASE("a choice between a set without and with an element is the same natively or not", "[int_jit]") {
    // The first two are toggles of y, made one xor; the others only look
    // alike: the condition reads another element or another set, an arm
    // removes another element, or one arm is the set itself. The last
    // removes and adds elements that may be there or not.
    const char* games[] = {
        "fn flip(s, y) = if y in s then s - {y} else s + {y}\n"
        "game T { position s; move x in s => s - {x}; move x in s, y in 0..x - 1 => flip(s - {x}, y) }\n",
        "fn flip(s, y) = if y not in s then s + {y} else s - {y}\n"
        "game T { position s; move x in s, y in 0..x - 1 => flip(s - {x}, y) }\n",
        "game T { position s; move x in s, y in 0..x - 1 => if y + 1 in s then s - {x} - {y} else s - {x} + {y} }\n",
        "game T { position s; move x in s, y in 0..x - 1 => if y in s then s - {x} else s - {x} + {y} }\n",
        "fn drop(s, y) = if y in s then s - {y} else s\n"
        "game T { position s; move x in s, y in 0..x - 1 => drop(s - {x}, y) + {x + 1} - {8} }\n",
        "fn add(s, y) = if y in s then s else s + {y}\n"
        "game T { position s; move x in s, y in 0..x - 1 => add(s - {x}, y) }\n",
        "game T { position s; move x in s, y in 0..x - 1 => if y not in s - {x} then s - {x} + {y} else s - {x} - {y} }\n",
        "game T { position (s, t); move x in s, y in 0..x - 1 where y not in t => (if y in t then s - {x} - {y} else s - {x} + {y}, t + {y}) }\n",
        "game T { position s; move y in 0..6 where y + 1 in s => (s - {y + 1}) - {y}; move y in 0..7 => s + {y} - {7} }\n"};
    for (const char* game : games) {
        const bool pair = std::string(game).find("(s, t)") != std::string::npos;
        const std::string text = std::string(game) +
                                 (pair ? "print [sg(T({i for i in 0..4 where (m >> i) & 1 == 1}, {i for i in 0..4 where (m >> (i + 5)) & 1 == 1})) for m in 0..1023]\n"
                                       : "print [sg(T({i for i in 0..7 where (m >> i) & 1 == 1})) for m in 0..255]\n");
        native_agrees(text);
    }
}

TEST_CASE("a range filtered by membership in a set is walked as the set's bits, natively or not", "[int_jit]") {
    // Each game (W the condition), its condition as written and behind
    // another conjunct, which keeps the range and tests each int: the same
    // output natively or not. The ranges reach below 0 and past 63, where
    // no mask holds the ints that are options, and the positions go there;
    // native code walks sets of ints below 30, the others the trees.
    struct Case {
        const char* game;
        const char* query;
    };
    const Case cases[] = {
        {"game T { position s; move x in s => s - {x}; move x in s, y in 0..x - 1 where W => s - {x, y}; "
         "move x in s, y in 0..x - 1 where V => s - {x} + {y} }",
         "print [sg(T({i for i in 0..7 where (m >> i) & 1 == 1})) for m in 0..255]"},
        {"game T { position s; move x in s, y in -3..x - 1 where W and (x + y) % 3 != 0 => s - {x, y}; "
         "move x in s, y in -2..x - 1 where V => s - {x} + {y} }",
         "print [sg(T({i for i in 0..6 where (m >> i) & 1 == 1})) for m in 0..127], sg(T({-1, 4, 5}))"},
        {"game T { position s; move x in s, y in x - 3..x - 1 where V and y >= 0 => s - {x} + {y} }",
         "print [sg(T({i for i in 0..7 where (m >> i) & 1 == 1})) for m in 0..255]"},
        {"game T { position s; terminal when 5 in s => lose; move y in 60..70 where V and y - 60 not in s => s + {y - 60} }",
         "print [sg(T({i for i in 0..10 where (m >> i) & 1 == 1})) for m in 0..2047], sg(T({62}))"},
        {"game T { position s; move y in 20..70 where W => s - {y} + {y - 20}; move y in -5..3 where W => s - {y} }",
         "print [sg(T({i for i in 0..5 where (m >> i) & 1 == 1} + {20 + i for i in 0..5 where (m >> (i + 6)) & 1 == 1})) "
         "for m in 0..4095]"},
        {"game T { position s; move y in 55..70 where W and len(s) > 3 => s - {y} }",
         "print sg(T({})), sg(T({56, 60, 61, 63, 66})), sg(T({56, 60, 61, 63})), sg(T({60, 64, 65, 66, 70}))"},
        {"game T { position (n, s); move y in 1..n where V => (n - y, s + {y + 58}); move y in 0..n + 60 where W => (n, s - {y}) }",
         "print [sg(T(n, {})) for n in 0..12], sg(T(9, {1, 63})), sg(T(4, {2, 60}))"},
    };
    auto fill = [](std::string text, const char* in, const char* out) {
        for (std::size_t at; (at = text.find('W')) != std::string::npos;) text.replace(at, 1, in);
        for (std::size_t at; (at = text.find('V')) != std::string::npos;) text.replace(at, 1, out);
        return text;
    };
    for (const Case& c : cases) {
        const std::string query = std::string("\n") + c.query + "\n";
        const std::string tested = fill(c.game, "y in s", "not (y in s)") + query;
        native_agrees(tested);
        native_agrees(fill(c.game, "not (y not in s)", "y not in s") + query);
        const std::string plain = fill(c.game, "0 == 0 * y and y in s", "0 == 0 * y and y not in s") + query;
        native_agrees(plain);
        CHECK(grundy::testing::run_program(tested).out == grundy::testing::run_program(plain).out);
    }
}

TEST_CASE("int code reads an operation's left operand first, natively or not", "[int_jit]") {
    // Both operands fail: the error is the left one's, as the generic
    // evaluator and the rules as written say.
    const std::string text =
        "game G { position n; move where n > 0 => (n / (n - n)) + (n << 70) }\n"
        "print sg(G(3))\n";
    for (bool native : {true, false}) {
        grundy::jit_enabled = native;
        const auto r = grundy::testing::run_program(text);
        CHECK(r.err.rfind("test.game:1:45: error: division by zero", 0) == 0);
        const auto h = grundy::testing::run_program(
            "game H { position n; move where n > 0 and (n - n) * (n << 70) < (10 / (n - n)) => n - 1 }\nprint sg(H(3))\n");
        CHECK(h.err.rfind("test.game:1:56: error: integer overflow in '<<'", 0) == 0);
    }
    grundy::jit_enabled = true;
}

namespace {

// A random game on one int whose moves may go up as well as down (so most
// are loopy, and the loopy search expands them through
// IntGame::native_expand), with ranges, `where`s and results that can be
// negative, overflow or divide by zero.
std::string random_game(std::mt19937_64& rng) {
    // One choice in eight from the risky list: enough games still solve.
    auto pick_of = [&](std::initializer_list<const char*> safe, std::initializer_list<const char*> risky) {
        if (rng() % 8 == 0) return std::string(risky.begin()[rng() % risky.size()]);
        return std::string(safe.begin()[rng() % safe.size()]);
    };
    auto with = [](std::string text, const char* var) {  // @: the move's variable
        for (std::size_t at; (at = text.find('@')) != std::string::npos;) text.replace(at, 1, var);
        return text;
    };
    std::string g = "game G { position n; ";
    if (rng() % 3 == 0) g += "terminal when " + pick_of({"n == 0", "n % 7 == 3", "n > 40"}, {"10 / n > 2"}) + " => lose; ";
    const int moves = 1 + static_cast<int>(rng() % 3);
    for (int i = 0; i < moves; ++i) {
        const char* var = i % 2 ? "j" : "k";
        g += std::string("move ") + var + " in " +
             pick_of({"1..3", "0..2", "-1..1", "1..n % 4", "n - 2..n", "2..1"}, {"0..2000", "n..n * 3"}) + " ";
        if (rng() % 2)
            g += "where " + with(pick_of({"(n + @) % 3 != 0", "@ <= n", "n * @ % 5 < 3", "n % 11 != @"},
                                         {"10 / (n - @) > 1", "(n << 60) + @ > 0"}),
                                 var) + " ";
        g += "=> " + with(pick_of({"(n - @) % 40", "(n + @ - 2) % 40", "(n * 7 + @ * 3) % 23", "(n - @ * @) % 40", "@ - n",
                                   "(n ^ @) % 19"},
                                  {"n / @ + 1", "n * 4611686018427387904 + @", "n + @ * 5", "n - @ * @"}),
                          var) + "; ";
    }
    return g + "}\n";
}

}  // namespace

TEST_CASE("a game's expansion as native code gives the trees' options and errors", "[int_jit]") {
    if (!jit_available()) {
        WARN("this build makes no native code");
        return;
    }
    std::mt19937_64 rng(11);
    int games = 0, failed = 0;
    for (int trial = 0; trial < 100; ++trial) {
        const std::string game = random_game(rng);
        const std::string text = game +
                                 "print [outcome(G(n)) for n in 0..30]\n"
                                 "print [sg(G(n)) for n in 0..12]\n"
                                 "print [remoteness(G(n)) for n in 0..8]\n";
        std::string outputs[2];
        for (bool native : {false, true}) {
            grundy::jit_enabled = native;
            const auto r = grundy::testing::run_program(text, "", 20000);  // a game that climbs ends at the limit
            outputs[native] = r.out + "|" + r.err;
        }
        grundy::jit_enabled = true;
        INFO(game);
        REQUIRE(outputs[0] == outputs[1]);
        ++games;
        failed += outputs[1].find("error") != std::string::npos;
    }
    // Both sides reached: games that solve and games whose rules fail.
    CHECK(failed > games / 20);
    CHECK(failed < games / 2);
}
