// Prints the AST back as source. Parenthesises by precedence, so that
// parse(to_source(parse(s))) == parse(s) holds (the grammar round-trip test).
#include <fmt/format.h>

#include "ast.hpp"
#include "interpreter/support/quote.hpp"

namespace grundy::ast {

const char* op_text(Op op) {
    switch (op) {
        case Op::add: return "+";
        case Op::sub: return "-";
        case Op::mul: return "*";
        case Op::div: return "/";
        case Op::mod: return "%";
        case Op::bit_and: return "&";
        case Op::bit_or: return "|";
        case Op::bit_xor: return "^";
        case Op::shl: return "<<";
        case Op::shr: return ">>";
        case Op::pow: return "**";
        case Op::neg: return "-";
        case Op::eq: return "==";
        case Op::ne: return "!=";
        case Op::lt: return "<";
        case Op::le: return "<=";
        case Op::gt: return ">";
        case Op::ge: return ">=";
        case Op::in: return "in";
        case Op::not_in: return "not in";
    }
    return "?";
}

namespace {

// Binding strength, weakest first; mirrors grammar/expressions.hpp.
enum Level { l_if = 1, l_or, l_and, l_not, l_cmp, l_range, l_bor, l_bxor, l_band, l_shift, l_add, l_mul, l_unary, l_pow, l_postfix, l_atom };

int binary_level(Op op) {
    switch (op) {
        case Op::bit_or: return l_bor;
        case Op::bit_xor: return l_bxor;
        case Op::bit_and: return l_band;
        case Op::shl: case Op::shr: return l_shift;
        case Op::add: case Op::sub: return l_add;
        case Op::pow: return l_pow;
        default: return l_mul;
    }
}

int level(const Expr& e) {
    switch (e.kind) {
        case ExprKind::if_else: case ExprKind::let_in: return l_if;
        case ExprKind::logic_or: return l_or;
        case ExprKind::logic_and: return l_and;
        case ExprKind::logic_not: return l_not;
        case ExprKind::compare: return l_cmp;
        case ExprKind::range: return l_range;
        case ExprKind::binary: return binary_level(e.op);
        case ExprKind::unary: return l_unary;
        case ExprKind::call: case ExprKind::index: return l_postfix;
        case ExprKind::int_lit: return e.int_value < 0 ? l_unary : l_atom;
        default: return l_atom;
    }
}

std::string sub(const Expr& e, int min_level) {
    std::string s = to_source(e);
    return level(e) < min_level ? "(" + s + ")" : s;
}

std::string gens_source(const Generators& g) {
    std::string out;
    for (std::size_t i = 0; i < g.gens.size(); ++i) {
        if (i) out += ", ";
        out += to_source(g.gens[i].pattern) + " in " + to_source(*g.gens[i].iterable);
    }
    if (g.where) out += (out.empty() ? "where " : " where ") + to_source(*g.where);
    return out;
}

std::string join(const std::vector<ExprPtr>& xs, std::size_t from = 0) {
    std::string out;
    for (std::size_t i = from; i < xs.size(); ++i) {
        if (i > from) out += ", ";
        out += to_source(*xs[i]);
    }
    return out;
}

std::string params_source(const std::vector<Param>& ps) {
    std::string out;
    for (std::size_t i = 0; i < ps.size(); ++i) out += (i ? ", " : "") + ps[i].name;
    return out;
}

std::string block(const std::vector<StmtPtr>& body, int indent) {
    std::string out = "{\n";
    for (auto& s : body) out += to_source(*s, indent + 1) + "\n";
    return out + std::string(4 * indent, ' ') + "}";
}

}  // namespace

std::string to_source(const Pattern& p) {
    if (!p.is_tuple()) return p.name;
    std::string out = p.brackets ? "[" : "(";
    for (std::size_t i = 0; i < p.items.size(); ++i) out += (i ? ", " : "") + to_source(p.items[i]);
    if (p.brackets) return out + "]";
    if (p.items.size() == 1) out += ",";
    return out + ")";
}

std::string to_source(const Expr& e) {
    switch (e.kind) {
        case ExprKind::int_lit: return std::to_string(e.int_value);
        case ExprKind::str_lit: return quoted(e.text);
        case ExprKind::bool_lit: return e.int_value ? "true" : "false";
        case ExprKind::name: return e.text;
        case ExprKind::unary: return "-" + sub(*e.items[0], l_unary);
        case ExprKind::binary: {
            int l = binary_level(e.op);
            // Right-associative, and its right side may be a negation.
            if (e.op == Op::pow) return sub(*e.items[0], l_postfix) + " ** " + sub(*e.items[1], l_unary);
            return sub(*e.items[0], l) + " " + op_text(e.op) + " " + sub(*e.items[1], l + 1);
        }
        case ExprKind::compare:
            return sub(*e.items[0], l_range) + " " + op_text(e.op) + " " + sub(*e.items[1], l_range);
        case ExprKind::logic_and: return sub(*e.items[0], l_and) + " and " + sub(*e.items[1], l_not);
        case ExprKind::logic_or: return sub(*e.items[0], l_or) + " or " + sub(*e.items[1], l_and);
        case ExprKind::logic_not: return "not " + sub(*e.items[0], l_not);
        case ExprKind::if_else:
            return "if " + to_source(*e.items[0]) + " then " + to_source(*e.items[1]) + " else " + to_source(*e.items[2]);
        case ExprKind::range: return sub(*e.items[0], l_bor) + ".." + sub(*e.items[1], l_bor);
        case ExprKind::tuple:
            return "(" + join(e.items) + (e.items.size() == 1 ? ",)" : ")");
        case ExprKind::list: return "[" + join(e.items) + "]";
        case ExprKind::set: return "{" + join(e.items) + "}";
        case ExprKind::list_comp: return "[" + to_source(*e.items[0]) + " for " + gens_source(e.gens) + "]";
        case ExprKind::set_comp: return "{" + to_source(*e.items[0]) + " for " + gens_source(e.gens) + "}";
        case ExprKind::call: return sub(*e.items[0], l_postfix) + "(" + join(e.items, 1) + ")";
        case ExprKind::index: return sub(*e.items[0], l_postfix) + "[" + to_source(*e.items[1]) + "]";
        case ExprKind::let_in:
            // The value stops at `in`: one with a comparison goes in brackets.
            return "let " + to_source(e.gens.gens[0].pattern) + " = " + sub(*e.gens.gens[0].iterable, l_range) + " in " +
                   to_source(*e.items[0]);
    }
    return "?";
}

std::string to_source(const GameDef& g) {
    std::string out = "game " + g.name;
    if (g.has_params) out += "(" + params_source(g.params) + ")";
    out += " {\n";
    if (g.position) out += "    position " + to_source(*g.position) + "\n";
    if (g.start) {
        out += "    start ";
        if (g.start->pattern) out += to_source(*g.start->pattern) + " ";
        out += "=> " + to_source(*g.start->body) + "\n";
    }
    if (g.canonical) out += "    canonical => " + to_source(*g.canonical) + "\n";
    if (g.terminal) out += "    terminal when " + to_source(*g.terminal) + " => lose\n";
    for (auto& f : g.fns) out += "    fn " + f.name + "(" + params_source(f.params) + ") = " + to_source(*f.body) + "\n";
    for (auto& m : g.moves) {
        out += "    move ";
        if (!m.label.empty()) out += m.label + ": ";
        std::string gs = gens_source(m.gens);
        if (!gs.empty()) out += gs + " ";
        out += "=> " + to_source(*m.result) + "\n";
    }
    return out + "}";
}

std::string to_source(const Stmt& s, int indent) {
    std::string pad(4 * indent, ' ');
    switch (s.kind) {
        case StmtKind::import_file: return pad + "import " + quoted(s.path);
        case StmtKind::let: return pad + "let " + to_source(*s.pattern) + " = " + to_source(*s.exprs[0]);
        case StmtKind::fn:
            return pad + "fn " + s.fn->name + "(" + params_source(s.fn->params) + ") = " + to_source(*s.fn->body);
        case StmtKind::game: return to_source(*s.game);
        case StmtKind::print: return pad + "print " + join(s.exprs);
        case StmtKind::assert_that: return pad + "assert " + join(s.exprs);
        case StmtKind::table: return pad + "table " + sub(*s.exprs[0], l_or) + " for " + gens_source(s.gens);
        case StmtKind::plot: return pad + "plot " + sub(*s.exprs[0], l_or) + " for " + gens_source(s.gens);
        case StmtKind::check: return pad + "check " + sub(*s.exprs[0], l_or) + " for " + gens_source(s.gens);
        case StmtKind::for_each:
            return pad + "for " + gens_source(s.gens) + " " + block(s.body, indent);
        case StmtKind::if_else: {
            std::string out = pad + "if " + to_source(*s.exprs[0]) + " " + block(s.body, indent);
            if (!s.else_body.empty()) out += " else " + block(s.else_body, indent);
            return out;
        }
        case StmtKind::expr: return pad + to_source(*s.exprs[0]);
    }
    return "?";
}

}  // namespace grundy::ast
