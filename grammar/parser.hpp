// The front door of the front end: source text in, owned AST out.
//
// This header hides PEGTL; parser.cpp is the only translation unit that
// includes the grammar. Syntax errors are thrown as DiagnosticError.
#pragma once

#include "interpreter/ast/ast.hpp"
#include "interpreter/support/diagnostic.hpp"

namespace grundy {

enum class ParseMode {
    module,  // a file: statements only
    repl,    // a REPL entry: statements and bare expressions
};

// Parses source `id` of `sm`. Throws DiagnosticError on a syntax error.
ast::Module parse(const SourceManager& sm, std::uint32_t id, ParseMode mode = ParseMode::module);

// True when `e` is a syntax error at the very end of the text, i.e. more
// input could complete it (the REPL then asks for another line).
bool ends_early(const SourceManager& sm, const DiagnosticError& e);

// Brackets nest at most this deep: the parser recurses on nesting, and a
// bound keeps hostile input from exhausting the stack.
inline constexpr int max_nesting = 200;
// Rule nesting bound for the parser (each bracket costs about 20 rules).
inline constexpr std::size_t max_rule_depth = 8000;

}  // namespace grundy
