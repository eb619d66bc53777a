// The heap engine (runtime/heap_engine.cpp) against a naive reference: the
// mex of every option, straight from a code's digits, for octal and
// hexadecimal codes, Grundy's game and user games written several ways;
// and period() of a ruleset (the Guy-Smith theorem).
#include <catch2/catch.hpp>

#include <set>
#include <string>
#include <vector>

#include "run_program.hpp"

using grundy::testing::output_of;
using grundy::testing::run_program;

namespace {

std::vector<int> code_digits(const std::string& code) {
    std::vector<int> d;
    const std::size_t point = code.find('.');
    d.push_back(point == 0 ? 0 : std::stoi(code.substr(0, point), nullptr, 16));
    for (std::size_t i = point + 1; i < code.size(); ++i) d.push_back(std::stoi(code.substr(i, 1), nullptr, 16));
    return d;
}

// The values of heaps 0..n-1, by the definition.
std::vector<int> naive(const std::string& code, int n) {
    const std::vector<int> d = code_digits(code);
    const int t = static_cast<int>(d.size()) - 1;
    std::vector<int> g;
    for (int h = 0; h < n; ++h) {
        std::set<int> seen;
        for (int k = 0; k <= std::min(h, t); ++k) {
            const int r = h - k;
            if ((d[k] & 1) && r == 0 && k > 0) seen.insert(0);
            if ((d[k] & 2) && r > 0 && k > 0) seen.insert(g[r]);
            if (d[k] & 4)
                for (int a = 1; 2 * a <= r; ++a) seen.insert(g[a] ^ g[r - a]);
            if (d[k] & 8)
                for (int a = 1; 3 * a <= r; ++a)
                    for (int b = a; 2 * b <= r - a; ++b) seen.insert(g[a] ^ g[b] ^ g[r - a - b]);
        }
        int m = 0;
        while (seen.count(m)) ++m;
        g.push_back(m);
    }
    return g;
}

std::vector<int> naive_grundy(int n) {
    std::vector<int> g;
    for (int h = 0; h < n; ++h) {
        std::set<int> seen;
        for (int a = 1; 2 * a < h; ++a) seen.insert(g[a] ^ g[h - a]);
        int m = 0;
        while (seen.count(m)) ++m;
        g.push_back(m);
    }
    return g;
}

std::string list(const std::vector<int>& xs) {
    std::string out = "[";
    for (std::size_t i = 0; i < xs.size(); ++i) out += (i ? ", " : "") + std::to_string(xs[i]);
    return out + "]\n";
}

}  // namespace

TEST_CASE("the heap engine gives every code's values by the definition", "[heap_engine]") {
    std::vector<std::string> codes;
    for (int a = 0; a < 8; ++a)
        for (int b = 0; b < 8; ++b) codes.push_back("0." + std::to_string(a) + std::to_string(b));
    for (const char* c : {"0.137", "0.156", "0.165", "0.356", "0.644", "0.16", "0.161", "0.36", "0.26", "0.27",
                          "4.7", "4.0", "4.3", "4.56", "0.4", "0.004", "0.0404", "0.7777", "0.1234567", ".77",
                          "0.f", "0.8", "0.b", "8.1", "0.0c", "0.9e", "c.3"})
        codes.push_back(c);
    for (const std::string& code : codes) {
        INFO(code);
        const int n = 400;
        // The range query (the engine), and one deep query in a fresh run (before the search).
        CHECK(output_of("import \"octal.game\"\nprint [sg(Octal(\"" + code + "\")(n)) for n in 0.." +
                        std::to_string(n - 1) + "]\n") == list(naive(code, n)));
        CHECK(output_of("import \"octal.game\"\nprint sg(Octal(\"" + code + "\")(" + std::to_string(n - 1) + "))\n") ==
              std::to_string(naive(code, n).back()) + "\n");
    }
}

