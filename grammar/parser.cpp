// Parse tree to AST. The parse tree keeps only the selected rules below;
// each `build_*` function turns one kind of node into its AST node.
#include "parser.hpp"

#include <cctype>
#include <cstddef>
#include <memory>
#include <vector>
#include <fmt/format.h>

#include <tao/pegtl/contrib/limit_depth.hpp>
#include <tao/pegtl/contrib/parse_tree.hpp>

#include "errors.hpp"
#include "interpreter/support/suggest.hpp"

namespace grundy {

namespace g = grammar;
namespace p = tao::pegtl;
namespace pt = tao::pegtl::parse_tree;

namespace {

template <typename Rule>
struct selector
    : pt::selector<
          Rule,
          pt::store_content::on<
              // literals and names
              g::name_raw, g::int_raw, g::str_raw, g::true_lit, g::false_lit,
              // expressions
              g::neg, g::paren, g::trailing_comma, g::list_display, g::set_display, g::comp_for, g::generator,
              g::where_clause, g::move_where, g::call_suffix, g::index_suffix, g::logic_not, g::if_expr,
              g::logic_not_ni, g::if_expr_ni, g::let_expr, g::op_pow,
              g::op_mul, g::op_div, g::op_mod, g::op_add, g::op_sub, g::op_shl, g::op_shr, g::op_band, g::op_bxor,
              g::op_bor, g::op_eq, g::op_ne, g::op_le, g::op_ge, g::op_lt, g::op_gt, g::op_in, g::op_not_in,
              g::pattern_tuple, g::pattern_brackets, g::start_pattern,
              // games
              g::params, g::fn_params, g::fn_def, g::position_item, g::start_item, g::canonical_item,
              g::terminal_item, g::move_label, g::move_item, g::game_def,
              // statements
              g::import_stmt, g::let_stmt, g::print_stmt, g::assert_stmt, g::table_stmt, g::plot_stmt, g::check_stmt, g::for_stmt,
              g::for_block, g::if_stmt, g::then_block, g::else_block, g::expr_stmt, g::call_stmt>,
          pt::fold_one::on<g::postfix, g::power, g::arith_expr, g::range_expr, g::cmp_expr, g::and_expr, g::or_expr,
                           g::cmp_expr_ni, g::and_expr_ni, g::or_expr_ni>> {};

// Parse-tree nodes come and go by the thousand (one for each rule level an
// operand passes through, most folded away at once), so they are carved
// from chunks and recycled through a free list rather than each malloc'd.
class NodePool {
public:
    void* take(std::size_t size) {
        if (size > block) return ::operator new(size);
        if (!free_) refill();
        Free* f = free_;
        free_ = f->next;
        return f;
    }
    void give(void* p, std::size_t size) noexcept {
        if (size > block) return ::operator delete(p);
        auto* f = static_cast<Free*>(p);
        f->next = free_;
        free_ = f;
    }

    static constexpr std::size_t block = 128;

private:
    struct Free {
        Free* next;
    };
    void refill() {
        constexpr std::size_t per_chunk = 512;
        chunks_.push_back(std::make_unique<std::byte[]>(block * per_chunk));
        for (std::size_t i = per_chunk; i-- > 0;) give(chunks_.back().get() + i * block, block);
    }
    Free* free_ = nullptr;
    std::vector<std::unique_ptr<std::byte[]>> chunks_;
};

thread_local NodePool node_pool;

struct Node : pt::basic_node<Node> {
    static void* operator new(std::size_t size) { return node_pool.take(size); }
    static void operator delete(void* p, std::size_t size) noexcept { node_pool.give(p, size); }
};
static_assert(sizeof(Node) <= NodePool::block);
using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::Op;

class Builder {
public:
    explicit Builder(std::uint32_t source) : source_(source) {}

    Loc loc(const Node& n) const { return Loc{source_, static_cast<std::uint32_t>(n.m_begin.byte)}; }

