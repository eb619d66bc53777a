#include "grid_rules.hpp"

#include <algorithm>
#include <optional>

namespace grundy {

namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Op;

// The names among `names` that e mentions (shadowing ignored: a name bound
// inside e counts as read, which only ever rejects more).
void mentioned(const Expr& e, const std::vector<std::string>& names, std::vector<std::size_t>& out) {
    if (e.kind == ExprKind::name) {
        const auto it = std::find(names.begin(), names.end(), e.text);
        if (it != names.end()) {
            const auto i = static_cast<std::size_t>(it - names.begin());
            if (std::find(out.begin(), out.end(), i) == out.end()) out.push_back(i);
        }
    }
    for (const auto& item : e.items) mentioned(*item, names, out);
    for (const auto& gen : e.gens.gens) mentioned(*gen.iterable, names, out);
    if (e.gens.where) mentioned(*e.gens.where, names, out);
}
std::optional<std::int64_t> int_literal(const Expr& e) {
    if (e.kind == ExprKind::int_lit) return e.int_value;
    if (e.kind == ExprKind::unary && e.op == Op::neg && e.items[0]->kind == ExprKind::int_lit &&
        e.items[0]->int_value != INT64_MIN)
        return -e.items[0]->int_value;
    return std::nullopt;
}
// e of `c <= min(L, e)` (or `min(e, L)`), c and L int literals with c <= L,
// the builtin min: on ints it holds where `c <= e` does. Else null.
const Expr* clipped(const Expr& lhs, const Expr& rhs, GridHooks& hooks) {
    const auto c = int_literal(lhs);
    if (!c || rhs.kind != ExprKind::call || rhs.items.size() != 3 || rhs.items[0]->kind != ExprKind::name ||
        rhs.items[0]->text != "min" || !hooks.builtin("min"))
        return nullptr;
    for (int i : {1, 2})
        if (const auto l = int_literal(*rhs.items[i]); l && *c <= *l) return rhs.items[3 - i].get();
    return nullptr;
}
bool reads_any(const Expr& e, const std::vector<std::string>& names) {
    std::vector<std::size_t> out;
    mentioned(e, names, out);
    return !out.empty();
}
void conjuncts(const Expr& e, std::vector<const Expr*>& out) {
    if (e.kind == ExprKind::logic_and) {
        conjuncts(*e.items[0], out);
        conjuncts(*e.items[1], out);
    } else {
        out.push_back(&e);
    }
}
// The parts of a new state written as a tuple or list of `arity` items (or
// the one expression of a one-name position); else none.
std::vector<const Expr*> parts(const Expr& e, std::size_t arity, bool wrapped) {
    if (!wrapped) return {&e};
    if ((e.kind != ExprKind::tuple && e.kind != ExprKind::list) || e.items.size() != arity) return {};
    std::vector<const Expr*> out;
    for (const auto& item : e.items) out.push_back(item.get());
    return out;
}

}  // namespace

std::vector<std::string> grid_names(const ast::Pattern& position) {
    if (!position.is_tuple()) return {position.name};
    std::vector<std::string> out;
    for (const auto& item : position.items) {
        if (item.is_tuple()) return {};
        out.push_back(item.name);
    }
    return out;
}

std::unique_ptr<intpath::GridMove> grid_move(const ast::MoveDef& mv, const std::vector<std::string>& names,
                                             const std::string& whole, bool wrapped, GridHooks& hooks) {
    using intpath::GridCompare;
    if (names.empty()) return nullptr;
    if (!whole.empty()) {
        const std::vector<std::string> all{whole};
        bool reads = reads_any(*mv.result, all) || (mv.gens.where && reads_any(*mv.gens.where, all));
        for (const ast::Generator& gen : mv.gens.gens) reads = reads || reads_any(*gen.iterable, all);
        if (reads) return nullptr;
    }
    for (const ast::Generator& gen : mv.gens.gens) {
        // A generator's variable named as a coordinate would hide it.
        if (gen.pattern.is_tuple() || std::find(names.begin(), names.end(), gen.pattern.name) != names.end() ||
            reads_any(*gen.iterable, names) || !hooks.pure(*gen.iterable))
            return nullptr;
    }
    const std::vector<const Expr*> result = parts(*mv.result, names.size(), wrapped);
    if (result.empty()) return nullptr;
    for (const Expr* p : result)
        if (hooks.linearity(*p, names) > 1 || !hooks.pure(*p)) return nullptr;
    auto out = std::make_unique<intpath::GridMove>();
    if (!mv.gens.where) return out;
    if (!hooks.pure(*mv.gens.where)) return nullptr;
    std::vector<const Expr*> cs;
    conjuncts(*mv.gens.where, cs);
    for (const Expr* c : cs) {
        std::vector<std::size_t> read;
        mentioned(*c, names, read);
        if (read.empty()) {
            intpath::BoolPtr b = hooks.boolean(*c);
            if (!b) return nullptr;
            out->free.push_back(std::move(b));
            continue;
        }
        if (read.size() != 1 || c->kind != ExprKind::compare || c->items.size() != 2) return nullptr;
        const Expr* lhs = c->items[0].get();
        const Expr* rhs = c->items[1].get();
        if (const Expr* e = c->op == Op::le ? clipped(*lhs, *rhs, hooks) : nullptr) rhs = e;
        GridCompare g;
        switch (c->op) {
            case Op::lt: g.op = GridCompare::Op::lt; break;
            case Op::le: g.op = GridCompare::Op::le; break;
            case Op::gt: g.op = GridCompare::Op::gt; break;
            case Op::ge: g.op = GridCompare::Op::ge; break;
            case Op::eq: g.op = GridCompare::Op::eq; break;
            default: return nullptr;  // `!=` holds on two intervals; `in` is no interval
        }
        if (hooks.linearity(*lhs, names) > 1 || hooks.linearity(*rhs, names) > 1) return nullptr;
        g.coord = static_cast<std::uint32_t>(read[0]);
        g.lhs = hooks.integer(*lhs);
        g.rhs = hooks.integer(*rhs);
        if (!g.lhs || !g.rhs) return nullptr;
        out->compares.push_back(std::move(g));
    }
    return out;
}

bool grid_start_affine(const ast::GameDef& gd, std::size_t arity, bool wrapped, GridHooks& hooks) {
    if (!gd.start) return true;
    const ast::StartDef& s = *gd.start;
    if (!s.pattern) return false;
    const std::vector<std::string> args = grid_names(*s.pattern);
    if (args.empty()) return false;
    const std::vector<const Expr*> ps = parts(*s.body, arity, wrapped);
    if (ps.empty()) return false;
    return std::all_of(ps.begin(), ps.end(), [&](const Expr* p) { return hooks.linearity(*p, args) < 2 && hooks.pure(*p); });
}

}  // namespace grundy