TEST_CASE("user games of the class run on the engine, however written", "[heap_engine]") {
    const int n = 700;
    const std::string want = list(naive_grundy(n));
    const std::string range = " for n in 0.." + std::to_string(n - 1) + "]\n";
    // Grundy's game: the parts as a sum of positions, a `where` that is not a bound, a bound.
    CHECK(output_of("game G { position n; move a in 1..(n - 1) / 2 => G(a) + G(n - a) }\nprint [sg(G(n))" + range) ==
          want);
    CHECK(output_of("game G { position n; move a in 1..n - 1 where a != n - a => split(a, n - a) }\n"
                    "print [sg(G(n))" + range) == want);
    CHECK(output_of("game G { position n; move a in 0..n where a >= 1 and 2 * a < n => split(n - a, a) }\n"
                    "print [sg(G(n))" + range) == want);
    // Kayles by its rules: a part may be empty; and 0.6 with parts stepping by two.
    CHECK(output_of("game K { position n; move t in 1..2, a in 0..n - t => split(a, n - t - a) }\n"
                    "print [sg(K(n))" + range) == list(naive("0.77", n)));
    // A split whose parts do not sum to a constant: pairs (a, 2a) of n = 3a + r.
    const std::string odd = "game H { position n; move k in 1..2 where k <= n => n - k; "
                            "move a in 1..(n - 1) / 3 => split(a, n - 1 - 2 * a) }\n";
    auto naive_odd = [&] {
        std::vector<int> g;
        for (int h = 0; h < n; ++h) {
            std::set<int> seen;
            for (int k = 1; k <= 2 && k <= h; ++k) seen.insert(g[h - k]);
            for (int a = 1; 3 * a <= h - 1; ++a) seen.insert(g[a] ^ g[h - 1 - 2 * a]);
            int m = 0;
            while (seen.count(m)) ++m;
            g.push_back(m);
        }
        return g;
    };
    CHECK(output_of(odd + "print [sg(H(n))" + range) == list(naive_odd()));
    // Parts stepping by two, a `where` tested pair by pair; the values are
    // such that most heaps are rare, every pair marked once.
    const std::string even = "game E { position n; move k in 1..2 where k <= n => n - k; "
                             "move a in 1..(n - 1) / 4 where 3 * a != n - 7 => split(2 * a, n - 2 * a) }\n";
    auto naive_even = [&] {
        std::vector<int> g;
        for (int h = 0; h < n; ++h) {
            std::set<int> seen;
            for (int k = 1; k <= 2 && k <= h; ++k) seen.insert(g[h - k]);
            for (int a = 1; 4 * a <= h - 1; ++a)
                if (3 * a != h - 7) seen.insert(g[2 * a] ^ g[h - 2 * a]);
            int m = 0;
            while (seen.count(m)) ++m;
            g.push_back(m);
        }
        return g;
    };
    CHECK(output_of(even + "print [sg(E(n))" + range) == list(naive_even()));
}

TEST_CASE("the engine leaves the search a game whose option is not a smaller heap", "[heap_engine]") {
    // From heap 300 a move leaves a heap that is not smaller: the values
    // before are the engine's, the rest the search's.
    auto r = run_program("game G { position n; move a in 1..(n - 1) / 2 => split(a, n - a); "
                         "move k in 1..1 where n == 300 => -1 }\n"
                         "print [sg(G(n)) for n in 0..310] == [sg(G(n)) for n in 0..310 where true], sg(G(300))\n");
    CHECK(r.out == "true 13\n");  // the mex of 0 (heap -1) and the splits
}

TEST_CASE("period() of a ruleset is proved by the Guy-Smith theorem", "[heap_engine][period]") {
    CHECK(output_of("import \"octal.game\"\nprint period(Kayles), period(DawsonsKayles), period(DawsonsChess)\n") ==
          "(12, 71) (34, 53) (34, 52)\n");
    CHECK(output_of("import \"octal.game\"\nprint period(Octal(\"0.156\")), period(Octal(\"0.165\"))\n") ==
          "(349, 3479) (1550, 5181)\n");
    CHECK(output_of("import \"octal.game\"\nprint period(Octal(\"4.7\")), period(Octal(\"0.03\"), 2)\n") ==
          "(2, 1) (4, 0)\n");
    // A user's game with its t.
    CHECK(output_of("game K { position n; move t in 1..2, a in 0..n - t => split(a, n - t - a) }\n"
                    "print period(K, 2)\n") == "(12, 71)\n");
    auto small = run_program("import \"octal.game\"\nprint period(GrundysGame)\n", "", 5000);
    CHECK(small.status != grundy::status_ok);
    CHECK(small.err.find("no period of GrundysGame proved by the values of heaps 0..4") != std::string::npos);
    auto t = run_program("import \"octal.game\"\nprint period(Kayles, 1)\n");
    CHECK(t.err.find("removes 2 tokens, more than t = 1") != std::string::npos);
    auto nim = run_program("game Nim { position n; move k in 1..n => n - k }\nprint period(Nim)\n", "", 3000);
    CHECK(nim.status != grundy::status_ok);
    CHECK(nim.err.find("remove more tokens from larger heaps; give the most a move removes as period(g, t)") !=
          std::string::npos);
    // Told t, the theorem proves Nim's values are not periodic no further than the limit lets it look.
    auto nim_t = run_program("game Nim { position n; move k in 1..n => n - k }\nprint period(Nim, 10)\n", "", 3000);
    CHECK(nim_t.err.find("removes 255 tokens, more than t = 10") != std::string::npos);
}

