// Rulesets that no value reaches any more are dropped once they hold more
// than Context::idle_budget bytes; those a value still names are kept; and
// a ruleset made again answers as before.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "interpreter/driver/interpreter.hpp"
#include "interpreter/runtime/instance.hpp"

using namespace grundy;

namespace {

struct Run {
    Interpreter in;
    Status status;
    std::string err;
    explicit Run(const std::string& text) {
        in.ctx.idle_budget = std::size_t{512} << 10;
        char* buf = nullptr;
        std::size_t size = 0;
        std::FILE* out = open_memstream(&buf, &size);
        in.set_output(out, out);
        status = in.run_text("test.game", text);
        std::fclose(out);
        err.assign(buf, size);
        std::free(buf);
    }
    std::size_t rulesets(const std::string& game) const {
        auto all = in.ctx.all_instances();
        return static_cast<std::size_t>(
            std::count_if(all.begin(), all.end(), [&](const Instance* i) { return i->game().name == game; }));
    }
};

// Subtract(m): take 1 to 1 + m % 3, so sg(n) = n mod (2 + m % 3); each
// ruleset asked at 30,001 keeps about 30 KB of values, against a budget of
// 512 KB in these tests.
const std::string game = "game Subtract(m) { position n; move k in 1..min(n, 1 + m % 3) => n - k }\n"
                         "let N = 30001\n";

}  // namespace

TEST_CASE("rulesets no value names are dropped past the budget, and answer the same when made again", "[idle]") {
    Run r(game +
          "let first = [sg(Subtract(m)(N)) for m in 1..40]\n"
          "assert first == [N % (2 + m % 3) for m in 1..40]\n"
          "let again = [sg(Subtract(m)(N)) for m in 1..40]\n"
          "assert again == first\n");
    REQUIRE(r.status == status_ok);
    // 40 rulesets of ~30 KB against a budget of 512 KB: some were dropped.
    CHECK(r.rulesets("Subtract") < 30);
    CHECK(r.in.ctx.solver.memory_bytes() < 3 * r.in.ctx.idle_budget);
}

TEST_CASE("a ruleset a name or a position still holds is kept", "[idle]") {
    Run r(game +
          "assert sg(Subtract(4)(N)) == N % 3\n"  // idle, then named again
          "let revived = Subtract(4)\n"
          "let kept = Subtract(3)\n"
          "let held = [Subtract(5)(10)]\n"
          "assert sg(kept(N)) == N % 2 and sg(held[0]) == 10 % 4\n"
          "assert sum([sg(Subtract(m)(N)) for m in 6..40]) == sum([N % (2 + m % 3) for m in 6..40])\n"
          "assert sg(kept(N - 1)) == (N - 1) % 2 and sg(revived(N - 1)) == (N - 1) % 3\n");
    REQUIRE(r.status == status_ok);
    auto all = r.in.ctx.all_instances();
    auto has = [&](std::int64_t m) {
        return std::any_of(all.begin(), all.end(), [&](const Instance* i) {
            return i->game().name == "Subtract" && i->arg(0).as_int() == m;
        });
    };
    CHECK(has(3));
    CHECK(has(4));
    CHECK(has(5));
    CHECK(r.rulesets("Subtract") < 30);
}

TEST_CASE("games without rule parameters are kept for the run", "[idle]") {
    Run r("game Nim { position n; move k in 1..n => n - k }\n" + game +
          "assert sg(Nim(1000)) == 1000\n"
          "assert sum([sg(Subtract(m)(N)) for m in 1..40]) > 0\n"
          "assert sg(Nim(999)) == 999\n");
    REQUIRE(r.status == status_ok);
    CHECK(r.rulesets("Nim") == 1);
}

TEST_CASE("a dropped ruleset's parts in the misère memo of a kept game are not expanded later", "[idle]") {
    // A's misère memo holds H(7)'s parts; H(7) is dropped while the S(m)
    // fill the budget; the misère search of A(3) + A(3) then grows A's entries.
    Run r("game H(k) { position s; move i in 0..len(s) - 1, j in 1..s[i] => update(s, i, s[i] - j) + [0 * k] }\n"
          "game One { position n; move k in 1..n => n - k }\n"
          "game A { position n; move => One(1); move => H(7)([n, 1]) }\n" +
          game +
          "assert outcome(misere(A(3))) == \"N\"\n"
          "assert sum([sg(Subtract(m)(N)) for m in 1..40]) >= 0\n"
          "assert outcome(misere(A(3) + A(3))) == \"N\"\n");
    INFO(r.err);
    CHECK(r.status == status_ok);
}

