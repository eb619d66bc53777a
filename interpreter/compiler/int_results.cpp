// New states: a move's result taken apart into the position's parts,
// sorted forms, split parts, and generators.
#include <algorithm>
#include <map>

#include "int_rule_compiler.hpp"

namespace grundy::intcomp {

std::vector<IntPtr> IntCompiler::state_result(const Expr& e) {
    if (wrapped_ && e.kind == ExprKind::let_in && !e.gens.gens[0].pattern.is_tuple()) {
        // `let x = v in (a, b, ...)`: v once, in the first int's code, which
        // every user of a result evaluates first; the others read x.
        const auto mark = regs_.size();
        std::uint32_t reg;
        IntPtr value = bound_value(e, reg);
        std::vector<IntPtr> out = state_result(*e.items[0]);
        regs_.resize(mark);
        out[0] = std::make_unique<LetInt>(e.loc, e.length, reg, std::move(value), std::move(out[0]));
        return out;
    }
    std::vector<const Expr*> parts = tuple_parts(e);
    // A min or max of ints that two or more of the state's ints compute (a
    // middle heap as `a + b + c - min(a, b, c) - max(a, b, c)`) is computed
    // once, in the first int's code: it cannot fail, so when it runs does
    // not matter.
    std::map<std::string, std::pair<const Expr*, int>> seen;
    std::size_t nodes = 0;
    for (const Expr* part : parts) nodes += count(*part);
    if (parts.size() > 1 && !lists_ && nodes <= 1024)
        for (const Expr* part : parts) shared_extremes(*part, seen);
    const auto mark = regs_.size();
    std::vector<std::pair<std::uint32_t, IntPtr>> lets;
    std::vector<std::pair<std::string, std::string>> names;  // source text -> register's name
    for (auto& [text, use] : seen) {
        if (use.second < 2) continue;
        IntPtr value = integer(*use.first);
        const std::string name = "#shared" + std::to_string(names.size());
        lets.emplace_back(declare(name), std::move(value));
        names.emplace_back(text, name);
    }
    std::vector<IntPtr> out;
    for (const Expr* part : parts) {
        if (!names.empty()) {
            auto replaced = with_names(*part, names);
            part = replaced.get();
            owned_.push_back(std::move(replaced));
        }
        out.push_back(set_coords_ >> out.size() & 1 ? mask(*part) : integer(*part));
    }
    regs_.resize(mark);
    for (auto it = lets.rbegin(); it != lets.rend(); ++it)
        out[0] = std::make_unique<LetInt>(e.loc, e.length, it->first, std::move(it->second), std::move(out[0]));
    return out;
}

// `min` or `max` of int registers and literals (and such calls), which
// cannot fail: counted by source text in `seen`. Not inside a `let` or a
// comprehension, where a name may mean another value.
bool IntCompiler::total_extreme(const Expr& e) const {
    auto leaf = [&](const Expr& x) {
        if (x.kind == ExprKind::int_lit) return true;
        const std::uint32_t* r = x.kind == ExprKind::name ? find(x.text) : nullptr;
        return r && !(set_regs_ >> *r & 1);
    };
    if (e.kind != ExprKind::call || e.items.size() < 3 || e.items[0]->kind != ExprKind::name) return false;
    const std::string& f = e.items[0]->text;
    if ((f != "min" && f != "max") || shadowed(f)) return false;
    for (std::size_t i = 1; i < e.items.size(); ++i)
        if (!leaf(*e.items[i]) && !total_extreme(*e.items[i])) return false;
    return true;
}

// The nodes whose parts shared_extremes and with_names look into: none
// that binds a name (a call's callee is not looked into).
static bool looked_through(const Expr& e) {
    switch (e.kind) {
        case ExprKind::binary:
        case ExprKind::unary:
        case ExprKind::if_else:
        case ExprKind::compare:
        case ExprKind::logic_and:
        case ExprKind::logic_or:
        case ExprKind::logic_not:
        case ExprKind::tuple:
        case ExprKind::list:
        case ExprKind::call: return true;
        default: return false;
    }
}

void IntCompiler::shared_extremes(const Expr& e, std::map<std::string, std::pair<const Expr*, int>>& seen) const {
    if (total_extreme(e)) {
        auto& use = seen[ast::to_source(e)];
        use.first = &e;
        ++use.second;
        return;
    }
    if (!looked_through(e)) return;
    for (std::size_t i = e.kind == ExprKind::call ? 1 : 0; i < e.items.size(); ++i) shared_extremes(*e.items[i], seen);
}

// e with each subexpression whose source text is a key of `names` the name
// beside it, through the nodes shared_extremes looks through.
ast::ExprPtr IntCompiler::with_names(const Expr& e, const std::vector<std::pair<std::string, std::string>>& names) const {
    if (total_extreme(e)) {
        const std::string text = ast::to_source(e);
        for (auto& [key, name] : names)
            if (key == text) {
                auto out = std::make_unique<Expr>(ExprKind::name, e.loc, e.length);
                out->text = name;
                return out;
            }
    }
    if (!looked_through(e)) return ast::clone(e);
    auto out = std::make_unique<Expr>(e.kind, e.loc, e.length);
    out->op = e.op;
    out->int_value = e.int_value;
    out->text = e.text;
    for (std::size_t i = 0; i < e.items.size(); ++i)
        out->items.push_back(e.kind == ExprKind::call && i == 0 ? ast::clone(*e.items[i]) : with_names(*e.items[i], names));
    return out;
}

// `tuple(sorted([x, y, ...]))` or `sorted([x, y, ...])` (a list: as
// good as a tuple for a position pattern of either bracket) of names
// and literals, as many as the position has: its list display, else null.
// With `descending`, also the same under `reversed(...)`, which sets it.
const Expr* IntCompiler::sorted_ints(const Expr& e, bool* descending) const {
    auto call_of = [&](const Expr& c, const char* name) {
        return c.kind == ExprKind::call && c.items.size() == 2 && c.items[0]->kind == ExprKind::name &&
               c.items[0]->text == name && !shadowed(name);
    };
    const Expr* sorted = call_of(e, "tuple") ? e.items[1].get() : &e;
    if (descending) {
        *descending = call_of(*sorted, "reversed");
        if (*descending) sorted = sorted->items[1].get();
    }
    if (!call_of(*sorted, "sorted")) return nullptr;
    const Expr& list = *sorted->items[1];
    if (list.kind != ExprKind::list || list.items.size() != game_->arity) return nullptr;
    for (auto& item : list.items)
        if (item->kind != ExprKind::int_lit && !(item->kind == ExprKind::name && find(item->text) && !is_set(*item)))
            return nullptr;
    return &list;
}

// Whether e is built of the canonical form's names by + and - (with
// literals), `min` and `max`, and `if` on a comparison, where every `min`,
// `max` and comparison is of names, or of such `min`s and `max`es: then
// the order of the state's ints, ties included, decides every choice it
// makes (`compared`: e is compared). `names` counts its names and
// `literals` adds up its literals' magnitudes (at most 2^62), which bound
// its sums.
bool IntCompiler::order_decided(const Expr& e, bool compared, std::size_t& names, std::int64_t& literals) const {
    auto all = [&](std::size_t from, bool in) {
        for (std::size_t i = from; i < e.items.size(); ++i)
            if (!order_decided(*e.items[i], in, names, literals)) return false;
        return true;
    };
    switch (e.kind) {
        case ExprKind::int_lit: {
            constexpr std::int64_t most = std::int64_t{1} << 62;
            const std::int64_t v = e.int_value == INT64_MIN ? most : e.int_value < 0 ? -e.int_value : e.int_value;
            literals = v >= most || literals >= most - v ? most : literals + v;
            return !compared;
        }
        case ExprKind::name: {
            ++names;
            const std::uint32_t* r = find(e.text);
            return r && *r >= game_->canonical_base && *r < game_->canonical_base + game_->arity;
        }
        case ExprKind::unary: return !compared && e.op == Op::sub && all(0, false);
        case ExprKind::binary: return !compared && (e.op == Op::add || e.op == Op::sub) && all(0, false);
        case ExprKind::call: {
            const std::string f = e.items[0]->kind == ExprKind::name ? e.items[0]->text : "";
            return (f == "min" || f == "max") && !shadowed(f) && e.items.size() >= 3 && all(1, true);
        }
        case ExprKind::if_else: {
            const Expr& c = *e.items[0];
            const bool test = c.kind == ExprKind::compare && c.op != Op::in && c.op != Op::not_in &&
                              order_decided(*c.items[0], true, names, literals) &&
                              order_decided(*c.items[1], true, names, literals);
            return test && order_decided(*e.items[1], compared, names, literals) &&
                   order_decided(*e.items[2], compared, names, literals);
        }
        case ExprKind::tuple:
        case ExprKind::list: return !compared && all(0, false);
        default: return false;
    }
}

// Whether the compiled canonical form gives the state's ints in ascending
// order, for every ints, where order_decided holds of it. Over each weak
// order of the ints (which are equal, which smaller) its choices are
// fixed, so it is affine there, as the sort is; the two agree there when
// they agree at a point of it and one step further along each of its
// directions (each group of equal ints raised together), which is checked
// for all weak orders.
bool IntCompiler::proves_sort(const IntGame& g) const {
    const std::uint32_t k = g.arity;
    std::uint32_t rank[8] = {};
    std::int64_t regs[IntGame::max_registers] = {};
    const intpath::Frame f{regs, nullptr};
    auto agrees = [&](const std::int64_t* xs) {
        std::int64_t sorted[8], got[8];
        std::copy(xs, xs + k, sorted);
        std::sort(sorted, sorted + k);
        std::copy(xs, xs + k, regs + g.canonical_base);
        for (std::uint32_t i = 0; i < k; ++i) got[i] = g.canonical[i]->eval(f);
        return std::equal(got, got + k, sorted);
    };
    try {
        for (;;) {  // every rank vector in 0..k-1, those whose ranks are 0..m-1 each used
            std::uint32_t used = 0, m = 0;
            for (std::uint32_t i = 0; i < k; ++i) used |= 1u << rank[i];
            while (used >> m & 1) ++m;
            if (used == (1u << m) - 1) {
                std::int64_t xs[8];
                for (std::uint32_t i = 0; i < k; ++i) xs[i] = 1000 * (rank[i] + 1);
                if (!agrees(xs)) return false;
                for (std::uint32_t b = 0; b < m; ++b) {
                    std::int64_t ys[8];
                    for (std::uint32_t i = 0; i < k; ++i) ys[i] = xs[i] + (rank[i] == b);
                    if (!agrees(ys)) return false;
                }
            }
            std::uint32_t i = 0;
            while (i < k && ++rank[i] == k) rank[i++] = 0;
            if (i == k) return true;
        }
    } catch (const DiagnosticError&) {
        return false;
    }
}

// Move::sort_inputs: a result that is `let`s, each binding an input (an
// int expression of none of the lets' names), the min or max of two names
// bound before, or another name for one, around a display of the position's length of such
// names: the network sorted() becomes (rewrite_rules.cpp), or one written
// out. It sorts when it orders every pattern of ties and gaps of its
// inputs as std::sort does, ascending or descending.
void IntCompiler::sorted_result(const Expr& r, Move& m) {
    const std::uint32_t k = game_->arity;
    if (!wrapped_ || lists_ || k < 3 || k > 4 || shadowed("min") || shadowed("max")) return;
    struct Wire {
        std::string name;
        int op;  // -1: input `a`; 0: min(a, b); 1: max(a, b); 2: a
        std::uint32_t a, b;
    };
    std::vector<Wire> wires;
    std::vector<const Expr*> inputs;
    auto wire = [&](const Expr& e) -> int {
        if (e.kind != ExprKind::name) return -1;
        for (std::size_t i = wires.size(); i-- > 0;)
            if (wires[i].name == e.text) return static_cast<int>(i);
        return -1;
    };
    const Expr* e = &r;
    for (; e->kind == ExprKind::let_in; e = e->items[0].get()) {
        const ast::Generator& g = e->gens.gens[0];
        if (g.pattern.is_tuple() || wires.size() >= 64) return;
        const Expr& v = *g.iterable;
        if (const int a = wire(v); a >= 0) {  // another name for a wire (a sort unpacked by a `let`)
            wires.push_back({g.pattern.name, 2, static_cast<std::uint32_t>(a), 0});
            continue;
        }
        if (v.kind == ExprKind::call && v.items.size() == 3 && v.items[0]->kind == ExprKind::name &&
            (v.items[0]->text == "min" || v.items[0]->text == "max")) {
            const int a = wire(*v.items[1]), b = wire(*v.items[2]);
            if (a < 0 || b < 0) return;
            wires.push_back({g.pattern.name, v.items[0]->text == "max", static_cast<std::uint32_t>(a),
                             static_cast<std::uint32_t>(b)});
            continue;
        }
        for (const Wire& w : wires)
            if (mentions(v, w.name)) return;
        wires.push_back({g.pattern.name, -1, static_cast<std::uint32_t>(inputs.size()), 0});
        inputs.push_back(&v);
    }
    if (inputs.size() != k || (e->kind != ExprKind::tuple && e->kind != ExprKind::list) || e->items.size() != k) return;
    std::uint32_t out[8];
    for (std::uint32_t i = 0; i < k; ++i) {
        const int w = wire(*e->items[i]);
        if (w < 0) return;
        out[i] = static_cast<std::uint32_t>(w);
    }
    bool ascending = true, descending = true;
    auto check = [&](const std::int64_t* xs) {
        std::vector<std::int64_t> v(wires.size());
        for (std::size_t i = 0; i < wires.size(); ++i) {
            const Wire& w = wires[i];
            v[i] = w.op < 0    ? xs[w.a]
                   : w.op == 0 ? std::min(v[w.a], v[w.b])
                   : w.op == 1 ? std::max(v[w.a], v[w.b])
                               : v[w.a];
        }
        std::int64_t sorted[8];
        std::copy(xs, xs + k, sorted);
        std::sort(sorted, sorted + k);
        for (std::uint32_t i = 0; i < k; ++i) {
            ascending = ascending && v[out[i]] == sorted[i];
            descending = descending && v[out[i]] == sorted[k - 1 - i];
        }
    };
    std::uint32_t rank[8] = {};
    for (;;) {  // every rank vector: ties, and each order of distinct values
        std::int64_t xs[8];
        for (std::uint32_t i = 0; i < k; ++i) xs[i] = rank[i];
        check(xs);
        std::uint32_t i = 0;
        while (i < k && ++rank[i] == k) rank[i++] = 0;
        if (i == k) break;
    }
    if (!ascending && !descending) return;
    try {
        std::vector<IntPtr> ints;
        for (const Expr* x : inputs) ints.push_back(integer(*x));
        m.sort_inputs = std::move(ints);
        m.sort_descending = !ascending;
    } catch (const GiveUp&) {
    }
}

// `tuple(sorted([...]))` of the canonical form's names, each once
// (IntGame::sorted_all), or the same `reversed` (`descending`).
bool IntCompiler::sorts_position(const Expr& e, bool& descending) const {
    const Expr* list = sorted_ints(e, &descending);
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
    bool descending = false;
    if (const Expr* items = sorted_ints(e, &descending)) {
        std::vector<const Expr*> parts = sorting_network(*items);
        if (descending) std::reverse(parts.begin(), parts.end());
        return parts;
    }
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
    } else if (it.kind == ExprKind::list || it.kind == ExprKind::list_comp) {
        g.computed = std::make_shared<const ListResult>(computed_list(it));
    } else if (is_list_form(it)) {
        g.computed = std::make_shared<const ListResult>(list_form_result(it));
    } else {
        throw GiveUp{};
    }
    g.reg = declare(gen.pattern.name);
    return g;
}

// A list of ints written out or comprehended, made whole by each state
// before the generator over it binds a value.
ListResult IntCompiler::computed_list(const Expr& e) {
    ListResult out;
    if (e.kind == ExprKind::list) {
        for (auto& item : e.items) out.items.push_back(integer(*item));
        return out;
    }
    out.kind = ListResult::Kind::comprehension;
    const auto mark = regs_.size();
    for (auto& gen : e.gens.gens) out.gens.push_back(generator(gen));
    if (e.gens.where) out.where = boolean(*e.gens.where);
    out.element = integer(*e.items[0]);
    // An element of the variable and hoisted values alone is the same in
    // every state of an instance: kept (ListResult::element_slot).
    std::vector<std::uint32_t> read;
    if (out.gens.size() == 1 && out.gens[0].ranged() && !out.where && registers_read(*e.items[0], read) &&
        std::all_of(read.begin(), read.end(), [&](std::uint32_t r) {
            return r == out.gens[0].reg || std::any_of(game_->hoisted.begin(), game_->hoisted.end(), [&](auto& h) {
                       return !h.is_list && h.reg == r;
                   });
        }))
        out.element_slot = game_->element_slots++;
    regs_.resize(mark);
    return out;
}

}  // namespace grundy::intcomp