    static std::uint32_t width(const Node& n) {
        if (!n.has_content()) return 1;  // folded levels keep no text
        std::string_view s = n.string_view();
        while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
            s.remove_suffix(1);
        // Underlines stop at the line's end and at 200 bytes: enough to show
        // where, and linear on long one-line nests.
        std::uint32_t w = 0;
        std::size_t limit = std::min<std::size_t>(s.size(), 200);
        for (std::size_t i = 0; i < limit && s[i] != '\n'; ++i)
            if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++w;
        return w == 0 ? 1 : w;
    }

    ExprPtr make(ExprKind k, const Node& n) const { return std::make_unique<Expr>(k, loc(n), width(n)); }

    ast::Pattern pattern(const Node& n) const {
        if (n.is_type<g::start_pattern>()) return pattern(*n.children.at(0));
        ast::Pattern pat;
        pat.loc = loc(n);
        pat.length = width(n);
        if (n.is_type<g::name_raw>()) {
            pat.name = n.string();
        } else {
            pat.brackets = n.is_type<g::pattern_brackets>();
            for (auto& c : n.children) pat.items.push_back(pattern(*c));
        }
        return pat;
    }

    ast::Generator generator(const Node& n) const {
        return ast::Generator{pattern(*n.children.at(0)), expr(*n.children.at(1))};
    }

    // Reads generators and an optional where clause from children[from...];
    // returns the index of the first child that is neither.
    std::size_t generators(const Node& n, std::size_t from, ast::Generators& out) const {
        std::size_t i = from;
        for (; i < n.children.size(); ++i) {
            const Node& c = *n.children[i];
            if (c.is_type<g::generator>()) {
                out.gens.push_back(generator(c));
            } else if (c.is_type<g::where_clause>() || c.is_type<g::move_where>()) {
                out.where = expr(*c.children.at(0));
            } else {
                break;
            }
        }
        return i;
    }

    static Op op_of(const Node& n) {
        if (n.is_type<g::op_mul>()) return Op::mul;
        if (n.is_type<g::op_pow>()) return Op::pow;
        if (n.is_type<g::op_div>()) return Op::div;
        if (n.is_type<g::op_mod>()) return Op::mod;
        if (n.is_type<g::op_add>()) return Op::add;
        if (n.is_type<g::op_sub>()) return Op::sub;
        if (n.is_type<g::op_shl>()) return Op::shl;
        if (n.is_type<g::op_shr>()) return Op::shr;
        if (n.is_type<g::op_band>()) return Op::bit_and;
        if (n.is_type<g::op_bxor>()) return Op::bit_xor;
        if (n.is_type<g::op_bor>()) return Op::bit_or;
        if (n.is_type<g::op_eq>()) return Op::eq;
        if (n.is_type<g::op_ne>()) return Op::ne;
        if (n.is_type<g::op_le>()) return Op::le;
        if (n.is_type<g::op_ge>()) return Op::ge;
        if (n.is_type<g::op_lt>()) return Op::lt;
        if (n.is_type<g::op_gt>()) return Op::gt;
        if (n.is_type<g::op_in>()) return Op::in;
        return Op::not_in;
    }

    ExprPtr int_literal(const Node& n) const {
        auto e = make(ExprKind::int_lit, n);
        std::int64_t v = 0;
        for (char c : n.string_view()) {
            if (c == '_') continue;
            if (__builtin_mul_overflow(v, 10, &v) || __builtin_add_overflow(v, c - '0', &v))
                fail(e->loc, "integer literal is too large for a 64-bit int", e->length);
        }
        e->int_value = v;
        return e;
    }

    ExprPtr string_literal(const Node& n) const {
        auto e = make(ExprKind::str_lit, n);
        std::string_view s = n.string_view();
        s = s.substr(1, s.size() - 2);
        for (std::size_t i = 0; i < s.size(); ++i) {
            if (s[i] != '\\') {
                e->text += s[i];
                continue;
            }
            char c = s[++i];
            e->text += c == 'n' ? '\n' : c == 't' ? '\t' : c;
        }
        return e;
    }