TEST_CASE("the parts of a sum being gathered keep their rulesets while later parts make new ones", "[idle]") {
    // L(1)'s ruleset and position are gone once its parts are read; H(3),
    // made next, must not drop it before the sum is solved.
    Run r("game L(k) { position s; move i in 0..len(s) - 1, j in 1..s[i][0] => update(s, i, [s[i][0] - j]) }\n"
          "game H(k) { position n; move j in 1..n => n - j }\n"
          "let h = H(2)\n"
          "assert sg(L(1)([[60], [60], [3]])) == 3\n"
          "assert sg(h(3) + L(1)([[60], [60], [2]]) + H(3)(2)) == 3 ^ 2 ^ 2\n");
    INFO(r.err);
    CHECK(r.status == status_ok);
}

namespace {

// Heaps(m) on sorted lists: take 1 to m from one heap. Its rules have an
// int path per list length, so a ruleset asked at several lengths has a
// lane (an instance) per length beyond its first.
const std::string heaps = "game Heaps(m) { position h; canonical => sorted(h)\n"
                          "  move i in 0..len(h) - 1, k in 1..min(h[i], m) => update(h, i, h[i] - k) }\n";

}  // namespace

TEST_CASE("a ruleset's lanes hold it while their positions are held, and go with it", "[idle]") {
    Run r(heaps + game +
          "let p = Heaps(40)([9, 9])\n"               // the ruleset's own length
          "assert sg(Heaps(41)([1, 2])) == 3\n"      // the ruleset's length, no position held
          "let q = [Heaps(41)([100, 2, 3])]\n"      // a lane of length 3
          "assert sg(q[0]) == 17\n"                  // 100 % 42 ^ 2 ^ 3
          "assert sum([sg(Subtract(m)(N)) for m in 1..40]) >= 0\n"
          "assert sg(Heaps(41)([100, 2, 3])) == sg(q[0]) and q[0] == Heaps(41)([3, 100, 2])\n"
          "assert [sg(Heaps(m)([30, 40, 50])) for m in 42..60] == [30 % (m + 1) ^ 40 % (m + 1) ^ 50 % (m + 1) for m in 42..60]\n"
          "assert sum([sg(Subtract(m)(N)) for m in 41..80]) >= 0\n");
    INFO(r.err);
    REQUIRE(r.status == status_ok);
    auto all = r.in.ctx.all_instances();
    auto count = [&](std::int64_t m) {
        return std::count_if(all.begin(), all.end(), [&](const Instance* i) {
            return i->game().name == "Heaps" && i->arg(0).as_int() == m;
        });
    };
    CHECK(count(41) == 2);  // kept: q holds a position of its lane
    CHECK(count(40) == 1);  // p
    // Heaps(42..60) each made a lane only for a first position of another
    // length: none here, and those idle are dropped with their lanes.
    CHECK(r.rulesets("Heaps") < 15);
}

TEST_CASE("forget() counts the positions its lanes hold", "[idle]") {
    Run held(heaps + "let g = Heaps(3)\nlet p = g([1, 2])\nlet q = g([1, 2, 3])\nlet r = g([5])\nforget(g)\n");
    CHECK(held.status != status_ok);
    CHECK(held.err.find("3 positions of Heaps(3) are still held") != std::string::npos);
    Run gone(heaps + "let g = Heaps(3)\nprint sg(g([1, 2])) + sg(g([1, 2, 3])) + sg(g([5]))\nforget(g)\n"
                     "let h = Heaps(3)\nassert sg(h([2, 3, 4])) == 1 and sg(h([7])) == 3\n");
    INFO(gone.err);
    CHECK(gone.status == status_ok);
    CHECK(gone.rulesets("Heaps") == 2);  // the new ruleset and its lane of one heap
}

TEST_CASE("positions of a ruleset's lanes order with its own", "[idle]") {
    Run r("game G { position h; move i in 0..len(h) - 1, k in 1..h[i] => update(h, i, h[i] - k) }\n"
          "game Nim { position n; move k in 1..n => n - k }\n"
          "print G([3, 4, 5]), Nim(1)\n"
          "assert sorted([G([3, 4, 5]), G([1, 2])]) == [G([1, 2]), G([3, 4, 5])] and G([1, 2]) < G([3, 4, 5])\n"
          "assert sorted([Nim(1), G([1, 2])]) == [G([1, 2]), Nim(1)]\n"
          "assert min([G([2]), G([1, 2, 3]), G([1, 1])]) == G([1, 1]) and G([2]) > G([1, 2, 3])\n");
    INFO(r.err);
    CHECK(r.status == status_ok);
}
