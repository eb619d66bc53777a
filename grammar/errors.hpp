// The error message of every commit point in the grammar. `must_if` with
// RequireMessage checks at compile time that each rule used under `must`
// has one here, so a new commit point cannot ship without its message.
#pragma once

#include "statements.hpp"

namespace grundy::grammar {

template <typename Rule> inline constexpr const char* error_message = nullptr;

#define GRUNDY_ERROR(rule, text) template <> inline constexpr const char* error_message<rule> = text;

// Lexical
GRUNDY_ERROR(escape_char, "unknown escape sequence in string (use \\\" \\\\ \\n or \\t)")
GRUNDY_ERROR(str_close, "unterminated string: expected '\"' before the end of the line")

// Expressions
template <typename Next> inline constexpr const char* error_message<rhs<Next>> = "expected an expression";
GRUNDY_ERROR(pattern_close, "expected ')' to close the tuple pattern")
GRUNDY_ERROR(pattern_bracket_close, "expected ']' to close the list pattern")
GRUNDY_ERROR(pattern, "expected a name or a pattern like (a, b) or [a, b]")
GRUNDY_ERROR(gen_in, "expected 'in' after the generator's name")
GRUNDY_ERROR(gen_iterable, "expected an expression to iterate over")
GRUNDY_ERROR(where_cond, "expected a condition after 'where'")
GRUNDY_ERROR(comp_generators, "expected a generator like 'x in xs' after 'for'")
GRUNDY_ERROR(close_paren, "expected ')'")
GRUNDY_ERROR(close_bracket, "expected ']'")
GRUNDY_ERROR(close_brace, "expected '}'")
GRUNDY_ERROR(call_close, "expected ',' or ')' in the argument list")
GRUNDY_ERROR(index_expr, "expected an index expression")
GRUNDY_ERROR(if_then, "expected 'then' after the condition of 'if'")
GRUNDY_ERROR(if_else_kw, "expected 'else': an 'if' expression needs both branches")
GRUNDY_ERROR(let_in_pattern, "expected a name or a pattern like (a, b) or [a, b] after 'let'")
GRUNDY_ERROR(let_in_equals, "expected '=' after the pattern in 'let'")
GRUNDY_ERROR(let_in_value, "expected an expression after '='")
GRUNDY_ERROR(let_in_kw, "expected 'in' and the expression that uses the name: 'let x = value in body'")

// Games
GRUNDY_ERROR(param, "expected a parameter name")
GRUNDY_ERROR(param_close, "expected ',' or ')' in the parameter list")
GRUNDY_ERROR(fn_name, "expected the function's name after 'fn'")
GRUNDY_ERROR(fn_params, "expected '(' and the parameters of the function")
GRUNDY_ERROR(fn_equals, "expected '=' before the function's body")
GRUNDY_ERROR(fn_body, "expected the function's body (an expression)")
GRUNDY_ERROR(position_pattern, "expected a position pattern: a name or a tuple like (a, b)")
GRUNDY_ERROR(start_arrow, "expected '=>' in the start rule")
GRUNDY_ERROR(start_body, "expected the start position (an expression) after '=>'")
GRUNDY_ERROR(canonical_arrow, "expected '=>' after 'canonical'")
GRUNDY_ERROR(canonical_body, "expected the canonical form (an expression) after '=>'")
GRUNDY_ERROR(terminal_when, "expected 'when' after 'terminal'")
GRUNDY_ERROR(terminal_cond, "expected the terminal condition after 'when'")
GRUNDY_ERROR(terminal_arrow, "expected '=>' after the terminal condition")
GRUNDY_ERROR(terminal_lose, "expected 'lose': a terminal position is lost by the player to move")
GRUNDY_ERROR(move_arrow, "expected '=>' and the move's result")
GRUNDY_ERROR(move_result, "expected the move's result (an expression) after '=>'")
GRUNDY_ERROR(game_close, "expected a game item (position, start, canonical, terminal, fn, move) or '}'")
GRUNDY_ERROR(game_name, "expected the game's name after 'game'")
GRUNDY_ERROR(game_body, "expected '{' and the game's body")

// Statements
GRUNDY_ERROR(import_path, "expected a file name in quotes after 'import'")
GRUNDY_ERROR(let_pattern, "expected a name or a tuple pattern after 'let'")
GRUNDY_ERROR(let_equals, "expected '=' after the name in 'let'")
GRUNDY_ERROR(let_value, "expected an expression after '='")
GRUNDY_ERROR(print_value, "expected an expression to print")
GRUNDY_ERROR(assert_cond, "expected a condition after 'assert'")
GRUNDY_ERROR(assert_message, "expected a message after ','")
GRUNDY_ERROR(query_for, "expected 'for' and the generators, like 'for n in 0..20'")
GRUNDY_ERROR(query_generators, "expected a generator like 'n in 0..20' after 'for'")
GRUNDY_ERROR(table_value, "expected an expression after 'table'")
GRUNDY_ERROR(plot_value, "expected an expression after 'plot'")
GRUNDY_ERROR(check_cond, "expected a condition after 'check'")
GRUNDY_ERROR(block_close, "expected a statement or '}'")
GRUNDY_ERROR(for_generators, "expected a generator like 'x in xs' after 'for'")
GRUNDY_ERROR(for_block, "expected '{' and the loop's body")
GRUNDY_ERROR(then_block, "expected '{' and the body of 'if'")
GRUNDY_ERROR(else_block, "expected '{' and the body of 'else'")
GRUNDY_ERROR(end_of_module,
             "expected a statement (import, let, fn, game, print, assert, table, plot, check, for, if)")

#undef GRUNDY_ERROR

struct errors {
    template <typename Rule> static constexpr const char* message = error_message<Rule>;
    // Raise only at commit points (under `must`), never on an ordinary failure.
    template <typename Rule> static constexpr bool raise_on_failure = false;
};

template <typename Rule> using control = p::must_if<errors>::control<Rule>;

}  // namespace grundy::grammar
