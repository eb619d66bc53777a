// compile_int_game: the int fast path of a game, tried in each shape of
// position by an IntCompiler (int_rule_compiler.hpp). Here: the game as a
// whole, its `start`, names and registers, and hoisted values.
#include <algorithm>

#include "fixed_lists.hpp"
#include "flat_tuples.hpp"
#include "filtered_ranges.hpp"
#include "heap_rules.hpp"
#include "int_jit.hpp"
#include "int_rule_compiler.hpp"

namespace grundy::intcomp {

namespace {

// The canonical form is (min(x, y), max(x, y)) of the new state (x, y), in
// that order (IntGame::sorted_pair).
bool sorted_pair(const IntGame& g) {
    if (g.arity != 2 || g.canonical.size() != 2) return false;
    const auto* lo = dynamic_cast<const Extreme<false, RegOperand, RegOperand>*>(g.canonical[0].get());
    const auto* hi = dynamic_cast<const Extreme<true, RegOperand, RegOperand>*>(g.canonical[1].get());
    const std::uint32_t x = g.canonical_base, y = x + 1;
    return lo && hi && lo->a.reg == x && lo->b.reg == y && hi->a.reg == x && hi->b.reg == y;
}

}  // namespace

std::shared_ptr<const IntGame> IntCompiler::run(const ast::GameDef& gd) {
    try {
        return build(gd);
    } catch (const GiveUp&) {
        return nullptr;
    }
}

std::shared_ptr<const IntGame> IntCompiler::build(const ast::GameDef& gd) {
    gd_ = &gd;
    auto g = std::make_shared<IntGame>();
    const ast::Pattern& pos = *gd.position;
    if (lists_) {
        // The position's register holds nothing: it makes the rules that
        // read the position non-constant, and is_pos() finds it.
        if (pos.is_tuple() || gd.canonical || pos.name == "_") throw GiveUp{};
        g->shape = shape_;
        pos_reg_ = declare(pos.name);
    } else if (pos.is_tuple()) {
        // `(a, b)`, `[a, b, c]`, `(n,)`, `[n]`: the same registers and
        // packed keys whatever the brackets and length (StateTable
        // writes the state back as the pattern spells it).
        if (pos.items.empty() || pos.items.size() > 8) throw GiveUp{};
        for (auto& item : pos.items)
            if (item.is_tuple()) throw GiveUp{};
        // `h#0`, `h#1`, ...: the ints of a list position `h` (fixed_lists.hpp),
        // and `h#` the list, which only an index reads.
        const std::string& first = pos.items[0].name;
        if (first.find('#') != std::string::npos) list_ = first.substr(0, first.size() - 1);
        g->named_list = !list_.empty();
        if (list_.empty() && pos.items.size() >= 2) set_coords_ = set_coordinates(gd);
        g->set_coords = set_coords_;
        declare_position(pos);
        wrapped_ = true;
        one_name_ = pos.items.size() == 1 ? pos.items[0].name : "";
    } else {
        declare(pos.name);
        one_name_ = pos.name;
    }
    g->arity = next_reg_;
    g->heap_uniform = !lists_ && g->arity == 1 && uniform_heap_rules(gd);
    game_ = g.get();
    if (gd.canonical) {
        // The canonical form reads the new state from registers of its
        // own, so a move can apply it without saving the position's.
        auto mark = regs_.size();
        g->canonical_base = next_reg_;
        declare_position(pos);
        bool descending = false;
        g->sorted_all = g->arity >= 3 && sorts_position(*gd.canonical, descending);
        g->sorted_descending = g->sorted_all && descending;
        if (g->sorted_all) {
            // IntGame::canon sorts: the registers stand in for the min-max
            // network sorted() would otherwise compile to.
            for (std::uint32_t i = 0; i < g->arity; ++i)
                g->canonical.push_back(std::make_unique<Reg>(gd.canonical->loc, gd.canonical->length, g->canonical_base + i));
        } else {
            g->canonical = state_result(*gd.canonical);
            // Its sums stay below 2^62 for ints below sort_below: names * x +
            // literals. A bound far above any coordinate a stretch walks (a
            // packed state's) keeps the stretches' sorting exact too.
            std::size_t names = 0;
            std::int64_t literals = 0;
            if (g->arity >= 3 && g->arity <= 5 && !lists_ && !set_coords_ &&
                order_decided(*gd.canonical, false, names, literals) && proves_sort(*g)) {
                const std::int64_t below =
                    ((std::int64_t{1} << 62) - literals) / static_cast<std::int64_t>(std::max<std::size_t>(names, 1));
                if (below >= std::int64_t{1} << 40) {
                    g->sorted_all = true;
                    g->sort_below = below;
                }
            }
        }
        g->sorted_pair = sorted_pair(*g);
        regs_.resize(mark);
    }
    if (gd.terminal) g->terminal = boolean(*gd.terminal);
    auto grid = grid_candidate(gd) ? std::make_shared<GridRules>() : nullptr;  // int_grid.cpp
    for (auto& written : gd.moves) {
        auto mark = regs_.size();
        ast::MoveDef filtered;
        const ast::MoveDef& mv = filtered_copy(written, filtered) ? filtered : written;
        Move m;
        const Expr* where = mv.gens.where.get();
        if (!member_range(mv, m, where))
            for (auto& gen : mv.gens.gens) m.gens.push_back(generator(gen));
        if (where) m.where = boolean(*where);
        if (mv.gens.where && lists_ && m.gens.size() == 2 && m.gens[1].lo)
            row_bounds(*mv.gens.where, mv.gens.gens[1].pattern.name, m);
        const Expr& r = *mv.result;
        if (lists_) {
            m.list = list_result(r);
            result_mask(r, m.list);
        } else if (const Expr* call = split_call(r)) {
            // Each part a position: one int, or a tuple's coordinates in turn.
            m.split = true;
            for (const Expr* part : split_parts(r, *call))
                for (IntPtr& x : state_result(*part)) m.result.push_back(std::move(x));
        } else {
            m.result = state_result(r);
            sorted_result(r, m);  // int_results.cpp
        }
        if (!m.gens.empty() && !lists_) piecewise(gd, mv, m);
        if (grid) grid_move(mv, m, grid);
        g->moves.push_back(std::move(m));
        regs_.resize(mark);
    }
    if (gd.start && !lists_) start(*gd.start, *g);
    if (!lists_ && list_.empty() && !set_coords_) coordinate_bounds(gd, *g);  // coord_bounds.cpp
    if (grid && !g->moves.empty()) grid_start(gd, *g, std::move(grid));
    g->registers = next_reg_;
    jit_compile(*g);
    g->find_leaves();
    return g;
}

// The int path's own copy of a move over a range filtered by a condition
// of its variable alone (filtered_ranges.hpp).
bool IntCompiler::filtered_copy(const ast::MoveDef& mv, ast::MoveDef& out) const {
    if (lists_ || mv.gens.gens.size() != 1 || !mv.gens.where) return false;
    ast::Generators gens = ast::clone(mv.gens);
    std::vector<std::string> names{gens.gens[0].pattern.name};
    for (const auto& reg : regs_) names.push_back(reg.first);
    if (!filtered_range(gens, names, [&](const Expr& e) { return pure(e); })) return false;
    out.loc = mv.loc;
    out.label = mv.label;
    out.gens = std::move(gens);
    out.result = ast::clone(*mv.result);
    return true;
}

// IntGame::start, when its pattern is a name or a flat tuple of names
// and its result int code; else the generic start makes positions.
void IntCompiler::start(const ast::StartDef& s, IntGame& g) {
    const auto mark = regs_.size();
    const Checkpoint before = checkpoint();
    try {
        g.start_base = next_reg_;
        if (s.pattern && s.pattern->is_tuple()) {
            for (auto& item : s.pattern->items) {
                if (item.is_tuple()) throw GiveUp{};
                declare(item.name);
            }
        } else if (s.pattern) {
            declare(s.pattern->name);
        }
        g.start_args = next_reg_ - g.start_base;
        g.start = state_result(*s.body);
    } catch (const GiveUp&) {
        g.start.clear();
        roll_back(before);
    }
    regs_.resize(mark);
}

void IntCompiler::declare_position(const ast::Pattern& pos) {
    if (!pos.is_tuple()) {
        declare(pos.name);
        return;
    }
    const std::uint32_t first = next_reg_;
    for (std::size_t i = 0; i < pos.items.size(); ++i) {
        const std::uint32_t r = declare(pos.items[i].name);
        if (set_coords_ >> i & 1) set_regs_ |= std::uint64_t{1} << r;
    }
    if (!list_.empty()) regs_.emplace_back(list_, first);
}

std::uint32_t IntCompiler::declare(const std::string& name) {
    if (next_reg_ >= IntGame::max_registers) throw GiveUp{};
    if (name != "_") regs_.emplace_back(name, next_reg_);  // `_` holds a part but binds no name
    set_regs_ &= ~(std::uint64_t{1} << next_reg_);
    return next_reg_++;
}

const std::uint32_t* IntCompiler::find(const std::string& name) const {
    for (auto it = regs_.rbegin(); it != regs_.rend(); ++it)
        if (it->first == name) return &it->second;
    return nullptr;
}

bool IntCompiler::shadowed(const std::string& name) const {
    return find(name) || std::find(cg_.params.begin(), cg_.params.end(), name) != cg_.params.end() ||
           cg_fn(name) || !is_builtin_(name);
}

// Does e read a register (a position name or generator variable)?
bool IntCompiler::reads_registers(const Expr& e, std::vector<std::string>& bound) const {
    if (e.kind == ExprKind::name)  // a function's list parameter (list_scope_) is no constant either
        return (find(e.text) || std::find(list_scope_.begin(), list_scope_.end(), e.text) != list_scope_.end()) &&
               std::find(bound.begin(), bound.end(), e.text) == bound.end();
    if (e.kind == ExprKind::list_comp || e.kind == ExprKind::set_comp || e.kind == ExprKind::let_in) {
        auto mark = bound.size();
        bool uses = false;
        for (auto& gen : e.gens.gens) {
            uses |= reads_registers(*gen.iterable, bound);
            collect(gen.pattern, bound);
        }
        if (e.gens.where) uses |= reads_registers(*e.gens.where, bound);
        uses |= reads_registers(*e.items[0], bound);
        bound.resize(mark);
        return uses;
    }
    for (auto& item : e.items)
        if (reads_registers(*item, bound)) return true;
    return false;
}

void IntCompiler::collect(const ast::Pattern& p, std::vector<std::string>& out) {
    if (!p.is_tuple()) out.push_back(p.name);
    for (auto& item : p.items) collect(item, out);
}

// Hoisting runs an expression once per instance instead of once per
// state: only for expressions that read no register and call nothing
// but pure builtins (not read_int, nor a user function that might).
bool IntCompiler::constant(const Expr& e) const {
    std::vector<std::string> bound;
    return !reads_registers(e, bound) && pure(e);
}

bool IntCompiler::pure(const Expr& e) const {
    if (e.kind == ExprKind::call) {
        const Expr& callee = *e.items[0];
        if (callee.kind != ExprKind::name || shadowed(callee.text) || callee.text == "read_int" ||
            callee.text == "read_ints" || callee.text == "split")
            return false;
    }
    for (auto& item : e.items)
        if (!pure(*item)) return false;
    for (auto& gen : e.gens.gens)
        if (!pure(*gen.iterable)) return false;
    return !e.gens.where || pure(*e.gens.where);
}

IntPtr IntCompiler::hoisted_int(const Expr& e) {
    Hoisted h;
    h.code = hoist_(e);
    h.is_list = false;
    h.reg = next_reg_;
    if (next_reg_ >= IntGame::max_registers) throw GiveUp{};
    ++next_reg_;
    std::uint32_t reg = h.reg;
    game_->hoisted.push_back(std::move(h));
    return std::make_unique<Reg>(e.loc, e.length, reg);
}

std::uint32_t IntCompiler::hoisted_list(const Expr& e) {
    Hoisted h;
    h.code = hoist_(e);
    h.is_list = true;
    game_->hoisted.push_back(std::move(h));
    return static_cast<std::uint32_t>(game_->hoisted.size() - 1);
}

IntCompiler::Checkpoint IntCompiler::checkpoint() const {
    return {game_->hoisted.size(), game_->tables.size(), game_->callouts.size(), regs_.size(), list_fns_.size(),
            fns_.size(),           next_reg_};
}

void IntCompiler::roll_back(const Checkpoint& c) {
    game_->hoisted.resize(c.hoisted);
    game_->tables.resize(c.tables);
    game_->callouts.resize(c.callouts);
    regs_.resize(c.regs);
    list_fns_.resize(c.list_fns);
    fns_.resize(c.fns);
    next_reg_ = c.next_reg;
}

bool IntCompiler::cg_fn(const std::string& name) const {
    return std::any_of(cg_.fns.begin(), cg_.fns.end(), [&](auto& f) { return f->name == name; });
}

}  // namespace grundy::intcomp