    // A display: `(..)`, `[..]` or `{..}`, plain or a comprehension.
    ExprPtr display(const Node& n, ExprKind plain, ExprKind comp) const {
        bool trailing = !n.children.empty() && n.children.back()->is_type<g::trailing_comma>();
        if (n.children.size() == 2 && n.children[1]->is_type<g::comp_for>()) {
            auto e = make(comp, n);
            e->length = 1;
            e->items.push_back(expr(*n.children[0]));
            generators(*n.children[1], 0, e->gens);
            return e;
        }
        if (plain == ExprKind::tuple && n.children.size() == 1 && !trailing) return expr(*n.children[0]);
        auto e = make(plain, n);
        e->length = 1;
        for (auto& c : n.children)
            if (!c->is_type<g::trailing_comma>()) e->items.push_back(expr(*c));
        return e;
    }

    ExprPtr postfix(const Node& n) const {
        ExprPtr base = expr(*n.children.at(0));
        for (std::size_t i = 1; i < n.children.size(); ++i) {
            const Node& s = *n.children[i];
            bool is_call = s.is_type<g::call_suffix>();
            auto e = std::make_unique<Expr>(is_call ? ExprKind::call : ExprKind::index, base->loc, base->length);
            if (!is_call) {
                e->loc = loc(s);
                e->length = 1;
            }
            e->items.push_back(std::move(base));
            for (auto& c : s.children) e->items.push_back(expr(*c));
            base = std::move(e);
        }
        return base;
    }

    // An arithmetic row from children[i], grouped by precedence: each level
    // left-associative, a tighter one taken first (precedence climbing).
    static int precedence(Op op) {
        switch (op) {
            case Op::mul: case Op::div: case Op::mod: return 6;
            case Op::add: case Op::sub: return 5;
            case Op::shl: case Op::shr: return 4;
            case Op::bit_and: return 3;
            case Op::bit_xor: return 2;
            default: return 1;  // |
        }
    }
    ExprPtr climb(const Node& n, std::size_t& i, int min_precedence) const {
        ExprPtr acc = expr(*n.children.at(i++));
        while (i + 1 < n.children.size()) {
            const Node& opn = *n.children[i];
            const Op op = op_of(opn);
            const int level = precedence(op);
            if (level < min_precedence) break;
            ++i;
            auto e = make(ExprKind::binary, opn);
            e->op = op;
            e->items.push_back(std::move(acc));
            e->items.push_back(climb(n, i, level + 1));
            acc = std::move(e);
        }
        return acc;
    }

    // `a op b op c`: left-associative; logical levels have no operator nodes.
    ExprPtr chain(const Node& n) const {
        bool is_and = n.is_type<g::and_expr>() || n.is_type<g::and_expr_ni>();
        bool logical = is_and || n.is_type<g::or_expr>() || n.is_type<g::or_expr_ni>();
        if (logical) {
            ExprKind k = is_and ? ExprKind::logic_and : ExprKind::logic_or;
            ExprPtr acc = expr(*n.children.at(0));
            for (std::size_t i = 1; i < n.children.size(); ++i) {
                auto e = std::make_unique<Expr>(k, acc->loc, acc->length);
                e->items.push_back(std::move(acc));
                e->items.push_back(expr(*n.children[i]));
                acc = std::move(e);
            }
            return acc;
        }
        if (n.is_type<g::arith_expr>()) {
            std::size_t i = 0;
            return climb(n, i, 1);
        }
        if (n.is_type<g::range_expr>()) {
            auto e = make(ExprKind::range, n);
            e->items.push_back(expr(*n.children.at(0)));
            e->items.push_back(expr(*n.children.at(1)));
            e->length = e->items[0]->length;
            return e;
        }
        ExprPtr acc = expr(*n.children.at(0));
        for (std::size_t i = 1; i + 1 < n.children.size(); i += 2) {
            const Node& opn = *n.children[i];
            Op op = op_of(opn);
            bool cmp = op >= Op::eq;
            auto e = make(cmp ? ExprKind::compare : ExprKind::binary, opn);
            e->op = op;
            e->items.push_back(std::move(acc));
            e->items.push_back(expr(*n.children[i + 1]));
            acc = std::move(e);
        }
        return acc;
    }

