// The abstract syntax tree: what the parser produces and the compiler reads.
//
// Owned (unique_ptr) and independent of PEGTL. Every node keeps its source
// location and the width of the text to underline, so semantic and runtime
// errors can point at it exactly like syntax errors.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/support/source.hpp"

namespace grundy::ast {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

enum class Op : std::uint8_t {
    // arithmetic and bitwise
    add, sub, mul, div, mod, bit_and, bit_or, bit_xor, shl, shr, pow, neg,
    // comparisons
    eq, ne, lt, le, gt, ge, in, not_in,
};
const char* op_text(Op op);

// A binding pattern: a name, `_`, or a tuple of patterns (written `(..)`
// or `[..]`; either takes a tuple or a list of its length).
struct Pattern {
    Loc loc;
    std::uint32_t length = 1;
    std::string name;              // empty when this is a tuple pattern
    std::vector<Pattern> items;    // the parts of a tuple pattern
    bool brackets = false;         // written `[a, b]`
    bool is_tuple() const { return name.empty(); }
};

struct Generator {
    Pattern pattern;
    ExprPtr iterable;
};

// `x in xs, y in ys where cond`: generators and an optional filter.
struct Generators {
    std::vector<Generator> gens;
    ExprPtr where;  // may be null
};

enum class ExprKind : std::uint8_t {
    int_lit, str_lit, bool_lit, name,
    unary,      // op, items[0]
    binary,     // op, items[0], items[1]
    compare,    // op, items[0], items[1]
    logic_and, logic_or, logic_not,
    if_else,    // items: cond, then, else
    range,      // items: lo, hi
    tuple, list, set,      // items
    list_comp, set_comp,   // items[0] = element, gens
    call,       // items[0] = callee, rest = arguments
    index,      // items[0] = base, items[1] = index
    let_in,     // `let p = v in body`: gens.gens[0] binds p to v (its iterable), items[0] = body
};

struct Expr {
    ExprKind kind;
    Loc loc;
    std::uint32_t length = 1;
    Op op = Op::add;
    std::int64_t int_value = 0;   // int_lit, bool_lit (0/1)
    std::string text;             // name, str_lit
    std::vector<ExprPtr> items;
    Generators gens;              // comprehensions

    Expr(ExprKind k, Loc l, std::uint32_t len = 1) : kind(k), loc(l), length(len) {}
};

struct Param {
    Loc loc;
    std::string name;
};

struct FnDef {
    Loc loc;                      // the name
    std::string name;
    std::vector<Param> params;
    ExprPtr body;
};

struct MoveDef {
    Loc loc;                      // the `move` keyword
    std::string label;            // empty when unlabelled
    Generators gens;
    ExprPtr result;
};

struct StartDef {
    Loc loc;
    std::optional<Pattern> pattern;  // absent: `start => expr` takes no arguments
    ExprPtr body;
};

struct GameDef {
    Loc loc;                      // the name
    std::string name;
    bool has_params = false;      // `game G(...)`, even `game G()`
    std::vector<Param> params;
    std::optional<Pattern> position;
    Loc position_loc;
    std::optional<StartDef> start;
    ExprPtr canonical;            // may be null
    ExprPtr terminal;             // may be null: `terminal when cond => lose`
    std::vector<FnDef> fns;
    std::vector<MoveDef> moves;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

enum class StmtKind : std::uint8_t {
    import_file, let, fn, game, print, assert_that, table, plot, check, for_each, if_else, expr,
};

struct Stmt {
    StmtKind kind;
    Loc loc;                      // the keyword
    std::uint32_t length = 1;
    std::string path;             // import
    std::optional<Pattern> pattern;  // let, for
    std::vector<ExprPtr> exprs;   // let: value; print: values; assert: cond [, message];
                                  // table/check: the expression; for: iterable; if: cond; expr
    Generators gens;              // table, check
    std::unique_ptr<FnDef> fn;
    std::unique_ptr<GameDef> game;
    std::vector<StmtPtr> body;    // for, if (then branch)
    std::vector<StmtPtr> else_body;

    Stmt(StmtKind k, Loc l, std::uint32_t len = 1) : kind(k), loc(l), length(len) {}
};

struct Module {
    std::uint32_t source = 0;
    std::vector<StmtPtr> stmts;
};

// Deep copies, locations kept: the compiler rewrites copies of rules.
ExprPtr clone(const Expr& e);
Generators clone(const Generators& g);
// A game with gd's name, parameters and places, and no rules: the start of
// a rewritten copy.
std::unique_ptr<GameDef> game_shell(const GameDef& gd);

// Prints the tree back as Grundy source (used by round-trip tests and :show).
std::string to_source(const Expr& e);
std::string to_source(const Pattern& p);
std::string to_source(const GameDef& g);
std::string to_source(const Stmt& s, int indent = 0);

}  // namespace grundy::ast
