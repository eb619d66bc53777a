// Edits of expression trees that the rule rewrites share: names read and
// bound, substitution, and folds of literals that keep what an expression
// means (and where it fails).
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/ast/ast.hpp"

namespace grundy::expr_edits {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;

std::size_t count_nodes(const Expr& e);

void pattern_names(const ast::Pattern& p, std::vector<std::string>& out);

// The names an expression reads that it does not bind itself.
void free_names(const Expr& e, std::vector<std::string>& bound, std::set<std::string>& out);

// Every name bound anywhere inside e (comprehensions, lets).
void binders(const Expr& e, std::set<std::string>& out);

// e and everything in it placed at loc, so that its errors point there.
void place(Expr& e, Loc loc, std::uint32_t length);

// A copy of e with free occurrences of the mapped names replaced; with
// `at_use`, each copy placed where the name was (a literal put in for a
// step's name: its errors point at the name's use).
ExprPtr substitute(const Expr& e, std::vector<std::pair<std::string, const Expr*>> map, bool at_use = false);

// A tuple or list written out item by item (a range inside a list
// display is several items).
bool is_display(const Expr& e);

// An int literal, or one negated.
bool int_literal(const Expr& e);

// The value of an int literal, or of one negated.
std::optional<std::int64_t> literal_value(const Expr& e);

// The lets an earlier fold wrapped around a display (names with '#',
// which no rule can read) move out of it, outermost first.
void peel(ExprPtr& e, std::vector<ExprPtr>& lets);

// Wraps e back in lets that peel took off.
void rewrap(ExprPtr& e, std::vector<ExprPtr>& lets);

// `i - 1` with i a literal put in: +, - and * of literals, when the
// result fits (an overflow stays, to fail as written).
ExprPtr computed(ExprPtr e);

// `false and c` is false (c never ran), `true and c` and `c and true`
// are c when c gives a bool if anything (its errors its own); `or` alike.
ExprPtr logic(ExprPtr e);

// A comparison of two int literals is its bool.
ExprPtr compared(ExprPtr e);

// A condition that gives a bool if it gives anything, so that moved
// into an `if` it fails as the `where` would (with the where's message).
bool surely_bool(const Expr& e);

// The conjuncts of `a and b and ...`, in order.
void take_conjuncts(ExprPtr e, std::vector<ExprPtr>& out);

// `and` of conjuncts[from, to), left-associated as parsed; null when empty.
ExprPtr join_and(std::vector<ExprPtr>& conjuncts, std::size_t from, std::size_t to);

// Whether e mentions any of the names anywhere.
bool mentions_any(const Expr& e, const std::vector<std::string>& names);

}  // namespace grundy::expr_edits
