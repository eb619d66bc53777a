#include "expr_edits.hpp"

#include <algorithm>

namespace grundy::expr_edits {

std::size_t count_nodes(const Expr& e) {
    std::size_t n = 1;
    for (auto& item : e.items) n += count_nodes(*item);
    for (auto& g : e.gens.gens) n += count_nodes(*g.iterable);
    if (e.gens.where) n += count_nodes(*e.gens.where);
    return n;
}

void pattern_names(const ast::Pattern& p, std::vector<std::string>& out) {
    if (!p.is_tuple()) {
        if (p.name != "_") out.push_back(p.name);
        return;
    }
    for (auto& item : p.items) pattern_names(item, out);
}

// The names an expression reads that it does not bind itself.
void free_names(const Expr& e, std::vector<std::string>& bound, std::set<std::string>& out) {
    auto is_bound = [&](const std::string& n) { return std::find(bound.begin(), bound.end(), n) != bound.end(); };
    switch (e.kind) {
        case ExprKind::name:
            if (!is_bound(e.text)) out.insert(e.text);
            return;
        case ExprKind::list_comp:
        case ExprKind::set_comp:
        case ExprKind::let_in: {
            const std::size_t mark = bound.size();
            for (auto& g : e.gens.gens) {
                free_names(*g.iterable, bound, out);
                pattern_names(g.pattern, bound);
            }
            if (e.gens.where) free_names(*e.gens.where, bound, out);
            free_names(*e.items[0], bound, out);
            bound.resize(mark);
            return;
        }
        default:
            for (auto& item : e.items) free_names(*item, bound, out);
    }
}

// Every name bound anywhere inside e (comprehensions, lets).
void binders(const Expr& e, std::set<std::string>& out) {
    std::vector<std::string> names;
    for (auto& g : e.gens.gens) {
        pattern_names(g.pattern, names);
        binders(*g.iterable, out);
    }
    out.insert(names.begin(), names.end());
    if (e.gens.where) binders(*e.gens.where, out);
    for (auto& item : e.items) binders(*item, out);
}

void place(Expr& e, Loc loc, std::uint32_t length) {
    e.loc = loc;
    e.length = length;
    for (auto& item : e.items) place(*item, loc, length);
}

// A copy of e with free occurrences of the mapped names replaced; with
// `at_use`, each copy placed where the name was (a literal put in for a
// step's name: its errors point at the name's use).
ExprPtr substitute(const Expr& e, std::vector<std::pair<std::string, const Expr*>> map, bool at_use) {
    if (e.kind == ExprKind::name) {
        for (auto& [name, with] : map)
            if (name == e.text) {
                ExprPtr out = ast::clone(*with);
                if (at_use) place(*out, e.loc, e.length);
                return out;
            }
        return ast::clone(e);
    }
    auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
    out->op = e.op;
    out->int_value = e.int_value;
    out->text = e.text;
    // Generators bind in order: a name bound by one is no longer the
    // parameter in later iterables, the condition or the element.
    for (auto& g : e.gens.gens) {
        out->gens.gens.push_back(ast::Generator{g.pattern, substitute(*g.iterable, map, at_use)});
        std::vector<std::string> names;
        pattern_names(g.pattern, names);
        std::erase_if(map, [&](auto& m) { return std::find(names.begin(), names.end(), m.first) != names.end(); });
    }
    if (e.gens.where) out->gens.where = substitute(*e.gens.where, map, at_use);
    for (auto& item : e.items) out->items.push_back(substitute(*item, map, at_use));
    return out;
}

// A tuple or list written out item by item (a range inside a list
// display is several items).
bool is_display(const Expr& e) {
    return (e.kind == ExprKind::tuple || e.kind == ExprKind::list) &&
           std::none_of(e.items.begin(), e.items.end(), [](const ExprPtr& x) { return x->kind == ExprKind::range; });
}

bool int_literal(const Expr& e) {
    return e.kind == ExprKind::int_lit ||
           (e.kind == ExprKind::unary && e.op == ast::Op::neg && e.items[0]->kind == ExprKind::int_lit);
}

std::optional<std::int64_t> literal_value(const Expr& e) {
    if (e.kind == ExprKind::int_lit) return e.int_value;
    if (int_literal(e) && e.items[0]->int_value != INT64_MIN) return -e.items[0]->int_value;
    return std::nullopt;
}

// The lets an earlier fold wrapped around a display (names with '#',
// which no rule can read) move out of it, outermost first.
void peel(ExprPtr& e, std::vector<ExprPtr>& lets) {
    while (e->kind == ExprKind::let_in && !e->gens.gens[0].pattern.is_tuple() &&
           e->gens.gens[0].pattern.name.find('#') != std::string::npos) {
        ExprPtr body = std::move(e->items[0]);
        e->items.clear();
        lets.push_back(std::move(e));
        e = std::move(body);
    }
}

void rewrap(ExprPtr& e, std::vector<ExprPtr>& lets) {
    for (auto it = lets.rbegin(); it != lets.rend(); ++it) {
        (*it)->items.push_back(std::move(e));
        e = std::move(*it);
    }
    lets.clear();
}

// `i - 1` with i a literal put in: +, - and * of literals, when the
// result fits (an overflow stays, to fail as written).
ExprPtr computed(ExprPtr e) {
    auto a = literal_value(*e->items[0]), b = literal_value(*e->items[1]);
    std::int64_t v = 0;
    if (!a || !b) return e;
    if (e->op == ast::Op::add ? __builtin_add_overflow(*a, *b, &v)
        : e->op == ast::Op::sub ? __builtin_sub_overflow(*a, *b, &v)
        : e->op == ast::Op::mul ? __builtin_mul_overflow(*a, *b, &v)
                                : true)
        return e;
    auto out = std::make_unique<Expr>(ExprKind::int_lit, e->loc, e->length);
    out->int_value = v;
    return out;
}

// `false and c` is false (c never ran), `true and c` and `c and true`
// are c when c gives a bool if anything (its errors its own); `or` alike.
ExprPtr logic(ExprPtr e) {
    const bool is_and = e->kind == ExprKind::logic_and;
    const Expr& a = *e->items[0];
    const Expr& b = *e->items[1];
    if (a.kind == ExprKind::bool_lit) {
        if (static_cast<bool>(a.int_value) != is_and) return std::move(e->items[0]);
        if (surely_bool(b)) return std::move(e->items[1]);
    } else if (b.kind == ExprKind::bool_lit && static_cast<bool>(b.int_value) == is_and && surely_bool(a)) {
        return std::move(e->items[0]);
    }
    return e;
}

ExprPtr compared(ExprPtr e) {
    auto a = literal_value(*e->items[0]), b = literal_value(*e->items[1]);
    if (!a || !b || e->op == ast::Op::in || e->op == ast::Op::not_in) return e;
    bool v = false;
    switch (e->op) {
        case ast::Op::eq: v = *a == *b; break;
        case ast::Op::ne: v = *a != *b; break;
        case ast::Op::lt: v = *a < *b; break;
        case ast::Op::le: v = *a <= *b; break;
        case ast::Op::gt: v = *a > *b; break;
        default: v = *a >= *b; break;
    }
    auto out = std::make_unique<Expr>(ExprKind::bool_lit, e->loc, e->length);
    out->int_value = v;
    return out;
}

// A condition that gives a bool if it gives anything, so that moved
// into an `if` it fails as the `where` would (with the where's message).
bool surely_bool(const Expr& e) {
    switch (e.kind) {
        case ExprKind::bool_lit:
        case ExprKind::compare:
        case ExprKind::logic_not:
        case ExprKind::logic_and:
        case ExprKind::logic_or: return true;  // each checks its operands itself
        case ExprKind::let_in: return surely_bool(*e.items[0]);
        case ExprKind::if_else: return surely_bool(*e.items[1]) && surely_bool(*e.items[2]);
        default: return false;
    }
}

void take_conjuncts(ExprPtr e, std::vector<ExprPtr>& out) {
    if (e->kind != ExprKind::logic_and) {
        out.push_back(std::move(e));
        return;
    }
    take_conjuncts(std::move(e->items[0]), out);
    take_conjuncts(std::move(e->items[1]), out);
}

// `and` of conjuncts[from, to), left-associated as parsed; null when empty.
ExprPtr join_and(std::vector<ExprPtr>& conjuncts, std::size_t from, std::size_t to) {
    ExprPtr out;
    for (std::size_t i = from; i < to; ++i) {
        if (!out) {
            out = std::move(conjuncts[i]);
            continue;
        }
        auto both = std::make_unique<Expr>(ExprKind::logic_and, out->loc, out->length);
        both->items.push_back(std::move(out));
        both->items.push_back(std::move(conjuncts[i]));
        out = std::move(both);
    }
    return out;
}

bool mentions_any(const Expr& e, const std::vector<std::string>& names) {
    if (e.kind == ExprKind::name && std::find(names.begin(), names.end(), e.text) != names.end()) return true;
    for (auto& item : e.items)
        if (mentions_any(*item, names)) return true;
    for (auto& g : e.gens.gens)
        if (mentions_any(*g.iterable, names)) return true;
    return e.gens.where && mentions_any(*e.gens.where, names);
}

}  // namespace grundy::expr_edits