namespace grundy {

using intcomp::IntCompiler;

std::shared_ptr<const IntGame> compile_int_game(const ast::GameDef& gd, const CompiledGame& cg,
                                                FunctionRef<CodePtr(const ast::Expr&)> hoist,
                                                FunctionRef<CodePtr(const ast::Expr&, const std::vector<std::string>& vars,
                                                                    std::vector<std::uint32_t>& slots)> tabulate,
                                                FunctionRef<bool(const std::string&)> is_builtin,
                                                FunctionRef<const ast::FnDef*(const std::string&)> global_fn,
                                                std::vector<std::shared_ptr<const IntGame>>& by_length) {
    if (!gd.position) return nullptr;
    auto attempt = [&](IntGame::Shape shape, const ast::GameDef& rules) -> std::shared_ptr<const IntGame> {
        IntCompiler c(cg, hoist, tabulate, is_builtin, global_fn, shape);
        if (auto g = c.run(rules)) return g;
        if (!c.grid_took_registers()) return nullptr;
        return IntCompiler(cg, hoist, tabulate, is_builtin, global_fn, shape).without_grid().run(rules);
    };
    if (auto flat = flat_tuple_rules(gd, is_builtin)) {
        // The nested states are spelled from the flat ints (StateTable),
        // which knows no set coordinates among them.
        auto g = attempt(IntGame::Shape::ints, *flat);
        return g && !g->set_coords ? g : nullptr;
    }
    if (auto fixed = fixed_list_rules(gd, is_builtin)) {
        if (auto g = attempt(IntGame::Shape::ints, *fixed)) return g;
    }
    if (keeps_list_length(gd, is_builtin)) {
        // Only a position fixes the length: the rules for each length, the
        // instance takes the one its first position asks for.
        by_length.assign(max_fixed_list + 1, nullptr);
        bool any = false;
        for (int k = 1; k <= max_fixed_list; ++k)
            if (auto fixed = fixed_list_rules(gd, is_builtin, k)) any |= !!(by_length[k] = attempt(IntGame::Shape::ints, *fixed));
        if (!any) by_length.clear();
    }
    for (auto shape : {IntGame::Shape::ints, IntGame::Shape::lists, IntGame::Shape::sets})
        if (auto g = attempt(shape, gd)) return g;
    return nullptr;
}

}  // namespace grundy
