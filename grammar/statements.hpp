// Games, statements and the two top rules: a module (a file) and a REPL
// entry. Every statement begins with a keyword; after it the parse commits
// (`if_must`), so a broken statement reports what it expected, where.
#pragma once

#include "expressions.hpp"

namespace grundy::grammar {

struct statement;
struct program_statement;

// A rule parameter list or a function parameter list: `(a, b)`.
struct param : name {};
struct param_close : close_paren {};
struct params : p::seq<open_paren, p::opt<param, p::star<comma, p::must<param>>>, p::must<param_close>> {};

struct fn_name : name {};
struct fn_params : params {};
struct fn_equals : equals {};
struct fn_body : expr {};
struct fn_def : p::if_must<kw_fn, fn_name, fn_params, fn_equals, fn_body> {};

// Game items.
struct position_pattern : pattern {};
struct position_item : p::if_must<kw_position, position_pattern> {};
struct start_pattern : pattern {};
struct start_arrow : arrow {};
struct start_body : expr {};
struct start_item : p::seq<kw_start, p::opt<start_pattern>, p::must<start_arrow, start_body>> {};
struct canonical_arrow : arrow {};
struct canonical_body : expr {};
struct canonical_item : p::if_must<kw_canonical, canonical_arrow, canonical_body> {};
struct terminal_when : kw_when {};
struct terminal_cond : expr {};
struct terminal_arrow : arrow {};
struct terminal_lose : kw_lose {};
struct terminal_item : p::if_must<kw_terminal, terminal_when, terminal_cond, terminal_arrow, terminal_lose> {};
struct move_label : p::seq<name, p::not_at<p::string<':', ':'>>, colon> {};
struct move_where : where_clause {};
struct move_arrow : arrow {};
struct move_result : expr {};
struct move_item : p::seq<kw_move, p::opt<move_label>, p::opt<p::sor<generators, move_where>>, p::must<move_arrow, move_result>> {};
struct game_item : p::sor<semicolon, position_item, start_item, canonical_item, terminal_item, fn_def, move_item> {};
struct game_close : close_brace {};
struct game_body : p::seq<open_brace, p::star<game_item>, p::must<game_close>> {};
struct game_name : name {};
struct game_def : p::seq<kw_game, p::must<game_name>, p::opt<params>, p::must<game_body>> {};

// Statements.
struct import_path : str_lit {};
struct import_stmt : p::if_must<kw_import, import_path> {};
struct let_pattern : pattern {};
struct let_equals : equals {};
struct let_value : expr {};
struct let_stmt : p::if_must<kw_let, let_pattern, let_equals, let_value> {};
struct print_value : expr {};
struct print_stmt : p::seq<kw_print, p::must<print_value>, p::star<comma, p::must<print_value>>> {};
struct assert_cond : expr {};
struct assert_message : expr {};
struct assert_stmt : p::seq<kw_assert, p::must<assert_cond>, p::opt<comma, p::must<assert_message>>> {};
struct query_for : kw_for {};
struct query_generators : generators {};
struct table_value : expr {};
struct table_stmt : p::if_must<kw_table, table_value, query_for, query_generators> {};
struct plot_value : expr {};
struct plot_stmt : p::if_must<kw_plot, plot_value, query_for, query_generators> {};
struct check_cond : expr {};
struct check_stmt : p::if_must<kw_check, check_cond, query_for, query_generators> {};
// A call alone is a statement in a file or a block (`forget(g)`); its value
// is dropped. The REPL shows a call's value instead (expr_stmt).
struct call_stmt : p::seq<p::at<name, open_paren>, postfix> {};
struct program_statement : p::sor<statement, call_stmt> {};
struct block_close : close_brace {};
struct block : p::seq<open_brace, p::star<program_statement>, p::must<block_close>> {};
struct for_generators : generators {};
struct for_block : block {};
struct for_stmt : p::if_must<kw_for, for_generators, for_block> {};
struct if_cond : expr {};
struct then_block : block {};
struct else_block : block {};
struct if_stmt : p::seq<kw_if, if_cond, p::at<p::one<'{'>>, p::must<then_block>, p::opt<kw_else, p::must<else_block>>> {};
struct statement : p::sor<semicolon, import_stmt, let_stmt, fn_def, game_def, print_stmt, assert_stmt, table_stmt,
                          plot_stmt, check_stmt, for_stmt, if_stmt> {};

struct end_of_module : p::eof {};
struct module : p::seq<sp, p::star<program_statement>, p::must<end_of_module>> {};

// The REPL also takes bare expressions; their values are printed.
struct expr_stmt : p::seq<expr> {};
struct repl_entry : p::seq<sp, p::star<p::sor<statement, expr_stmt>>, p::must<end_of_module>> {};

}  // namespace grundy::grammar
