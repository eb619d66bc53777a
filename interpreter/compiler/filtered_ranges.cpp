#include "filtered_ranges.hpp"

#include <algorithm>
#include <optional>

#include "expr_edits.hpp"

namespace grundy {

using ast::Expr;
using ast::ExprKind;
using ast::ExprPtr;
using ast::Op;
using namespace expr_edits;

namespace {

bool is_name(const Expr& e, const std::string& n) { return e.kind == ExprKind::name && e.text == n; }

// U when e is `k <= U` or `k < U` (U - 1), or the same written the other
// way, with U an int literal.
std::optional<std::int64_t> upper_of(const Expr& e, const std::string& k) {
    if (e.kind != ExprKind::compare) return std::nullopt;
    const bool left = is_name(*e.items[0], k), right = is_name(*e.items[1], k);
    if (left == right) return std::nullopt;
    const std::optional<std::int64_t> u = literal_value(*e.items[left ? 1 : 0]);
    if (!u) return std::nullopt;
    const Op op = e.op;
    if ((left && op == Op::le) || (right && op == Op::ge)) return *u;
    if (((left && op == Op::lt) || (right && op == Op::gt)) && *u > INT64_MIN) return *u - 1;
    return std::nullopt;
}

}  // namespace

bool filtered_range(ast::Generators& gs, const std::vector<std::string>& locals,
                    FunctionRef<bool(const ast::Expr&)> pure) {
    if (gs.gens.size() != 1 || !gs.where || gs.gens[0].pattern.is_tuple() ||
        gs.gens[0].iterable->kind != ExprKind::range)
        return false;
    const std::string& k = gs.gens[0].pattern.name;
    Expr& range = *gs.gens[0].iterable;
    const std::optional<std::int64_t> lo = literal_value(*range.items[0]);
    if (!lo) return false;
    // hi cannot fail: a name, a literal, or a min of such.
    const Expr& hi = *range.items[1];
    auto plain = [](const Expr& e) { return e.kind == ExprKind::name || literal_value(e).has_value(); };
    const bool is_min = hi.kind == ExprKind::call && hi.items[0]->kind == ExprKind::name && hi.items[0]->text == "min" &&
                        hi.items.size() >= 3 && std::all_of(hi.items.begin() + 1, hi.items.end(), [&](const ExprPtr& a) {
                            return plain(*a);
                        });
    if ((!plain(hi) && !is_min) || (is_min && !pure(hi))) return false;
    std::optional<std::int64_t> upper = literal_value(hi);
    if (is_min)
        for (std::size_t i = 1; i < hi.items.size(); ++i)
            if (auto u = literal_value(*hi.items[i])) upper = upper ? std::min(*upper, *u) : *u;

    std::vector<ExprPtr> conjuncts;
    take_conjuncts(std::move(gs.where), conjuncts);
    std::vector<std::string> others;
    for (const std::string& n : locals)
        if (n != k) others.push_back(n);
    std::size_t lead = 0;
    while (lead < conjuncts.size() && mentions_any(*conjuncts[lead], {k}) && !mentions_any(*conjuncts[lead], others) &&
           pure(*conjuncts[lead])) {
        if (auto u = upper_of(*conjuncts[lead], k)) upper = upper ? std::min(*upper, *u) : *u;
        ++lead;
    }
    if (lead == 0 || !upper || *upper < *lo || static_cast<__int128>(*upper) - *lo >= max_filtered_values ||
        mentions_any(hi, {k})) {
        gs.where = join_and(conjuncts, 0, conjuncts.size());
        return false;
    }
    const Loc at = range.loc;
    const std::uint32_t len = range.length;
    auto node = [&](ExprKind kind) { return std::make_unique<Expr>(kind, at, len); };
    auto name = [&](const std::string& n) {
        auto x = node(ExprKind::name);
        x->text = n;
        return x;
    };
    auto literal = [&](std::int64_t v) {
        auto x = node(ExprKind::int_lit);
        x->int_value = v;
        return x;
    };
    // [k for k in lo..U where P]
    auto values = node(ExprKind::range);
    values->items.push_back(literal(*lo));
    values->items.push_back(literal(*upper));
    auto list = node(ExprKind::list_comp);
    list->items.push_back(name(k));
    list->gens.gens.push_back(ast::Generator{gs.gens[0].pattern, std::move(values)});
    list->gens.where = join_and(conjuncts, 0, lead);
    // where k <= hi and R: k <= a for each a of hi = min(...), none for a
    // literal at least U (the list's values are at most U)
    std::vector<ExprPtr> rest;
    std::vector<const Expr*> ends;
    if (is_min)
        for (std::size_t i = 1; i < hi.items.size(); ++i) ends.push_back(hi.items[i].get());
    else
        ends.push_back(&hi);
    for (const Expr* e : ends) {
        if (auto v = literal_value(*e); v && *v >= *upper) continue;
        auto bound = node(ExprKind::compare);
        bound->op = Op::le;
        bound->items.push_back(name(k));
        bound->items.push_back(ast::clone(*e));
        rest.push_back(std::move(bound));
    }
    for (std::size_t i = lead; i < conjuncts.size(); ++i) rest.push_back(std::move(conjuncts[i]));
    gs.where = join_and(rest, 0, rest.size());
    gs.gens[0].iterable = std::move(list);
    return true;
}

}  // namespace grundy
