// Lexical rules: whitespace, comments, keywords, names and literals.
//
// Who eats whitespace: every token (`tok<...>`) eats the whitespace and
// comments that follow it, and the module rule eats the leading ones. So a
// rule that starts at a token never sees blanks. Newlines are plain
// whitespace: statements and game items begin with keywords, which is what
// separates them (`;` may be used as well).
#pragma once

#include <tao/pegtl.hpp>

namespace grundy::grammar {

namespace p = tao::pegtl;

struct comment : p::seq<p::one<'#'>, p::until<p::eolf>> {};
struct ws : p::sor<p::plus<p::space>, comment> {};
struct sp : p::star<ws> {};
template <typename R> struct tok : p::seq<R, sp> {};

struct ident_first : p::ranges<'a', 'z', 'A', 'Z', '_'> {};
struct ident_other : p::ranges<'a', 'z', 'A', 'Z', '0', '9', '_'> {};
template <typename S> struct key : p::seq<S, p::not_at<ident_other>> {};

#define GRUNDY_KEYWORD(name) \
    struct raw_##name : key<TAO_PEGTL_STRING(#name)> {}; \
    struct kw_##name : tok<raw_##name> {};

GRUNDY_KEYWORD(and)
GRUNDY_KEYWORD(assert)
GRUNDY_KEYWORD(canonical)
GRUNDY_KEYWORD(check)
GRUNDY_KEYWORD(else)
GRUNDY_KEYWORD(false)
GRUNDY_KEYWORD(fn)
GRUNDY_KEYWORD(for)
GRUNDY_KEYWORD(game)
GRUNDY_KEYWORD(if)
GRUNDY_KEYWORD(import)
GRUNDY_KEYWORD(in)
GRUNDY_KEYWORD(let)
GRUNDY_KEYWORD(lose)
GRUNDY_KEYWORD(move)
GRUNDY_KEYWORD(not)
GRUNDY_KEYWORD(or)
GRUNDY_KEYWORD(position)
GRUNDY_KEYWORD(plot)
GRUNDY_KEYWORD(print)
GRUNDY_KEYWORD(start)
GRUNDY_KEYWORD(table)
GRUNDY_KEYWORD(terminal)
GRUNDY_KEYWORD(then)
GRUNDY_KEYWORD(true)
GRUNDY_KEYWORD(when)
GRUNDY_KEYWORD(where)
#undef GRUNDY_KEYWORD

struct keyword : p::sor<raw_and, raw_assert, raw_canonical, raw_check, raw_else, raw_false, raw_fn, raw_for,
                        raw_game, raw_if, raw_import, raw_in, raw_let, raw_lose, raw_move, raw_not, raw_or,
                        raw_position, raw_plot, raw_print, raw_start, raw_table, raw_terminal, raw_then, raw_true,
                        raw_when, raw_where> {};

struct name_raw : p::seq<p::not_at<keyword>, ident_first, p::star<ident_other>> {};
struct name : tok<name_raw> {};

struct int_raw : p::seq<p::digit, p::star<p::sor<p::digit, p::seq<p::one<'_'>, p::digit>>>, p::not_at<ident_other>> {};
struct int_lit : tok<int_raw> {};

struct escape_char : p::one<'"', '\\', 'n', 't'> {};
struct escape : p::seq<p::one<'\\'>, p::must<escape_char>> {};
struct str_char : p::sor<escape, p::not_one<'\n', '\r', '"', '\\'>> {};
struct str_close : p::one<'"'> {};
struct str_raw : p::seq<p::one<'"'>, p::star<str_char>, p::must<str_close>> {};
struct str_lit : tok<str_raw> {};

// Punctuation. Each is its own struct so each can have an error message.
struct comma : tok<p::one<','>> {};
struct open_paren : tok<p::one<'('>> {};
struct close_paren : tok<p::one<')'>> {};
struct open_bracket : tok<p::one<'['>> {};
struct close_bracket : tok<p::one<']'>> {};
struct open_brace : tok<p::one<'{'>> {};
struct close_brace : tok<p::one<'}'>> {};
struct arrow : tok<p::string<'=', '>'>> {};
struct equals : tok<p::seq<p::one<'='>, p::not_at<p::one<'=', '>'>>>> {};
struct colon : tok<p::one<':'>> {};
struct semicolon : tok<p::one<';'>> {};
struct dotdot : tok<p::string<'.', '.'>> {};

}  // namespace grundy::grammar
