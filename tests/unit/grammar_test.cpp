// The grammar: PEGTL's static analysis, accepted and rejected inputs, and
// the print-then-parse round trip of the AST.
#include <catch2/catch.hpp>
#include <tao/pegtl/contrib/analyze.hpp>

#include <random>
#include <string>
#include <vector>

#include "grammar/errors.hpp"
#include "grammar/parser.hpp"

using namespace grundy;

namespace {

ast::Module parse_text(SourceManager& sm, const std::string& text, ParseMode mode = ParseMode::module) {
    return parse(sm, sm.add("t.game", text), mode);
}

std::string error_of(const std::string& text) {
    SourceManager sm;
    try {
        parse_text(sm, text);
    } catch (const DiagnosticError& e) {
        return format_diagnostic(sm, e.diagnostics.front());
    }
    return "<no error>";
}

std::string round_trip(const std::string& text) {
    SourceManager sm;
    ast::Module m = parse_text(sm, text);
    std::string out;
    for (auto& s : m.stmts) out += ast::to_source(*s) + "\n";
    return out;
}

}  // namespace

TEST_CASE("the grammar has no infinite loops or left recursion", "[grammar]") {
    CHECK(tao::pegtl::analyze<grammar::module>() == 0);
    CHECK(tao::pegtl::analyze<grammar::repl_entry>() == 0);
}

TEST_CASE("valid programs parse", "[grammar]") {
    const char* programs[] = {
        "",
        "# only a comment",
        "print 1",
        "print 1, \"two\", (3,), ()",
        "let (a, (b, _)) = (1, (2, 3))",
        "fn f(x, y) = if x < y then x else y",
        "game Nim { position n; move k in 1..n => n - k }",
        "game G(a, b) {\n position (x, y)\n start (p, q) => (p, q)\n canonical => (min(x, y), max(x, y))\n"
        " terminal when x == 0 => lose\n fn h(z) = z\n move take: k in 1..x where k > 0 => (x - k, y)\n"
        " move where y > 0 => (x, y - 1)\n}",
        "table sg(Nim(n)) for n in 0..10",
        "check x >= 0 for x in [1, 2], y in {3} where x != y",
        "for x in 1..3 { print x }",
        "if 1 < 2 { print 1 } else { print 2 }",
        "print [x for x in 1..10 where x % 2 == 0]",
        "print {x * x for x in 0..3}",
        "print not 1 in {1} and true or false",
        "print 1 | 2 ^ 3 & 4 << 1 >> 1",
        "print xs[0][1]",
        "print f(1)(2)",
        "import \"nim.game\"",
        "print 1_000_000",
        "print a not in b",
    };
    for (const char* p : programs) {
        INFO(p);
        SourceManager sm;
        CHECK_NOTHROW(parse_text(sm, p));
    }
}

TEST_CASE("syntax errors say what was expected, where", "[grammar]") {
    CHECK(error_of("print (1 + 2\n") ==
          "t.game:1:13: error: expected ')' (to close '(' at line 1, column 7)\nprint (1 + 2\n            ^\n");
    CHECK(error_of("let = 3").find("1:5: error: expected a name or a tuple pattern after 'let'") != std::string::npos);
    CHECK(error_of("game { }").find("1:6: error: expected the game's name after 'game'") != std::string::npos);
    CHECK(error_of("print 1 +").find("1:10: error: expected an expression") != std::string::npos);
    CHECK(error_of("print if a then b").find("expected 'else'") != std::string::npos);
    CHECK(error_of("game G { position n; move k in 1..n n - k }").find("expected '=>'") != std::string::npos);
    CHECK(error_of("banana").find("1:1: error: expected a statement") != std::string::npos);
    CHECK(error_of("print \"a\\q\"").find("unknown escape") != std::string::npos);
}

TEST_CASE("operators bind as documented", "[grammar]") {
    CHECK(round_trip("print 1 + 2 * 3") == "print 1 + 2 * 3\n");
    CHECK(round_trip("print (1 + 2) * 3") == "print (1 + 2) * 3\n");
    CHECK(round_trip("print 1 - (2 - 3)") == "print 1 - (2 - 3)\n");
    CHECK(round_trip("print 0..n - 1") == "print 0..n - 1\n");
    CHECK(round_trip("print a ^ b & c") == "print a ^ b & c\n");
    CHECK(round_trip("print (a ^ b) & c") == "print (a ^ b) & c\n");
    CHECK(round_trip("print not a == b") == "print not a == b\n");
    CHECK(round_trip("print -x[1]") == "print -x[1]\n");
    CHECK(round_trip("print -2 ** 2 * 3") == "print -2 ** 2 * 3\n");
    CHECK(round_trip("print (2 ** 3) ** 2") == "print (2 ** 3) ** 2\n");
    CHECK(round_trip("print let x = 1 in x in xs") == "print let x = 1 in x in xs\n");
    CHECK(round_trip("print let b = (x in xs) in b") == "print let b = (x in xs) in b\n");
    CHECK(round_trip("let [a, b] = xs") == "let [a, b] = xs\n");
}