    ExprPtr expr(const Node& n) const {
        if (n.is_type<g::int_raw>()) return int_literal(n);
        if (n.is_type<g::str_raw>()) return string_literal(n);
        if (n.is_type<g::true_lit>() || n.is_type<g::false_lit>()) {
            auto e = make(ExprKind::bool_lit, n);
            e->int_value = n.is_type<g::true_lit>();
            return e;
        }
        if (n.is_type<g::name_raw>()) {
            auto e = make(ExprKind::name, n);
            e->text = n.string();
            return e;
        }
        if (n.is_type<g::paren>()) return display(n, ExprKind::tuple, ExprKind::tuple);
        if (n.is_type<g::list_display>()) return display(n, ExprKind::list, ExprKind::list_comp);
        if (n.is_type<g::set_display>()) return display(n, ExprKind::set, ExprKind::set_comp);
        if (n.is_type<g::postfix>()) return postfix(n);
        if (n.is_type<g::neg>()) {
            auto e = make(ExprKind::unary, n);
            e->length = 1;
            e->op = Op::neg;
            e->items.push_back(expr(*n.children.at(0)));
            return e;
        }
        if (n.is_type<g::logic_not>() || n.is_type<g::logic_not_ni>()) {
            auto e = make(ExprKind::logic_not, n);
            e->length = 3;
            e->items.push_back(expr(*n.children.at(0)));
            return e;
        }
        if (n.is_type<g::if_expr>() || n.is_type<g::if_expr_ni>()) {
            auto e = make(ExprKind::if_else, n);
            e->length = 2;
            for (auto& c : n.children) e->items.push_back(expr(*c));
            return e;
        }
        if (n.is_type<g::let_expr>()) {
            auto e = make(ExprKind::let_in, n);
            e->length = 3;
            e->gens.gens.push_back(ast::Generator{pattern(*n.children.at(0)), expr(*n.children.at(1))});
            e->items.push_back(expr(*n.children.at(2)));
            return e;
        }
        return chain(n);
    }

    std::vector<ast::Param> params(const Node& n) const {
        std::vector<ast::Param> ps;
        for (auto& c : n.children) ps.push_back(ast::Param{loc(*c), c->string()});
        return ps;
    }

    std::unique_ptr<ast::FnDef> fn_def(const Node& n) const {
        auto f = std::make_unique<ast::FnDef>();
        f->loc = loc(*n.children.at(0));
        f->name = n.children[0]->string();
        f->params = params(*n.children.at(1));
        f->body = expr(*n.children.at(2));
        return f;
    }

    std::unique_ptr<ast::GameDef> game_def(const Node& n) const {
        auto gd = std::make_unique<ast::GameDef>();
        gd->loc = loc(*n.children.at(0));
        gd->name = n.children[0]->string();
        for (std::size_t i = 1; i < n.children.size(); ++i) {
            const Node& c = *n.children[i];
            if (c.is_type<g::params>()) {
                gd->has_params = true;
                gd->params = params(c);
            } else if (c.is_type<g::position_item>()) {
                if (gd->position) fail(loc(c), "a game has one 'position' line", 8);
                gd->position = pattern(*c.children.at(0));
                gd->position_loc = loc(c);
            } else if (c.is_type<g::start_item>()) {
                if (gd->start) fail(loc(c), "a game has at most one 'start' rule", 5);
                ast::StartDef s;
                s.loc = loc(c);
                std::size_t k = 0;
                if (c.children.at(0)->is_type<g::start_pattern>()) s.pattern = pattern(*c.children[k++]);
                s.body = expr(*c.children.at(k));
                gd->start = std::move(s);
            } else if (c.is_type<g::canonical_item>()) {
                if (gd->canonical) fail(loc(c), "a game has at most one 'canonical' rule", 9);
                gd->canonical = expr(*c.children.at(0));
            } else if (c.is_type<g::terminal_item>()) {
                if (gd->terminal) fail(loc(c), "a game has at most one 'terminal' rule; join conditions with 'or'", 8);
                gd->terminal = expr(*c.children.at(0));
            } else if (c.is_type<g::fn_def>()) {
                gd->fns.push_back(std::move(*fn_def(c)));
            } else if (c.is_type<g::move_item>()) {
                ast::MoveDef m;
                m.loc = loc(c);
                std::size_t k = 0;
                if (c.children.at(0)->is_type<g::move_label>()) m.label = c.children[k++]->children.at(0)->string();
                k = generators(c, k, m.gens);
                m.result = expr(*c.children.at(k));
                gd->moves.push_back(std::move(m));
            }
        }
        return gd;
    }