TEST_CASE("no period is proved of rules that read the heap otherwise than a take-and-break game's", "[heap_engine][period]") {
    // A terminal rule far up, a test of the heap, a test of a part: values
    // that look periodic prove nothing.
    for (const char* game : {"game G { position n; terminal when n == 100 => lose; move d in 1..2 where n >= d => n - d }\n",
                             "game G { position n; move d in 1..2 where n >= d and n % 1000 != 999 => n - d }\n",
                             "game G { position n; move t in 1..2, a in 1..n - t where a % 2 == 0 => split(a, n - t - a) }\n"}) {
        INFO(game);
        auto r = run_program(std::string(game) + "print period(G)\n");
        CHECK(r.err.find("read the heap otherwise than a take-and-break game's") != std::string::npos);
        CHECK(output_of(std::string(game) + "table sg(G(n)) for n in 0..40\n").find("(proved)") == std::string::npos);
    }
    // A test of the heap against a constant is one too: it can change the
    // values past any window (heap 301 below has no move).
    auto far = run_program("game G { position n; move k in 1..3 where k <= n and n != 301 => n - k }\nprint period(G)\n");
    CHECK(far.err.find("read the heap otherwise than a take-and-break game's") != std::string::npos);
    // The window passes the largest removal variable: a move only at heap
    // 5 (`k == n`) is not missed by a table of heaps 0 to 3.
    CHECK(output_of("import \"octal.game\"\ntable sg(Octal(\"0.00001\")(n)) for n in 0..3\n"
                    "print period(Octal(\"0.00001\"))\n")
              .find("period 1 from n = 0 (apparent)\n(1, 6)\n") != std::string::npos);
    // A where that never holds at the probe's heap is counted as it is
    // tried, and ends (a call-out in it, the part's loop unbounded).
    const std::string never = "fn f(x) = if x <= 1 then x else f(x - 2) + 1\n"
                              "game G { position n; move k in {1, 4}, a in 0..n - k where k <= n and f(k) != 1 =>"
                              " split(a, n - k - a) }\n";
    CHECK(output_of(never + "table sg(G(n)) for n in 0..3\n").find("(apparent)") != std::string::npos);
    // The same games without those tests are proved, in tables too.
    CHECK(output_of("game G { position n; move d in 1..2 where n >= d => n - d }\nprint period(G)\n") == "(3, 0)\n");
    CHECK(output_of("game G { position n; move k in 1..min(n, 3) => n - k }\ntable sg(G(n)) for n in 0..40\n")
              .find("period 4 from n = 0 (proved)") != std::string::npos);
}

TEST_CASE("a malformed code is an error that says so", "[heap_engine]") {
    for (const char* code : {"0.7x", "077", "0.7.7", "1.7", "10.7"}) {
        auto r = run_program(std::string("import \"octal.game\"\nprint sg(Octal(\"") + code + "\")(5))\n");
        INFO(code);
        CHECK(r.status != grundy::status_ok);
        CHECK(r.err.find("is not a take-and-break code") != std::string::npos);
    }
}

TEST_CASE("random take-and-break games: the engine against the definition", "[heap_engine]") {
    // Removal sets S (leave one heap), T (split the rest in two), with empty
    // parts allowed or not and equal parts allowed or not: the games the
    // engine takes by its general route, not the library's codes.
    std::uint64_t seed = 12345;
    auto next = [&] {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        return static_cast<int>(seed >> 33);
    };
    const int n = 300;
    for (int round = 0; round < 24; ++round) {
        std::vector<int> S, T;
        for (int k = 1; k <= 5; ++k)
            if (next() % 3 == 0) S.push_back(k);
        for (int k = 0; k <= 4; ++k)
            if (next() % 3 == 0) T.push_back(k);
        const int lo = next() % 2;  // smallest part: 0 or 1 (not 0 with k = 0: split(0, n) is n again)
        if (lo == 0 && !T.empty() && T[0] == 0) T.erase(T.begin());
        if (T.empty()) T.push_back(1 + next() % 3);
        const bool unequal = next() % 2;     // parts must differ
        auto set = [](const std::vector<int>& xs) {
            std::string s = "{";
            for (std::size_t i = 0; i < xs.size(); ++i) s += (i ? ", " : "") + std::to_string(xs[i]);
            return s + "}";
        };
        std::string game = "game R { position n; ";
        if (!S.empty()) game += "move k in " + set(S) + " where k <= n => n - k; ";
        game += "move k in " + set(T) + ", a in " + std::to_string(lo) + "..n where k <= n and 2 * a <= n - k" +
                (unequal ? " and a != n - k - a" : "") + " => split(a, n - k - a) }\n";
        std::vector<int> g;
        for (int h = 0; h < n; ++h) {
            std::set<int> seen;
            for (int k : S)
                if (k <= h) seen.insert(g[h - k]);
            for (int k : T)
                for (int a = lo; k <= h && 2 * a <= h - k; ++a)
                    if (!unequal || a != h - k - a) seen.insert(g[a] ^ g[h - k - a]);
            int m = 0;
            while (seen.count(m)) ++m;
            g.push_back(m);
        }
        INFO(game);
        CHECK(output_of(game + "print [sg(R(n)) for n in 0.." + std::to_string(n - 1) + "]\n") == list(g));
    }
}
