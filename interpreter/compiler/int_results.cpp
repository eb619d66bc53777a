// New states: a move's result taken apart into the position's parts,
// sorted forms, split parts, and generators.
#include <algorithm>

#include "int_rule_compiler.hpp"

namespace grundy::intcomp {

std::vector<IntPtr> IntCompiler::state_result(const Expr& e) {
    std::vector<IntPtr> out;
    for (const Expr* part : tuple_parts(e))
        out.push_back(set_coords_ >> out.size() & 1 ? mask(*part) : integer(*part));
    return out;
}

// `tuple(sorted([x, y, ...]))` or `sorted([x, y, ...])` (a list: as
// good as a tuple for a position pattern of either bracket) of names
// and literals, as many as the position has: its list display, else null.
const Expr* IntCompiler::sorted_ints(const Expr& e) const {
    auto call_of = [&](const Expr& c, const char* name) {
        return c.kind == ExprKind::call && c.items.size() == 2 && c.items[0]->kind == ExprKind::name &&
               c.items[0]->text == name && !shadowed(name);
    };
    const Expr* sorted = call_of(e, "tuple") ? e.items[1].get() : &e;
    if (!call_of(*sorted, "sorted")) return nullptr;
    const Expr& list = *sorted->items[1];
    if (list.kind != ExprKind::list || list.items.size() != game_->arity) return nullptr;
    for (auto& item : list.items)
        if (item->kind != ExprKind::int_lit && !(item->kind == ExprKind::name && find(item->text) && !is_set(*item)))
            return nullptr;
    return &list;
}

// `tuple(sorted([...]))` of the canonical form's names, each once
// (IntGame::sorted_all).
bool IntCompiler::sorts_position(const Expr& e) const {
    const Expr* list = sorted_ints(e);
    if (!list) return false;
    std::uint64_t seen = 0;
    for (auto& item : list->items) {
        const std::uint32_t* r = item->kind == ExprKind::name ? find(item->text) : nullptr;
        if (!r || *r < game_->canonical_base || *r >= game_->canonical_base + game_->arity) return false;
        seen |= std::uint64_t{1} << (*r - game_->canonical_base);
    }
    return seen == (std::uint64_t{1} << game_->arity) - 1;
}

// The ascending order of xs as min and max of them (a bubble network):
// what sorted() gives, for names and literals, which evaluate alike any
// number of times; the min and max are traced like any others.
std::vector<const Expr*> IntCompiler::sorting_network(const Expr& xs) {
    constexpr std::size_t max_nodes = 4096;
    std::vector<ast::ExprPtr> wires;
    std::vector<std::size_t> sizes;  // of each wire's tree: given up on before it is built
    for (auto& item : xs.items) wires.push_back(ast::clone(*item)), sizes.push_back(count(*item));
    auto extreme = [&](const char* name, const Expr& a, const Expr& b) {
        auto call = std::make_unique<Expr>(ExprKind::call, xs.loc, xs.length);
        auto callee = std::make_unique<Expr>(ExprKind::name, xs.loc, xs.length);
        callee->text = name;
        call->items.push_back(std::move(callee));
        call->items.push_back(ast::clone(a));
        call->items.push_back(ast::clone(b));
        return call;
    };
    std::size_t nodes = 0;
    for (std::size_t pass = 0; pass + 1 < wires.size(); ++pass)
        for (std::size_t j = 0; j + 1 + pass < wires.size(); ++j) {
            sizes[j] = sizes[j + 1] = sizes[j] + sizes[j + 1] + 2;
            if (sizes[j] > max_nodes) throw GiveUp{};
            auto lo = extreme("min", *wires[j], *wires[j + 1]);
            auto hi = extreme("max", *wires[j], *wires[j + 1]);
            wires[j] = std::move(lo);
            wires[j + 1] = std::move(hi);
            nodes += 2;
        }
    std::vector<const Expr*> out;
    for (auto& w : wires) {
        nodes += count(*w);
        out.push_back(w.get());
        owned_.push_back(std::move(w));
    }
    if (nodes > max_nodes || shadowed("min") || shadowed("max")) throw GiveUp{};
    return out;
}

std::size_t IntCompiler::count(const Expr& e) {
    std::size_t n = 1;
    for (auto& item : e.items) n += count(*item);
    return n;
}

// The parts of a new state, one per position name: a tuple's items, or
// the parts of each arm of an `if` (or of a `let`'s body) taken apart,
// `if c then (x, y) else (u, v)` as (if c then x else u, if c then y
// else v). The condition runs once per part; it is int code, so it
// gives the same value each time, and the same error first.
// A tuple or a list display of the position's length fits a position
// pattern of either bracket (Binder::as_position).
std::vector<const Expr*> IntCompiler::tuple_parts(const Expr& e) {
    if (!wrapped_) return {&e};
    if (e.kind == ExprKind::tuple || e.kind == ExprKind::list) {
        if (e.items.size() != game_->arity) throw GiveUp{};
        std::vector<const Expr*> out;
        for (auto& item : e.items) out.push_back(item.get());
        return out;
    }
    if (const Expr* items = sorted_ints(e)) return sorting_network(*items);
    if (e.kind != ExprKind::if_else && e.kind != ExprKind::let_in) throw GiveUp{};
    const bool is_if = e.kind == ExprKind::if_else;
    std::vector<const Expr*> a = tuple_parts(*e.items[is_if ? 1 : 0]), b;
    if (is_if) b = tuple_parts(*e.items[2]);
    std::vector<const Expr*> out;
    for (std::size_t i = 0; i < a.size(); ++i) {
        auto part = std::make_unique<Expr>(e.kind, e.loc, e.length);
        if (is_if) {
            part->items.push_back(ast::clone(*e.items[0]));
            part->items.push_back(ast::clone(*a[i]));
            part->items.push_back(ast::clone(*b[i]));
        } else {
            part->gens = ast::clone(e.gens);
            part->items.push_back(ast::clone(*a[i]));
        }
        out.push_back(part.get());
        owned_.push_back(std::move(part));
    }
    return out;
}

// `split(a, b)`, or one under `let x = v in ...`: the call.
const Expr* IntCompiler::split_call(const Expr& r) const {
    const Expr* e = &r;
    while (e->kind == ExprKind::let_in && !e->gens.gens[0].pattern.is_tuple()) e = e->items[0].get();
    bool split = e->kind == ExprKind::call && e->items[0]->kind == ExprKind::name && e->items[0]->text == "split" &&
                 !shadowed("split");
    return split ? e : nullptr;
}

// Its parts, each under the lets around the call: `let x = v in a`, ...
std::vector<const Expr*> IntCompiler::split_parts(const Expr& r, const Expr& call) {
    std::vector<const Expr*> out;
    for (std::size_t i = 1; i < call.items.size(); ++i) {
        if (&r == &call) {
            out.push_back(call.items[i].get());
            continue;
        }
        std::vector<const Expr*> lets;
        for (const Expr* e = &r; e != &call; e = e->items[0].get()) lets.push_back(e);
        ast::ExprPtr part = ast::clone(*call.items[i]);
        for (auto it = lets.rbegin(); it != lets.rend(); ++it) {
            auto let = std::make_unique<Expr>(ExprKind::let_in, (*it)->loc, (*it)->length);
            let->gens = ast::clone((*it)->gens);
            let->items.push_back(std::move(part));
            part = std::move(let);
        }
        out.push_back(part.get());
        owned_.push_back(std::move(part));
    }
    return out;
}

Gen IntCompiler::generator(const ast::Generator& gen) {
    if (gen.pattern.is_tuple() || gen.pattern.name == "_") throw GiveUp{};
    Gen g;
    const Expr& it = *gen.iterable;
    if (it.kind == ExprKind::range) {
        g.lo = integer(*it.items[0]);
        g.hi = integer(*it.items[1]);
    } else if (is_pos(it)) {
        g.over_position = true;
    } else if (constant(it)) {
        g.list = static_cast<int>(hoisted_list(it));
    } else if (is_set(it)) {
        g.mask = mask(it);
    } else {
        throw GiveUp{};
    }
    g.reg = declare(gen.pattern.name);
    return g;
}

}  // namespace grundy::intcomp