    std::vector<ast::StmtPtr> block(const Node& n) const {
        std::vector<ast::StmtPtr> out;
        for (auto& c : n.children) out.push_back(stmt(*c));
        return out;
    }

    ast::StmtPtr stmt(const Node& n) const {
        using ast::StmtKind;
        auto make_stmt = [&](StmtKind k, std::uint32_t len) { return std::make_unique<ast::Stmt>(k, loc(n), len); };
        if (n.is_type<g::import_stmt>()) {
            auto s = make_stmt(StmtKind::import_file, 6);
            s->path = string_literal(*n.children.at(0))->text;
            s->loc = loc(*n.children[0]);
            s->length = width(*n.children[0]);
            return s;
        }
        if (n.is_type<g::let_stmt>()) {
            auto s = make_stmt(StmtKind::let, 3);
            s->pattern = pattern(*n.children.at(0));
            s->exprs.push_back(expr(*n.children.at(1)));
            return s;
        }
        if (n.is_type<g::call_stmt>()) {
            // `f(x)` alone: `let _ = f(x)`, its value dropped.
            auto s = make_stmt(StmtKind::let, 1);
            s->exprs.push_back(expr(*n.children.back()));  // after the name its lookahead saw
            s->length = s->exprs[0]->length;
            s->pattern = ast::Pattern{loc(n), 1, "_", {}};
            return s;
        }
        if (n.is_type<g::fn_def>()) {
            auto s = make_stmt(StmtKind::fn, 2);
            s->fn = fn_def(n);
            return s;
        }
        if (n.is_type<g::game_def>()) {
            auto s = make_stmt(StmtKind::game, 4);
            s->game = game_def(n);
            return s;
        }
        if (n.is_type<g::print_stmt>() || n.is_type<g::assert_stmt>() || n.is_type<g::expr_stmt>()) {
            auto s = n.is_type<g::print_stmt>()    ? make_stmt(StmtKind::print, 5)
                     : n.is_type<g::assert_stmt>() ? make_stmt(StmtKind::assert_that, 6)
                                                   : make_stmt(StmtKind::expr, 1);
            for (auto& c : n.children) s->exprs.push_back(expr(*c));
            if (s->kind == StmtKind::expr) s->length = s->exprs[0]->length;
            return s;
        }
        if (n.is_type<g::table_stmt>() || n.is_type<g::check_stmt>() || n.is_type<g::plot_stmt>()) {
            auto s = make_stmt(n.is_type<g::table_stmt>() ? StmtKind::table
                               : n.is_type<g::plot_stmt>() ? StmtKind::plot
                                                           : StmtKind::check,
                               n.is_type<g::plot_stmt>() ? 4 : 5);
            s->exprs.push_back(expr(*n.children.at(0)));
            generators(n, 1, s->gens);
            return s;
        }
        if (n.is_type<g::for_stmt>()) {
            auto s = make_stmt(StmtKind::for_each, 3);
            std::size_t k = generators(n, 0, s->gens);
            s->body = block(*n.children.at(k));
            return s;
        }
        if (n.is_type<g::if_stmt>()) {
            auto s = make_stmt(StmtKind::if_else, 2);
            s->exprs.push_back(expr(*n.children.at(0)));
            s->body = block(*n.children.at(1));
            if (n.children.size() > 2) s->else_body = block(*n.children[2]);
            return s;
        }
        fail(loc(n), "internal error: unexpected parse node " + std::string(n.type));
    }

private:
    std::uint32_t source_;
};

// Calls f(offset, char) for each bracket outside strings and comments,
// up to `end`.
template <typename F> void scan_brackets(const std::string& t, std::size_t end, F&& f) {
    bool in_string = false, in_comment = false;
    for (std::size_t i = 0; i < std::min(end, t.size()); ++i) {
        char c = t[i];
        if (in_comment) {
            in_comment = c != '\n';
        } else if (in_string) {
            if (c == '\\') ++i;
            else if (c == '"' || c == '\n') in_string = false;
        } else if (c == '#') {
            in_comment = true;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '(' || c == '[' || c == '{' || c == ')' || c == ']' || c == '}') {
            f(i, c);
        }
    }
}

// For "expected ')'" and its kin: where the bracket to close was opened,
// as Lua says it ("to close '(' at line 3").
std::string opener_note(const Source& src, std::size_t offset, const std::string& message) {
    char want = message.find("')'") != std::string::npos   ? '('
                : message.find("']'") != std::string::npos ? '['
                : message.find("'}'") != std::string::npos ? '{'
                                                           : 0;
    if (!want) return "";
    std::vector<std::size_t> open;
    scan_brackets(src.text(), offset, [&](std::size_t i, char c) {
        if (c == '(' || c == '[' || c == '{') open.push_back(i);
        else if (!open.empty()) open.pop_back();
    });
    if (open.empty() || src.text()[open.back()] != want) return "";
    LineCol lc = src.line_col(static_cast<std::uint32_t>(open.back()));
    return fmt::format(" (to close '{}' at line {}, column {})", want, lc.line, lc.column);
}

// For "expected a statement" and "expected a game item": a word there that
// is close to one of the keywords expected is most likely a typo of it.
// Returns the note, and the word's length in `length`.
std::string keyword_note(const Source& src, std::size_t offset, const std::string& message, std::uint32_t& length) {
    static const std::vector<std::string> statements = {"print", "let",   "if",    "for",  "fn",
                                                        "game",  "table", "check", "assert", "import"};
    static const std::vector<std::string> game_items = {"position", "start", "canonical", "terminal", "fn", "move"};
    static const std::vector<std::string> then = {"then"}, else_ = {"else"}, in = {"in"}, where = {"where"};
    const std::vector<std::string>* expected = message.starts_with("expected a statement") ? &statements
                                               : message.starts_with("expected a game item") ? &game_items
                                               : message.starts_with("expected 'then'")      ? &then
                                               : message.starts_with("expected 'else'")      ? &else_
                                               : message.starts_with("expected 'in'")        ? &in
                                               : message.starts_with("expected '=>'")        ? &where
                                                                                             : nullptr;
    const std::string& t = src.text();
    auto word_char = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
    if (!expected || offset >= t.size() || !word_char(t[offset]) || std::isdigit(static_cast<unsigned char>(t[offset])))
        return "";
    std::size_t end = offset;
    while (end < t.size() && word_char(t[end])) ++end;
    std::string best = closest(std::string_view(t).substr(offset, end - offset), *expected);
    if (best.empty()) return "";
    length = static_cast<std::uint32_t>(end - offset);
    return fmt::format(" (did you mean `{}`?)", best);
}

// Forms from other languages, at the place the parse stopped: how to
// write them here.
std::string habit_note(const Source& src, std::size_t offset, const std::string& message) {
    std::string_view t = std::string_view(src.text()).substr(std::min(offset, src.text().size()));
    auto word = [&](std::string_view w) {
        return t.starts_with(w) && (t.size() == w.size() || !(std::isalnum(static_cast<unsigned char>(t[w.size()])) ||
                                                              t[w.size()] == '_'));
    };
    bool closing = message.starts_with("expected ']'") || message.starts_with("expected '}'") ||
                   message.starts_with("expected ')'");
    if (t.starts_with("=") && !t.starts_with("==") && !t.starts_with("=>"))
        return " (`=` is not a comparison here: did you mean `==`?)";
    if (closing && word("for"))
        return " (one 'for' takes all the generators, separated by commas: [e for a in A, b in B])";
    if (closing && word("if"))
        return " (a comprehension filters with 'where': [e for x in xs where cond]; a value chosen by a "
               "condition is 'if c then a else b')";
    // `a && b` stops at the second `&`, after a first taken for bitwise and.
    char before = offset > 0 && offset <= src.text().size() ? src.text()[offset - 1] : 0;
    if ((t.starts_with("&") && before == '&') || (t.starts_with("|") && before == '|'))
        return fmt::format(" (`{}{}` is written `{}` here)", t[0], t[0], t[0] == '&' ? "and" : "or");
    if (t.starts_with("!") && !t.starts_with("!=")) return " (`!` is written `not` here)";
    // Python's keywords, where a statement or an expression was expected.
    static const std::pair<const char*, const char*> python[] = {
        {"def", " (a function is written `fn f(x) = expression`)"},
        {"return", " (a function's body is one expression: `fn f(x) = if x > 0 then x else -x`)"},
        {"while", " (there is no loop with state: use `for x in xs`, a recursive fn, or fold(f, init, xs))"},
        {"elif", " (write `else if`)"},
        {"lambda", " (functions are named: `fn f(x) = ...`, then fold(f, init, xs))"},
    };
    for (const auto& [w, note] : python)
        if (word(w)) return note;
    return "";
}

void check_nesting(const Source& src, std::uint32_t id) {
    int depth = 0;
    scan_brackets(src.text(), src.text().size(), [&](std::size_t i, char c) {
        if (c != '(' && c != '[' && c != '{') {
            --depth;
        } else if (++depth > max_nesting) {
            fail(Loc{id, static_cast<std::uint32_t>(i)},
                 "brackets are nested too deeply (more than " + std::to_string(max_nesting) + ")");
        }
    });
}

// Bounds the parser's recursion: prefix operators and `if` chains nest
// without brackets, so the bracket check alone does not bound it.
template <typename Rule> struct depth_limit : p::limit_depth<max_rule_depth> {};

template <typename Top>
std::unique_ptr<Node> parse_tree(const Source& src, std::uint32_t id) {
    p::memory_input<> in(src.text(), src.name());
    try {
        return pt::parse<Top, Node, selector, depth_limit, g::control>(in);
    } catch (const p::parse_error& e) {
        if (std::string(e.message()) == "maximum parser rule nesting depth exceeded")
            fail(Loc{id, static_cast<std::uint32_t>(e.positions().front().byte)},
                 "the expression is nested too deeply");
        // An error at the end of the text is shown just after the last
        // token, where the missing piece belongs, not on an empty line.
        auto offset = static_cast<std::uint32_t>(e.positions().front().byte);
        const std::string& t = src.text();
        std::size_t last = t.find_last_not_of(" \t\r\n");
        if (last != std::string::npos && offset > last + 1) offset = static_cast<std::uint32_t>(last + 1);
        std::string message(e.message());
        std::uint32_t length = 1;
        std::string typo = keyword_note(src, offset, message, length);
        std::string habit = habit_note(src, offset, message);
        // One note: a habit's, else a likely typo's, else where the bracket opened.
        message += !habit.empty() ? habit : !typo.empty() ? typo : opener_note(src, offset, message);
        throw DiagnosticError(Diagnostic{Severity::error, Loc{id, offset}, length, std::move(message)});
    }
}

}  // namespace

ast::Module parse(const SourceManager& sm, std::uint32_t id, ParseMode mode) {
    const Source& src = sm.get(id);
    check_nesting(src, id);
    auto root = mode == ParseMode::module ? parse_tree<g::module>(src, id) : parse_tree<g::repl_entry>(src, id);
    if (!root) fail(Loc{id, 0}, "could not parse the input");
    Builder b(id);
    ast::Module m;
    m.source = id;
    for (auto& c : root->children) m.stmts.push_back(b.stmt(*c));
    return m;
}

bool ends_early(const SourceManager& sm, const DiagnosticError& e) {
    for (const Diagnostic& d : e.diagnostics) {
        if (!d.loc.valid()) continue;
        const std::string& text = sm.get(d.loc.source).text();
        std::size_t end = text.find_last_not_of(" \t\r\n");
        if (end == std::string::npos || d.loc.offset > end) return true;
    }
    return false;
}

}  // namespace grundy
