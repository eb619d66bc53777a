// Games on one int whose families the kernels can only walk option by
// option (results not affine in the move's variable): their one-pass
// solves run the game's native walk (Instance::native_int_scan), which
// reads each option's value as it makes the option. Random such games
// against the same rules kept off the int path, with native code and
// without: values asked climbing (the range loop), from the top (scans
// stopped at unsolved options and resumed), one by one, with values past
// 63 (the walk hands those to the kernels), options below 0 and errors.
#include <catch2/catch.hpp>

#include <random>

#include "int_path_agree.hpp"
#include "interpreter/compiler/int_jit.hpp"

using grundy::testing::error_line;
using grundy::testing::generic_copy;
using grundy::testing::run_program;

namespace {

class IntMaker {
public:
    explicit IntMaker(std::uint64_t seed) : rng_(seed) {}
    // An int expression of n, the move's variables and the rule parameter p.
    std::string expr(int depth) {
        if (depth == 0 || rng_() % 3 == 0) {
            static const char* leaves[] = {"n", "k", "p", "1", "2", "3", "7", "10", "j"};
            const char* leaf = leaves[rng_() % (two_ ? 9 : 8)];
            return leaf;
        }
        static const char* ops[] = {" + ", " - ", " * ", " ^ ", " & ", " | ", " / ", " % ", " >> "};
        const std::size_t op = rng_() % std::size(ops);
        std::string right = expr(depth - 1);
        if (op == 6 || op == 7) right = "(" + right + " % 5 + 1)";  // a divisor of 1..5 (floor mod: never 0)
        if (op == 8) right = "(" + right + " & 3)";
        std::string left = expr(depth - 1);
        if (op == 3) left = "(n + " + left + ")";  // `10 ^ k` draws a warning: a power meant?
        if (rng_() % 8 == 0) return "(if " + cond(depth - 1) + " then " + left + " else " + right + ")";
        return "(" + left + ops[op] + right + ")";
    }
    std::string cond(int depth) {
        static const char* cmps[] = {" < ", " <= ", " == ", " != ", " > "};
        switch (rng_() % 4) {
            case 0: return "(n >> (k & 7)) & 1 == 1";
            case 1: return expr(depth) + " % 3 != 0";
            default: return expr(depth) + cmps[rng_() % std::size(cmps)] + expr(depth);
        }
    }
    // A move whose options are below n, so that the game ends: n - d with d
    // in 1..7 (some below 0: states without moves), or a value below n
    // picked by the variable among many (values past 63).
    std::string move() {
        two_ = rng_() % 3 == 0;
        std::string gens = "k in 0..min(n, " + std::to_string(4 + rng_() % 40) + ")";
        if (rng_() % 4 == 0) gens = "k in 0..n - 1";
        if (two_) gens += ", j in 0..k";
        std::string where = rng_() % 2 ? " where " + cond(2) : "";
        // Not affine in the innermost variable: the kernels' walk is option by option.
        const std::string inner = two_ ? "j" : "k";
        const std::string result =
            rng_() % 3 == 0 ? "(" + expr(2) + " ^ " + inner + ") % n" : "n - 1 - (" + expr(3) + " ^ " + inner + ") % 7";
        return "    move " + gens + where + " => " + result + "\n";
    }

private:
    std::mt19937_64 rng_;
    bool two_ = false;
};

}  // namespace

TEST_CASE("random one-int games walked by native code agree with the generic path", "[native_ints]") {
    int native = 0;
    for (std::uint64_t seed = 1; seed <= 70; ++seed) {
        IntMaker maker(seed);
        std::string game = "game G(p) {\n    position n\n";
        const int moves = 1 + static_cast<int>(seed % 2);
        for (int i = 0; i < moves; ++i) game += maker.move();
        game += "}\n";
        const std::string program =
            game +
            "print sum([sg(G(1)(n)) * (n % 7 + 1) for n in 0..200])\n"
            "print sg(G(2)(400)), [sg(G(2)(n)) for n in [350, 3, 399, 0, -4]]\n"
            "print [sg(G(3)(n)) for n in 0..40], moves(G(3)(23)), outcome(G(3)(37))\n"
            "print [sg(G(4)(n)) for n in 200..180]\n";
        native += grundy::testing::compiled_game(program, "G", [](const grundy::CompiledGame& g) {
            return g.fast && g.fast->native_mex &&
                   std::none_of(g.fast->moves.begin(), g.fast->moves.end(),
                                [](const grundy::intpath::Move& m) { return m.affine || m.shifted || m.translation; });
        });
        const auto slow = run_program(generic_copy(program, "G"));
        for (bool jit : {true, false}) {
            grundy::jit_enabled = jit;
            const auto fast = run_program(program);
            INFO(program << (jit ? "(native code)" : "(trees)"));
            CHECK(fast.out == slow.out);
            CHECK(fast.status == slow.status);
            const bool failed = fast.err.find("error:") != std::string::npos;
            CHECK(failed == (slow.err.find("error:") != std::string::npos));
            if (failed) CHECK(error_line(fast.err) == error_line(slow.err));
        }
        grundy::jit_enabled = true;
    }
    if (grundy::intpath::jit_available()) CHECK(native > 40);
}

TEST_CASE("a one-int game whose values pass 63 is left to the kernels", "[native_ints]") {
    // Nim's heap under another name: the values are the heaps, and past 63
    // the walk hands each state over, then the kernels take the game.
    const std::string program =
        "game G {\n    position n\n    move k in 0..n - 1 => (k ^ 5) % n\n}\n"
        "print sum([sg(G(n)) for n in 0..3000]), sg(G(3001)), [sg(G(n)) for n in 4000..3990]\n";
    const auto slow = run_program(generic_copy(program, "G"));
    const auto fast = run_program(program);
    CHECK(fast.out == slow.out);
    CHECK(fast.err.empty());
}
