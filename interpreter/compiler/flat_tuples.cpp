#include "flat_tuples.hpp"

#include <optional>

namespace grundy {

namespace {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;

bool nested(const ast::Pattern& p) {
    for (auto& item : p.items)
        if (item.is_tuple()) return true;
    return false;
}

void leaves(const ast::Pattern& p, std::vector<ast::Pattern>& out) {
    if (!p.is_tuple()) {
        out.push_back(p);
        return;
    }
    for (auto& item : p.items) leaves(item, out);
}

class Flattener {
public:
    Flattener(const ast::Pattern& pos, FunctionRef<bool(const std::string&)> is_builtin)
        : pos_(pos), is_builtin_(is_builtin) {}

    // A state of the pattern's shape as one flat tuple display; with
    // `split_ok` (a move's result), also `split` of such states.
    ExprPtr state(const Expr& e, bool split_ok = false) const {
        if (split_ok && e.kind == ExprKind::call && e.items[0]->kind == ExprKind::name &&
            e.items[0]->text == "split" && is_builtin_("split")) {
            auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
            out->items.push_back(ast::clone(*e.items[0]));
            for (std::size_t i = 1; i < e.items.size(); ++i) {
                ExprPtr part = state(*e.items[i]);
                if (!part) return nullptr;
                out->items.push_back(std::move(part));
            }
            return out;
        }
        if (e.kind == ExprKind::if_else) {
            ExprPtr a = state(*e.items[1]), b = a ? state(*e.items[2]) : nullptr;
            if (!b) return nullptr;
            auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
            out->items.push_back(ast::clone(*e.items[0]));
            out->items.push_back(std::move(a));
            out->items.push_back(std::move(b));
            return out;
        }
        if (e.kind == ExprKind::let_in) {
            ExprPtr body = state(*e.items[0], split_ok);
            if (!body) return nullptr;
            auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
            out->gens = ast::clone(e.gens);
            out->items.push_back(std::move(body));
            return out;
        }
        auto out = std::make_unique<Expr>(ExprKind::tuple, e.loc, e.length);
        return parts(e, pos_, *out) ? std::move(out) : nullptr;
    }

private:
    // e's ints, in order, appended to `out` where e matches pattern p.
    static bool parts(const Expr& e, const ast::Pattern& p, Expr& out) {
        if (!p.is_tuple()) {
            out.items.push_back(ast::clone(e));
            return true;
        }
        if ((e.kind != ExprKind::tuple && e.kind != ExprKind::list) || e.items.size() != p.items.size()) return false;
        for (auto& item : e.items)
            if (item->kind == ExprKind::range) return false;  // a range in a list is several items
        for (std::size_t i = 0; i < p.items.size(); ++i)
            if (!parts(*e.items[i], p.items[i], out)) return false;
        return true;
    }

    const ast::Pattern& pos_;
    FunctionRef<bool(const std::string&)> is_builtin_;
};

}  // namespace

std::unique_ptr<ast::GameDef> flat_tuple_rules(const ast::GameDef& gd, FunctionRef<bool(const std::string&)> is_builtin) {
    if (!gd.position || !gd.position->is_tuple() || !nested(*gd.position)) return nullptr;
    Flattener f(*gd.position, is_builtin);
    auto out = ast::game_shell(gd);
    ast::Pattern pos;
    pos.loc = gd.position->loc;
    pos.length = gd.position->length;
    leaves(*gd.position, pos.items);
    out->position = std::move(pos);
    if (gd.start) {
        ast::StartDef s;
        s.loc = gd.start->loc;
        s.pattern = gd.start->pattern;
        s.body = f.state(*gd.start->body);
        if (!s.body) return nullptr;
        out->start = std::move(s);
    }
    if (gd.canonical && !(out->canonical = f.state(*gd.canonical))) return nullptr;
    if (gd.terminal) out->terminal = ast::clone(*gd.terminal);
    for (auto& mv : gd.moves) {
        ast::MoveDef m;
        m.loc = mv.loc;
        m.label = mv.label;
        m.gens = ast::clone(mv.gens);
        m.result = f.state(*mv.result, true);
        if (!m.result) return nullptr;
        out->moves.push_back(std::move(m));
    }
    return out;
}

}  // namespace grundy
