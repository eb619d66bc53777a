// Expressions, weakest binding first:
//   if-then-else and let-in; or; and; not; comparisons and `in`, `not in`;
//   `..`; `|`; `^`; `&`; `<< >>`; `+ -`; `* / %`; unary `-`; `**`; call
//   and index.
// Each level is one rule but the arithmetic ones (arith_expr); the parse
// tree folds a rule's node when it has a single child.
#pragma once

#include "lexical.hpp"

namespace grundy::grammar {

struct expr;

// Patterns bind names: `x`, `_`, `(a, (b, c))`, `[a, b]`. Either bracket
// takes a tuple or a list of its length.
struct pattern;
struct pattern_name : name {};
struct pattern_list : p::seq<pattern, p::star<comma, pattern>, p::opt<comma>> {};
struct pattern_close : close_paren {};
struct pattern_tuple : p::seq<open_paren, p::opt<pattern_list>, p::must<pattern_close>> {};
struct pattern_bracket_close : close_bracket {};
struct pattern_brackets : p::seq<open_bracket, p::opt<pattern_list>, p::must<pattern_bracket_close>> {};
struct pattern : p::sor<pattern_name, pattern_tuple, pattern_brackets> {};

// Generators: `x in xs, (a, b) in ys where cond`.
struct gen_in : kw_in {};
struct gen_iterable : p::seq<expr> {};
struct generator : p::if_must<pattern, gen_in, gen_iterable> {};
struct where_cond : p::seq<expr> {};
struct where_clause : p::if_must<kw_where, where_cond> {};
struct generators : p::seq<generator, p::star<comma, generator>, p::opt<where_clause>> {};

// Displays and comprehensions: (a, b)  [a, b]  {a, b}  [e for x in xs]
struct trailing_comma : comma {};
struct comp_generators : generators {};
struct comp_for : p::if_must<kw_for, comp_generators> {};
struct elements : p::seq<expr, p::sor<comp_for, p::seq<p::star<comma, expr>, p::opt<trailing_comma>>>> {};
struct paren_elements : p::seq<expr, p::star<comma, expr>, p::opt<trailing_comma>> {};
struct paren : p::seq<open_paren, p::opt<paren_elements>, p::must<close_paren>> {};
struct list_display : p::seq<open_bracket, p::opt<elements>, p::must<close_bracket>> {};
struct set_display : p::seq<open_brace, p::opt<elements>, p::must<close_brace>> {};

struct true_lit : kw_true {};
struct false_lit : kw_false {};
struct primary : p::sor<int_lit, str_lit, true_lit, false_lit, paren, list_display, set_display, name> {};

struct arguments : p::opt<expr, p::star<comma, expr>> {};
struct call_close : close_paren {};
struct call_suffix : p::seq<open_paren, arguments, p::must<call_close>> {};
struct index_expr : p::seq<expr> {};
struct index_suffix : p::if_must<open_bracket, index_expr, close_bracket> {};
struct postfix : p::seq<primary, p::star<p::sor<call_suffix, index_suffix>>> {};

// An operand after an operator or keyword: the parse commits there, so
// `a +` at the end of a line reports "expected an expression".
template <typename Next> struct rhs : p::seq<Next> {};

// `a ** b` binds tighter than a unary minus on its left and takes one on
// its right, as in Python: -2 ** 2 is -4, 2 ** -1 an error.
struct op_pow : tok<p::string<'*', '*'>> {};
struct unary;
struct power : p::seq<postfix, p::opt<op_pow, p::must<rhs<unary>>>> {};
struct neg_op : tok<p::one<'-'>> {};
struct neg : p::if_must<neg_op, rhs<unary>> {};
struct unary : p::sor<neg, power> {};

struct op_mul : tok<p::seq<p::one<'*'>, p::not_at<p::one<'*'>>>> {};
struct op_div : tok<p::one<'/'>> {};
struct op_mod : tok<p::one<'%'>> {};
struct op_add : tok<p::one<'+'>> {};
struct op_sub : tok<p::one<'-'>> {};
struct op_shl : tok<p::string<'<', '<'>> {};
struct op_shr : tok<p::string<'>', '>'>> {};
struct op_band : tok<p::one<'&'>> {};
struct op_bxor : tok<p::one<'^'>> {};
struct op_bor : tok<p::one<'|'>> {};

template <typename Op, typename Next> struct left_assoc : p::seq<Next, p::star<Op, p::must<rhs<Next>>>> {};

// The arithmetic and bitwise levels, `* / %`, `+ -`, `<< >>`, `&`, `^`, `|`
// from the tightest, are one rule: operands and operators in a row, which
// the parser groups by precedence (a rule per level would make a node per
// level for every operand).
struct arith_op : p::sor<op_mul, op_div, op_mod, op_add, op_sub, op_shl, op_shr, op_band, op_bxor, op_bor> {};
struct arith_expr : left_assoc<arith_op, unary> {};
struct range_expr : p::seq<arith_expr, p::opt<dotdot, p::must<rhs<arith_expr>>>> {};

struct op_eq : tok<p::string<'=', '='>> {};
struct op_ne : tok<p::string<'!', '='>> {};
struct op_le : tok<p::string<'<', '='>> {};
struct op_ge : tok<p::string<'>', '='>> {};
struct op_lt : tok<p::one<'<'>> {};
struct op_gt : tok<p::one<'>'>> {};
struct op_in : kw_in {};
struct op_not_in : p::seq<kw_not, kw_in> {};
struct cmp_op : p::sor<op_eq, op_ne, op_le, op_ge, op_lt, op_gt, op_in, op_not_in> {};
struct cmp_expr : p::seq<range_expr, p::opt<cmp_op, p::must<rhs<range_expr>>>> {};

struct not_expr;
struct logic_not : p::if_must<kw_not, rhs<not_expr>> {};
struct not_expr : p::sor<logic_not, cmp_expr> {};
struct and_expr : left_assoc<kw_and, not_expr> {};
struct or_expr : left_assoc<kw_or, and_expr> {};

struct if_then : kw_then {};
struct if_else_kw : kw_else {};
struct if_expr : p::if_must<kw_if, rhs<expr>, if_then, rhs<expr>, if_else_kw, rhs<expr>> {};

// The value of `let p = v in body` stops at that `in`: it is an expression
// whose top level has no membership test `x in xs` (`not in` is kept, and
// brackets allow anything: `let b = (x in xs) in ...`). The levels from
// comparisons up are repeated for it.
struct expr_ni;
struct cmp_op_ni : p::sor<op_eq, op_ne, op_le, op_ge, op_lt, op_gt, op_not_in> {};
struct cmp_expr_ni : p::seq<range_expr, p::opt<cmp_op_ni, p::must<rhs<range_expr>>>> {};
struct not_expr_ni;
struct logic_not_ni : p::if_must<kw_not, rhs<not_expr_ni>> {};
struct not_expr_ni : p::sor<logic_not_ni, cmp_expr_ni> {};
struct and_expr_ni : left_assoc<kw_and, not_expr_ni> {};
struct or_expr_ni : left_assoc<kw_or, and_expr_ni> {};
struct if_expr_ni : p::if_must<kw_if, rhs<expr>, if_then, rhs<expr>, if_else_kw, rhs<expr_ni>> {};
struct expr_ni : p::sor<if_expr_ni, or_expr_ni> {};

// `let p = v in body`: the body reaches as far as it can, like an `if`'s
// else branch.
struct let_in_pattern : pattern {};
struct let_in_equals : equals {};
struct let_in_value : expr_ni {};
struct let_in_kw : kw_in {};
struct let_expr : p::if_must<kw_let, let_in_pattern, let_in_equals, let_in_value, let_in_kw, rhs<expr>> {};

struct expr : p::sor<if_expr, let_expr, or_expr> {};

}  // namespace grundy::grammar