TEST_CASE("printing the AST and parsing it again gives the same AST", "[grammar]") {
    const char* programs[] = {
        "game Chomp {\n position h\n start (rows, cols) => [rows for c in 1..cols]\n terminal when h == [1] => lose\n"
        " move i in 0..len(h) - 1, j in 0..h[i] - 1 where i + j > 0 =>\n"
        "  [(if c >= i then min(h[c], j) else h[c]) for c in 0..len(h) - 1 where c < i or j > 0]\n}",
        "game TreeMark(parent) {\n position marked\n start => {}\n"
        " fn path(v) = if v < 0 then {} else {v} + path(parent[v])\n"
        " move v in 0..len(parent) - 1 where v not in marked => marked + path(v)\n}",
        "let (a, b) = (1, (2,))\nprint a, b\ncheck a < b for a in 1..3, b in {4, 5} where a != b",
        "for (x, y) in [(1, 2)] { if x < y { print x } else { print y } }",
        "print -(-3), 1 << 2 >> 1, \"q\\\"uote\\n\", [1..3], {}, []",
        "let [a, (b, [c, _])] = [1, (2, [3, 4])]\nfor [n, m] in [[1, 2]] { print n + m }",
        "fn f(x) = let y = x + 1 in y * y\nprint let b = (1 in [1]) in b, let k = if 1 < 2 then 3 else 4 in k",
        "print -2 ** 2, (-2) ** 3, 2 ** 3 ** 2, 2 ** -x, (a ** b) ** c, xs[1..3]\nforget(g)",
    };
    for (const char* p : programs) {
        INFO(p);
        std::string once = round_trip(p);
        CHECK(round_trip(once) == once);
    }
}

TEST_CASE("deep nesting is refused before the parser recurses", "[grammar]") {
    std::string deep = "print " + std::string(500, '(') + "1" + std::string(500, ')');
    CHECK(error_of(deep).find("nested too deeply") != std::string::npos);
}

TEST_CASE("an entry that ends early is recognised (the REPL continues it)", "[grammar]") {
    SourceManager sm;
    auto incomplete = [&](const std::string& text) {
        try {
            parse_text(sm, text, ParseMode::repl);
        } catch (const DiagnosticError& e) {
            return ends_early(sm, e);
        }
        return false;
    };
    CHECK(incomplete("game G {\n position n\n"));
    CHECK(incomplete("print [1, 2,\n"));
    CHECK_FALSE(incomplete("print ]"));
    CHECK_FALSE(incomplete("sg(Nim(3))"));
}

namespace {

// A fully bracketed rendering of an arithmetic AST, to compare groupings.
std::string bracketed(const ast::Expr& e) {
    if (e.kind == ast::ExprKind::int_lit) return std::to_string(e.int_value);
    if (e.kind == ast::ExprKind::unary) return "(-" + bracketed(*e.items[0]) + ")";
    if (e.kind == ast::ExprKind::binary)
        return "(" + bracketed(*e.items[0]) + " " + ast::op_text(e.op) + " " + bracketed(*e.items[1]) + ")";
    return "?";
}

// The reference: recursive descent with a function per level, weakest
// first, each level left-associative, over operands and operators in a row.
struct Descent {
    const std::vector<std::string>& toks;
    std::size_t at = 0;
    static int level(const std::string& op) {
        static const std::vector<std::vector<std::string>> levels = {
            {"|"}, {"^"}, {"&"}, {"<<", ">>"}, {"+", "-"}, {"*", "/", "%"}};
        for (std::size_t i = 0; i < levels.size(); ++i)
            for (const auto& o : levels[i])
                if (o == op) return static_cast<int>(i);
        return -1;
    }
    std::string parse(int lv) {
        if (lv == 6) {
            const std::string& t = toks[at++];
            return t[0] == '-' ? "(-" + t.substr(1) + ")" : t;
        }
        std::string acc = parse(lv + 1);
        while (at < toks.size() && level(toks[at]) == lv) {
            const std::string op = toks[at++];
            acc = "(" + acc + " " + op + " " + parse(lv + 1) + ")";
        }
        return acc;
    }
};

}  // namespace

TEST_CASE("rows of arithmetic operators group as a level-by-level descent does", "[grammar]") {
    const std::vector<std::string> ops = {"|", "^", "&", "<<", ">>", "+", "-", "*", "/", "%"};
    std::mt19937 rng(20261127);
    for (int trial = 0; trial < 3000; ++trial) {
        const int n = 1 + static_cast<int>(rng() % 9);
        std::vector<std::string> toks;
        std::string text = "print ";
        for (int i = 0; i < n; ++i) {
            if (i > 0) {
                toks.push_back(ops[rng() % ops.size()]);
                text += " " + toks.back() + " ";
            }
            std::string x = std::to_string(1 + rng() % 9);
            if (rng() % 6 == 0) x = "-" + x;
            toks.push_back(x);
            text += x;
        }
        INFO(text);
        SourceManager sm;
        const ast::Module m = parse_text(sm, text);
        Descent d{toks};
        CHECK(bracketed(*m.stmts.at(0)->exprs.at(0)) == d.parse(0));
    }
}
