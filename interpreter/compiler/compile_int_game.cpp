// The int fast path's compiler. It accepts a game when its position is a
// name (an int, or a list or set of ints) or a tuple or list of names
// (fixed_lists.cpp rewrites a list of one fixed length into one), every
// move result is int arithmetic (or a tuple, list, set or split(...) of
// it), and every generator runs over a range or over a list that does not
// depend on the position. Anything it does not know gives up on the whole
// game: the generic path is always there.
#include <algorithm>

#include "fixed_lists.hpp"
#include "grid_rules.hpp"
#include "int_compiler.hpp"
#include "int_nodes.hpp"
#include "mask_nodes.hpp"
#include "pure_code.hpp"

namespace grundy {

namespace {

using ast::Expr;
using ast::ExprKind;
using ast::Op;
using namespace intpath;

struct GiveUp {};

// The canonical form is (min(x, y), max(x, y)) of the new state (x, y), in
// that order (IntGame::sorted_pair).
bool sorted_pair(const IntGame& g) {
    if (g.arity != 2 || g.canonical.size() != 2) return false;
    const auto* lo = dynamic_cast<const Extreme<false, RegOperand, RegOperand>*>(g.canonical[0].get());
    const auto* hi = dynamic_cast<const Extreme<true, RegOperand, RegOperand>*>(g.canonical[1].get());
    const std::uint32_t x = g.canonical_base, y = x + 1;
    return lo && hi && lo->a.reg == x && lo->b.reg == y && hi->a.reg == x && hi->b.reg == y;
}

class IntCompiler {
public:
    // `shape`: compile for positions that are ints, or lists or sets of
    // ints (later tries for a game whose position is a name that the int
    // rules do not fit).
    using Tabulate = FunctionRef<CodePtr(const ast::Expr&, const std::string&, std::uint32_t&)>;
    IntCompiler(const CompiledGame& cg, FunctionRef<CodePtr(const ast::Expr&)> hoist, Tabulate tabulate,
                FunctionRef<bool(const std::string&)> is_builtin, IntGame::Shape shape)
        : cg_(cg), hoist_(hoist), tabulate_(tabulate), is_builtin_(is_builtin), shape_(shape),
          lists_(shape != IntGame::Shape::ints) {}

    // Without the grid analysis: for a second try when its registers (for
    // hoisted values it compiled again) left the rules too few.
    IntCompiler& without_grid() {
        grid_off_ = true;
        return *this;
    }
    bool grid_took_registers() const { return grid_regs_; }

    std::shared_ptr<const IntGame> run(const ast::GameDef& gd) {
        try {
            return build(gd);
        } catch (const GiveUp&) {
            return nullptr;
        }
    }

private:
    std::shared_ptr<const IntGame> build(const ast::GameDef& gd) {
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
        game_ = g.get();
        if (gd.canonical) {
            // The canonical form reads the new state from registers of its
            // own, so a move can apply it without saving the position's.
            auto mark = regs_.size();
            g->canonical_base = next_reg_;
            declare_position(pos);
            g->canonical = state_result(*gd.canonical);
            g->sorted_pair = sorted_pair(*g);
            g->sorted_all = g->arity >= 3 && sorts_position(*gd.canonical);
            regs_.resize(mark);
        }
        if (gd.terminal) g->terminal = boolean(*gd.terminal);
        auto grid = grid_candidate(gd) ? std::make_shared<GridRules>() : nullptr;  // grid_rules.hpp
        for (auto& mv : gd.moves) {
            auto mark = regs_.size();
            Move m;
            for (auto& gen : mv.gens.gens) m.gens.push_back(generator(gen));
            if (mv.gens.where) m.where = boolean(*mv.gens.where);
            if (mv.gens.where && lists_ && m.gens.size() == 2 && m.gens[1].lo)
                row_bounds(*mv.gens.where, mv.gens.gens[1].pattern.name, m);
            const Expr& r = *mv.result;
            if (lists_) {
                m.list = list_result(r);
            } else if (const Expr* call = split_call(r)) {
                if (g->arity != 1 || wrapped_) throw GiveUp{};
                m.split = true;
                for (const Expr* part : split_parts(r, *call)) m.result.push_back(integer(*part));
            } else {
                m.result = state_result(r);
            }
            if (!m.gens.empty() && !lists_) piecewise(gd, mv, m);
            if (grid) grid_move(mv, m, grid);
            g->moves.push_back(std::move(m));
            regs_.resize(mark);
        }
        if (gd.start && !lists_) start(*gd.start, *g);
        if (grid && !g->moves.empty()) grid_start(gd, *g, std::move(grid));
        g->registers = next_reg_;
        return g;
    }

    // IntGame::start, when its pattern is a name or a flat tuple of names
    // and its result int code; else the generic start makes positions.
    void start(const ast::StartDef& s, IntGame& g) {
        const auto mark = regs_.size();
        const auto next = next_reg_;
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
            next_reg_ = next;
        }
        regs_.resize(mark);
    }

    // ---- translations on a grid (runtime/translation_grid.hpp) --------------
    bool grid_candidate(const ast::GameDef& gd) const {
        return !grid_off_ && !lists_ && !gd.canonical && !gd.terminal && set_coords_ == 0 &&
               !grid_names(*gd.position).empty();
    }
    // The hooks' functions live in this frame while `f` runs (FunctionRef).
    template <typename F> auto with_grid_hooks(F&& f) {
        auto integer_or_null = [this](const Expr& e) -> IntPtr {
            try {
                return integer(e);
            } catch (const GiveUp&) {
                return nullptr;
            }
        };
        auto boolean_or_null = [this](const Expr& e) -> BoolPtr {
            try {
                return boolean(e);
            } catch (const GiveUp&) {
                return nullptr;
            }
        };
        auto affine = [this](const Expr& e, const std::vector<std::string>& vars) { return linearity(e, vars, false); };
        auto is_pure = [this](const Expr& e) { return pure(e); };
        GridHooks hooks{integer_or_null, boolean_or_null, affine, is_pure};
        return f(hooks);
    }
    void grid_move(const ast::MoveDef& mv, const Move& m, std::shared_ptr<GridRules>& grid) {
        const std::uint32_t regs = next_reg_;
        struct Took {  // registers the analysis took, even when it gives up
            IntCompiler& c;
            std::uint32_t regs;
            ~Took() { c.grid_regs_ = c.grid_regs_ || c.next_reg_ != regs; }
        } took{*this, regs};
        auto gm = m.split ? nullptr : with_grid_hooks([&](GridHooks& h) {
            return grundy::grid_move(mv, grid_names(*gd_->position), list_, wrapped_, h);
        });
        if (gm) grid->moves.push_back(std::move(*gm));
        else grid.reset();
    }
    void grid_start(const ast::GameDef& gd, IntGame& g, std::shared_ptr<GridRules> grid) {
        grid->start_affine = !gd.start || (!g.start.empty() && with_grid_hooks([&](GridHooks& h) {
                                               return grid_start_affine(gd, g.arity, wrapped_, h);
                                           }));
        g.grid = std::move(grid);
    }

    // ---- names and registers ------------------------------------------------
    void declare_position(const ast::Pattern& pos) {
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
    std::uint32_t declare(const std::string& name) {
        if (next_reg_ >= IntGame::max_registers) throw GiveUp{};
        if (name != "_") regs_.emplace_back(name, next_reg_);  // `_` holds a part but binds no name
        set_regs_ &= ~(std::uint64_t{1} << next_reg_);
        return next_reg_++;
    }
    const std::uint32_t* find(const std::string& name) const {
        for (auto it = regs_.rbegin(); it != regs_.rend(); ++it)
            if (it->first == name) return &it->second;
        return nullptr;
    }
    bool shadowed(const std::string& name) const {
        return find(name) || std::find(cg_.params.begin(), cg_.params.end(), name) != cg_.params.end() ||
               cg_fn(name) || !is_builtin_(name);
    }

    // Does e read a register (a position name or generator variable)?
    bool reads_registers(const Expr& e, std::vector<std::string>& bound) const {
        if (e.kind == ExprKind::name)
            return find(e.text) && std::find(bound.begin(), bound.end(), e.text) == bound.end();
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
    static void collect(const ast::Pattern& p, std::vector<std::string>& out) {
        if (!p.is_tuple()) out.push_back(p.name);
        for (auto& item : p.items) collect(item, out);
    }
    // Hoisting runs an expression once per instance instead of once per
    // state: only for expressions that read no register and call nothing
    // but pure builtins (not read_int, nor a user function that might).
    bool constant(const Expr& e) const {
        std::vector<std::string> bound;
        return !reads_registers(e, bound) && pure(e);
    }
    bool pure(const Expr& e) const {
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

    // ---- piecewise-affine families (see Move::affine) ---------------------------
    void piecewise(const ast::GameDef& gd, const ast::MoveDef& mv, Move& m) {
        if (set_coords_) return;  // a set's mask is not affine in anything
        const std::vector<std::string> var{mv.gens.gens.back().pattern.name};
        const Expr& r = *mv.result;
        std::vector<const Expr*> parts;
        if (m.split)
            for (std::size_t i = 1; i < r.items.size(); ++i) parts.push_back(r.items[i].get());
        else
            parts = tuple_parts(r);
        m.affine = std::all_of(parts.begin(), parts.end(), [&](auto* p) { return linearity(*p, var) < 2; });
        if (gd.canonical) {
            std::vector<std::string> names;
            collect(*gd.position, names);
            for (const Expr* c : tuple_parts(*gd.canonical)) m.affine = m.affine && linearity(*c, names) < 2;
        }
        m.shifted = !m.affine && shifted(gd, mv, m);
        if (!m.affine) return;
        std::vector<const Expr*> rest;
        if (mv.gens.where) bounds(mv, var[0], one_name_, m, rest);
        m.sparse = m.split && m.result.size() == 2 && game_->arity == 1 && !gd.canonical && m.gens.back().lo &&
                   std::all_of(rest.begin(), rest.end(), [&](const Expr* c) { return safe_order(*c); });
        // Every option n + offset(k), offsets fixed per instance (checked there).
        std::vector<std::string> both{one_name_, var[0]};
        m.translation = !m.split && game_->arity == 1 && !gd.canonical && m.gens.size() == 1 && m.gens[0].list >= 0 &&
                        m.rest.empty() && linearity(*parts[0], both, false) < 2;  // (n - k,) as n - k
    }

    // Move::shifted: `move k in a..b => n - e` (or n + e, e + n), e free of n.
    bool shifted(const ast::GameDef& gd, const ast::MoveDef& mv, const Move& m) const {
        if (m.split || game_->arity != 1 || gd.canonical || mv.gens.where || m.gens.size() != 1 ||
            !m.gens[0].ranged() || mv.gens.gens[0].pattern.name == gd.position->name)
            return false;
        const Expr& r = *mv.result;
        const std::string& n = gd.position->name;
        if (r.kind != ExprKind::binary || (r.op != Op::add && r.op != Op::sub)) return false;
        if (is_var(*r.items[0], n) && !mentions(*r.items[1], n)) return true;
        return r.op == Op::add && is_var(*r.items[1], n) && !mentions(*r.items[0], n);
    }

    // `position`: a one-int game's position name, for Bound::linear.
    void bounds(const ast::MoveDef& mv, const std::string& var, const std::string& position, Move& m,
                std::vector<const Expr*>& rest) {
        std::vector<const Expr*> conjuncts;
        split_and(*mv.gens.where, conjuncts);
        // Only a leading run of bounds: `and` tests left to right, so a bound
        // after another conjunct does not keep that conjunct from running
        // (and raising an error) for the values it excludes.
        bool leading = true;
        for (const Expr* c : conjuncts) {
            if (leading && c->kind == ExprKind::compare && c->op != Op::in && c->op != Op::not_in && c->op != Op::ne) {
                bool left = is_var(*c->items[0], var) && !mentions(*c->items[1], var);
                bool right = is_var(*c->items[1], var) && !mentions(*c->items[0], var);
                if (left || right) {
                    using Side = Move::Bound::Side;
                    Op op = c->op;
                    if (right) op = op == Op::lt ? Op::gt : op == Op::gt ? Op::lt : op == Op::le ? Op::ge : op == Op::ge ? Op::le : op;
                    Move::Bound bound;
                    bound.side = op == Op::eq ? Side::exactly : op == Op::lt || op == Op::le ? Side::at_most : Side::at_least;
                    bound.shift = op == Op::lt ? -1 : op == Op::gt ? 1 : 0;
                    const Expr& e = *c->items[left ? 1 : 0];
                    bound.e = integer(e);
                    bound.linear = !position.empty() && linearity(e, {position}, false) < 2;
                    m.bounds.push_back(std::move(bound));
                    continue;
                }
            }
            leading = false;
            m.rest.push_back(boolean(*c));
            rest.push_back(c);
        }
    }
    // Move::row_bounds: every conjunct of `where` compares y, y + s, s + y
    // or y - s with t (s and t registers or int literals); else none.
    void row_bounds(const Expr& where, const std::string& y, Move& m) const {
        std::vector<const Expr*> conjuncts;
        split_and(where, conjuncts);
        std::vector<Move::RowBound> out;
        for (const Expr* c : conjuncts) {
            if (c->kind != ExprKind::compare ||
                (c->op != Op::lt && c->op != Op::le && c->op != Op::gt && c->op != Op::ge && c->op != Op::eq))
                return;
            Move::RowBound b;
            bool matched = false;
            for (int side = 0; side < 2 && !matched; ++side) {
                const Expr& a = *c->items[side];
                if (!operand(*c->items[1 - side], y, b.t_reg, b.t_value)) continue;
                if (is_var(a, y)) {
                    matched = true;
                } else if (a.kind == ExprKind::binary && (a.op == Op::add || a.op == Op::sub)) {
                    const bool first = is_var(*a.items[0], y), second = a.op == Op::add && is_var(*a.items[1], y);
                    if ((first || second) && operand(*a.items[first ? 1 : 0], y, b.s_reg, b.s_value)) {
                        b.s_sign = a.op == Op::add ? 1 : -1;
                        matched = true;
                    }
                }
                if (matched) {
                    using R = Move::RowBound::Op;
                    // t op y (side 1) is y op' t.
                    const Op op = side == 0 ? c->op
                                  : c->op == Op::lt ? Op::gt : c->op == Op::gt ? Op::lt : c->op == Op::le ? Op::ge
                                  : c->op == Op::ge ? Op::le : c->op;
                    b.op = op == Op::lt ? R::lt : op == Op::le ? R::le : op == Op::gt ? R::gt : op == Op::ge ? R::ge : R::eq;
                }
            }
            if (!matched) return;
            out.push_back(b);
        }
        m.row_bounds = std::move(out);
    }
    // A register other than y's, or an int literal.
    bool operand(const Expr& e, const std::string& y, int& reg, std::int64_t& value) const {
        if (e.kind == ExprKind::int_lit) {
            reg = -1;
            value = e.int_value;
            return true;
        }
        if (e.kind != ExprKind::name || e.text == y || (lists_ && is_pos(e))) return false;
        const std::uint32_t* r = find(e.text);
        if (!r) return false;
        reg = static_cast<int>(*r);
        return true;
    }
    // An order comparison of piecewise-affine ints of the registers: it
    // cannot raise an error (Move::sparse).
    bool safe_order(const Expr& c) const {
        if (c.kind != ExprKind::compare || c.op == Op::in || c.op == Op::not_in) return false;
        std::vector<std::string> names;
        for (const auto& r : regs_) names.push_back(r.first);
        std::vector<std::string> none;
        for (int i = 0; i < 2; ++i) {
            const Expr& side = *c.items[i];
            if (linearity(side, names) == 2 || (!reads_registers(side, none) && !constant(side))) return false;
        }
        return true;
    }
    static void split_and(const Expr& e, std::vector<const Expr*>& out) {
        if (e.kind == ExprKind::logic_and) {
            split_and(*e.items[0], out);
            split_and(*e.items[1], out);
        } else {
            out.push_back(&e);
        }
    }
    static bool is_var(const Expr& e, const std::string& var) { return e.kind == ExprKind::name && e.text == var; }

    // 0: e reads none of `vars`; 1: e is piecewise affine in them (sums,
    // multiples, and with `extremes` min, max, abs); 2: anything else. Each
    // of `vars` is bound innermost where e is compiled, so a plain name
    // among them is one.
    int linearity(const Expr& e, const std::vector<std::string>& vars, bool extremes = true) const {
        switch (e.kind) {
            case ExprKind::int_lit: return 0;
            case ExprKind::name: return std::find(vars.begin(), vars.end(), e.text) != vars.end() ? 1 : 0;
            case ExprKind::unary: return linearity(*e.items[0], vars, extremes);
            case ExprKind::binary: {
                if (e.op != Op::add && e.op != Op::sub && e.op != Op::mul) break;
                int a = linearity(*e.items[0], vars, extremes), b = linearity(*e.items[1], vars, extremes);
                if (e.op == Op::mul) return a == 0 ? b : b == 0 ? a : 2;
                return std::max(a, b);
            }
            case ExprKind::if_else: {
                if (!extremes) break;
                const int c = condition(*e.items[0], vars);
                if (c == 2) return 2;
                return std::max({c, linearity(*e.items[1], vars), linearity(*e.items[2], vars)});
            }
            case ExprKind::let_in: {
                const ast::Generator& b = e.gens.gens[0];
                const int v = linearity(*b.iterable, vars, extremes);
                if (v == 2 || b.pattern.is_tuple()) break;
                // The bound name is one of vars in the body exactly when its value reads them.
                std::vector<std::string> inner;
                for (const std::string& x : vars)
                    if (x != b.pattern.name) inner.push_back(x);
                if (v == 1) inner.push_back(b.pattern.name);
                return std::max(v, linearity(*e.items[0], inner, extremes));
            }
            case ExprKind::call: {
                const Expr& callee = *e.items[0];
                bool extreme = (callee.text == "min" || callee.text == "max") && e.items.size() >= 3;
                bool abs = callee.text == "abs" && e.items.size() == 2;
                if (!extremes || callee.kind != ExprKind::name || shadowed(callee.text) || !(extreme || abs)) break;
                int worst = 0;
                for (std::size_t i = 1; i < e.items.size(); ++i)
                    worst = std::max(worst, linearity(*e.items[i], vars));
                return worst;
            }
            default: break;
        }
        for (const std::string& v : vars)
            if (mentions(e, v)) return 2;
        return 0;
    }
    // The same for a condition of `if`: 1 when it is made of order
    // comparisons (<, <=, >, >=) of piecewise-affine ints, each a sign test
    // that IfInt records as a choice.
    int condition(const Expr& c, const std::vector<std::string>& vars) const {
        switch (c.kind) {
            case ExprKind::bool_lit: return 0;
            case ExprKind::compare:
                if (c.op == Op::lt || c.op == Op::le || c.op == Op::gt || c.op == Op::ge)
                    return std::max(linearity(*c.items[0], vars), linearity(*c.items[1], vars));
                break;
            case ExprKind::logic_and:
            case ExprKind::logic_or: return std::max(condition(*c.items[0], vars), condition(*c.items[1], vars));
            case ExprKind::logic_not: return condition(*c.items[0], vars);
            default: break;
        }
        for (const std::string& v : vars)
            if (mentions(c, v)) return 2;
        return 0;
    }
    static bool mentions(const Expr& e, const std::string& var) {
        if (e.kind == ExprKind::name && e.text == var) return true;
        for (auto& item : e.items)
            if (mentions(*item, var)) return true;
        for (auto& gen : e.gens.gens)
            if (mentions(*gen.iterable, var)) return true;
        return e.gens.where && mentions(*e.gens.where, var);
    }

    // ---- hoisted values ---------------------------------------------------------
    IntPtr hoisted_int(const Expr& e) {
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
    std::uint32_t hoisted_list(const Expr& e) {
        Hoisted h;
        h.code = hoist_(e);
        h.is_list = true;
        game_->hoisted.push_back(std::move(h));
        return static_cast<std::uint32_t>(game_->hoisted.size() - 1);
    }

    // ---- expressions --------------------------------------------------------------
    std::vector<IntPtr> state_result(const Expr& e) {
        std::vector<IntPtr> out;
        for (const Expr* part : tuple_parts(e))
            out.push_back(set_coords_ >> out.size() & 1 ? mask(*part) : integer(*part));
        return out;
    }
    // `tuple(sorted([x, y, ...]))` or `sorted([x, y, ...])` (a list: as
    // good as a tuple for a position pattern of either bracket) of names
    // and literals, as many as the position has: its list display, else null.
    const Expr* sorted_ints(const Expr& e) const {
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
    bool sorts_position(const Expr& e) const {
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
    std::vector<const Expr*> sorting_network(const Expr& xs) {
        constexpr std::size_t max_nodes = 4096;
        std::vector<ast::ExprPtr> wires;
        for (auto& item : xs.items) wires.push_back(ast::clone(*item));
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
    static std::size_t count(const Expr& e) {
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
    std::vector<const Expr*> tuple_parts(const Expr& e) {
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
    const Expr* split_call(const Expr& r) const {
        const Expr* e = &r;
        while (e->kind == ExprKind::let_in && !e->gens.gens[0].pattern.is_tuple()) e = e->items[0].get();
        bool split = e->kind == ExprKind::call && e->items[0]->kind == ExprKind::name && e->items[0]->text == "split" &&
                     !shadowed("split");
        return split ? e : nullptr;
    }
    // Its parts, each under the lets around the call: `let x = v in a`, ...
    std::vector<const Expr*> split_parts(const Expr& r, const Expr& call) {
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

    Gen generator(const ast::Generator& gen) {
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

    // Picks the node type by the operands' shapes: register, constant, other.
    template <typename Make>
    static auto by_operands(IntPtr x, IntPtr y, Make&& make) {
        auto shape = [](IntPtr& p) -> int {
            if (dynamic_cast<Reg*>(p.get())) return 0;
            if (dynamic_cast<Const*>(p.get())) return 1;
            return 2;
        };
        auto reg = [](IntPtr& p) { return RegOperand{static_cast<Reg*>(p.get())->reg}; };
        auto con = [](IntPtr& p) { return ConstOperand{static_cast<Const*>(p.get())->value}; };
        auto any = [](IntPtr& p) { return AnyOperand{std::move(p)}; };
        switch (shape(x) * 3 + shape(y)) {
            case 0: return make(reg(x), reg(y));
            case 1: return make(reg(x), con(y));
            case 2: return make(reg(x), any(y));
            case 3: return make(con(x), reg(y));
            case 4: return make(con(x), con(y));
            case 5: return make(con(x), any(y));
            case 6: return make(any(x), reg(y));
            case 7: return make(any(x), con(y));
            default: return make(any(x), any(y));
        }
    }

    template <Op op> IntPtr bin(const Expr& e) {
        return by_operands(integer(*e.items[0]), integer(*e.items[1]), [&](auto a, auto b) -> IntPtr {
            return std::make_unique<Bin<op, decltype(a), decltype(b)>>(e.loc, e.length, std::move(a), std::move(b));
        });
    }

    // ---- sets held as masks (mask_nodes.hpp) ----------------------------------------
    // The coordinates of a tuple position that hold sets: those that some
    // result (of `start`, `canonical` or a move) builds as a set, by
    // is_set's rules with the coordinates found so far, to a fixed point.
    // A wrong guess costs nothing but the int path: mask() and integer()
    // each accept only their own kind.
    std::uint8_t set_coordinates(const ast::GameDef& gd) {
        const ast::Pattern& pos = *gd.position;
        std::uint8_t coords = 0;
        for (;;) {
            const auto mark = regs_.size();
            const std::uint64_t saved = set_regs_;
            const std::uint32_t next = next_reg_;
            for (std::size_t i = 0; i < pos.items.size(); ++i) {
                const std::uint32_t r = declare(pos.items[i].name);
                if (coords >> i & 1) set_regs_ |= std::uint64_t{1} << r;
            }
            std::uint8_t found = coords;
            auto scan = [&](auto& self, const Expr& e) -> void {
                if ((e.kind == ExprKind::tuple || e.kind == ExprKind::list) && e.items.size() == pos.items.size()) {
                    for (std::size_t i = 0; i < e.items.size(); ++i)
                        if (is_set(*e.items[i])) found |= static_cast<std::uint8_t>(1u << i);
                } else if (e.kind == ExprKind::if_else) {
                    self(self, *e.items[1]);
                    self(self, *e.items[2]);
                } else if (e.kind == ExprKind::let_in) {
                    self(self, *e.items[0]);
                }
            };
            if (gd.start) scan(scan, *gd.start->body);
            if (gd.canonical) scan(scan, *gd.canonical);
            for (auto& mv : gd.moves) scan(scan, *mv.result);
            regs_.resize(mark);
            set_regs_ = saved;
            next_reg_ = next;
            if (found == coords) return coords;
            coords = found;
        }
    }
    // Whether e is a set, as far as the int path can tell: a set display or
    // comprehension, a register holding a set, or `+`, `-`, `|`, `&`, `if`
    // or `let` of those.
    bool is_set(const Expr& e) const {
        switch (e.kind) {
            case ExprKind::set:
            case ExprKind::set_comp: return true;
            case ExprKind::name: {
                const std::uint32_t* r = find(e.text);
                return r && (set_regs_ >> *r & 1);
            }
            case ExprKind::binary:
                return (e.op == Op::add || e.op == Op::sub || e.op == Op::bit_or || e.op == Op::bit_and) &&
                       (is_set(*e.items[0]) || is_set(*e.items[1]));
            case ExprKind::if_else: return is_set(*e.items[1]) || is_set(*e.items[2]);
            case ExprKind::let_in: return is_set(*e.items[0]);
            default: return false;
        }
    }
    IntPtr mask(const Expr& e) {
        switch (e.kind) {
            case ExprKind::set: {
                std::vector<IntPtr> items;
                for (auto& item : e.items) items.push_back(integer(*item));
                return std::make_unique<MaskOf>(e.loc, e.length, std::move(items));
            }
            case ExprKind::set_comp: {
                if (IntPtr m = mask_filter(e)) return m;
                auto c = std::make_unique<MaskComp>(e.loc, e.length);
                const auto mark = regs_.size();
                for (auto& gen : e.gens.gens) c->gens.push_back(generator(gen));
                if (e.gens.where) c->where = boolean(*e.gens.where);
                c->element = integer(*e.items[0]);
                regs_.resize(mark);
                return c;
            }
            case ExprKind::name:
                if (const std::uint32_t* r = find(e.text)) {
                    if (!(set_regs_ >> *r & 1)) throw GiveUp{};
                    return std::make_unique<Reg>(e.loc, e.length, *r);
                }
                break;
            case ExprKind::binary: {
                if (e.op != Op::add && e.op != Op::sub && e.op != Op::bit_or && e.op != Op::bit_and) break;
                IntPtr a = mask(*e.items[0]);
                return by_operands(std::move(a), mask(*e.items[1]), [&](auto x, auto y) -> IntPtr {
                    using A = decltype(x);
                    using B = decltype(y);
                    if (e.op == Op::sub)
                        return std::make_unique<MaskBin<MaskOp::minus, A, B>>(e.loc, e.length, std::move(x), std::move(y));
                    if (e.op == Op::bit_and)
                        return std::make_unique<MaskBin<MaskOp::intersect, A, B>>(e.loc, e.length, std::move(x), std::move(y));
                    return std::make_unique<MaskBin<MaskOp::union_, A, B>>(e.loc, e.length, std::move(x), std::move(y));
                });
            }
            case ExprKind::if_else:
                return std::make_unique<IfInt>(e.loc, e.length, boolean(*e.items[0]), mask(*e.items[1]), mask(*e.items[2]));
            case ExprKind::let_in:
                if (!e.gens.gens[0].pattern.is_tuple()) {
                    const auto mark = regs_.size();
                    std::uint32_t reg;
                    IntPtr value = bound_value(e, reg);
                    IntPtr body = mask(*e.items[0]);
                    regs_.resize(mark);
                    return std::make_unique<LetInt>(e.loc, e.length, reg, std::move(value), std::move(body));
                }
                break;
            default: break;
        }
        // A set that reads no register (a rule parameter): its mask at run time.
        if (e.kind != ExprKind::int_lit && constant(e))
            return std::make_unique<HoistedMask>(e.loc, e.length, hoisted_list(e));
        throw GiveUp{};
    }
    // MaskFilter: `{x for x in s where ...}` with s a set and every
    // conjunct of the condition a comparison of x with an int free of x.
    IntPtr mask_filter(const Expr& e) {
        const ast::Generator& gen = e.gens.gens[0];
        const std::string& x = gen.pattern.name;
        if (e.gens.gens.size() != 1 || gen.pattern.is_tuple() || !e.gens.where || !is_var(*e.items[0], x) ||
            !is_set(*gen.iterable) || constant(*gen.iterable))
            return nullptr;
        std::vector<const Expr*> conjuncts;
        split_and(*e.gens.where, conjuncts);
        for (const Expr* c : conjuncts) {
            if (c->kind != ExprKind::compare || c->op == Op::in || c->op == Op::not_in) return nullptr;
            const bool left = is_var(*c->items[0], x) && !mentions(*c->items[1], x);
            const bool right = is_var(*c->items[1], x) && !mentions(*c->items[0], x);
            if (!left && !right) return nullptr;
        }
        IntPtr set = mask(*gen.iterable);
        std::vector<std::pair<Op, IntPtr>> bounds;
        bool regs = true;
        for (const Expr* c : conjuncts) {
            const bool left = is_var(*c->items[0], x);
            Op op = c->op;
            if (!left) op = op == Op::lt ? Op::gt : op == Op::gt ? Op::lt : op == Op::le ? Op::ge : op == Op::ge ? Op::le : op;
            bounds.emplace_back(op, integer(*c->items[left ? 1 : 0]));
            regs = regs && dynamic_cast<Reg*>(bounds.back().second.get());
        }
        auto make = [&](auto s, auto operand) -> IntPtr {
            auto out = std::make_unique<MaskFilter<decltype(s), decltype(operand(std::declval<IntPtr&>()))>>(
                e.loc, e.length, std::move(s));
            for (auto& [op, b] : bounds) out->bounds.push_back({op, operand(b)});
            return out;
        };
        auto reg = [](IntPtr& p) { return RegOperand{static_cast<Reg*>(p.get())->reg}; };
        auto any = [](IntPtr& p) { return AnyOperand{std::move(p)}; };
        if (auto* r = dynamic_cast<Reg*>(set.get())) {
            const RegOperand s{r->reg};
            return regs ? make(s, reg) : make(s, any);
        }
        return regs ? make(AnyOperand{std::move(set)}, reg) : make(AnyOperand{std::move(set)}, any);
    }
    // The value a `let` binds, as an int or a set's mask, and the register
    // that holds it (declared: the caller resets regs_).
    IntPtr bound_value(const Expr& let, std::uint32_t& reg) {
        const Expr& v = *let.gens.gens[0].iterable;
        const bool set = is_set(v);
        IntPtr value = set ? mask(v) : integer(v);
        reg = declare(let.gens.gens[0].pattern.name);
        if (set) set_regs_ |= std::uint64_t{1} << reg;
        return value;
    }

    // A name that means the position of a game on int lists.
    bool is_pos(const Expr& e) const {
        const std::uint32_t* r = e.kind == ExprKind::name ? find(e.text) : nullptr;
        return lists_ && r && *r == pos_reg_;
    }

    ListResult list_result(const Expr& e) {
        using K = ListResult::Kind;
        const bool sets = shape_ == IntGame::Shape::sets;
        ListResult out;
        if (is_pos(e)) {
            out.kind = K::position;
            return out;
        }
        if (e.kind == (sets ? ExprKind::set : ExprKind::list)) {
            for (auto& item : e.items) out.items.push_back(integer(*item));
            return out;
        }
        if (sets && e.kind == ExprKind::binary && (e.op == Op::sub || e.op == Op::bit_or || e.op == Op::bit_and)) {
            out.kind = e.op == Op::sub ? K::minus : e.op == Op::bit_or ? K::union_ : K::intersect;
            out.a = std::make_unique<ListResult>(list_result(*e.items[0]));
            out.b = std::make_unique<ListResult>(list_result(*e.items[1]));
            if (out.kind == K::minus) removal(*e.items[1], out);
            return out;
        }
        if (sets && set_table(e, out)) return out;
        if (e.kind != (sets ? ExprKind::set_comp : ExprKind::list_comp)) throw GiveUp{};
        out.kind = K::comprehension;
        auto mark = regs_.size();
        for (auto& gen : e.gens.gens) out.gens.push_back(generator(gen));
        if (e.gens.where) out.where = boolean(*e.gens.where);
        if (out.gens.size() != 1 || !out.gens[0].lo || !runs(e, out)) out.element = integer(*e.items[0]);
        // `{d for d in s ...}` over a set position or `[x for x in a..b ...]`:
        // the elements come ascending and distinct, so a set needs no sort.
        const bool element_is_var = out.gens.size() == 1 && e.items[0]->kind == ExprKind::name &&
                                    e.items[0]->text == e.gens.gens[0].pattern.name;
        out.ascending = element_is_var && ((sets && out.gens[0].over_position) || out.gens[0].lo);
        if (sets && out.ascending && out.gens[0].over_position && out.where) out.filter = filter_of(*e.gens.where, out);
        regs_.resize(mark);
        return out;
    }

    // ListResult::arms, when every condition of comprehension e that reads
    // its variable c is `c op x` with x a register or a constant.
    bool runs(const Expr& e, ListResult& out) {
        const std::string& c = e.gens.gens[0].pattern.name;
        std::vector<ListResult::Cut> cuts;
        if ((e.gens.where && !cuts_of(*e.gens.where, c, cuts)) || !cuts_of(*e.items[0], c, cuts) ||
            cuts.size() > ListResult::max_cuts)
            return false;
        out.cuts = std::move(cuts);
        PlanInputs plan;
        arm(*e.items[0], c, out.arms, plan);
        if (plan.ok && plan_inputs(*e.gens.gens[0].iterable, c, plan.regs) &&
            (!e.gens.where || plan_inputs(*e.gens.where, c, plan.regs)) &&
            plan.regs.size() <= ListResult::max_plan_regs) {
            out.plan_slot = game_->plans++;
            out.plan_count = static_cast<std::uint32_t>(plan.regs.size());
            std::copy(plan.regs.begin(), plan.regs.end(), out.plan_regs.begin());
            for (std::size_t k = plan.regs.size(); k < ListResult::max_plan_regs && !plan.regs.empty(); ++k)
                out.plan_regs[k] = plan.regs[0];  // plan_key reads four
        }
        return true;
    }
    // What a comprehension's stretches read (ListResult::plan_regs): `ok`
    // while that is only c, len(h), registers and constants, through pure
    // builtins, and every leaf copies or clamps.
    struct PlanInputs {
        bool ok = true;
        std::vector<std::uint32_t> regs;
    };
    bool plan_inputs(const Expr& e, const std::string& c, std::vector<std::uint32_t>& regs) const {
        if (!e.gens.gens.empty() || !pure(e)) return false;
        if (e.kind == ExprKind::call && e.items.size() == 2 && e.items[0]->kind == ExprKind::name &&
            e.items[0]->text == "len" && !shadowed("len") && is_pos(*e.items[1]))
            return true;  // the length is always part of the key
        if (e.kind == ExprKind::name) {
            if (is_pos(e)) return false;
            const std::uint32_t* r = find(e.text);
            if (r && e.text != c && std::find(regs.begin(), regs.end(), *r) == regs.end()) regs.push_back(*r);
            return true;
        }
        for (auto& item : e.items)
            if (!plan_inputs(*item, c, regs)) return false;
        return true;
    }
    // Collects e's cuts on c; false when a condition reads c otherwise.
    bool cuts_of(const Expr& e, const std::string& c, std::vector<ListResult::Cut>& cuts) {
        if (!e.gens.gens.empty()) return !mentions(e, c);
        if (e.kind == ExprKind::compare && mentions(e, c)) {
            if (e.op == Op::in || e.op == Op::not_in) return false;
            const bool left = is_var(*e.items[0], c);
            const Expr& x = *e.items[left ? 1 : 0];
            if (!left && !is_var(*e.items[1], c)) return false;
            if (x.kind != ExprKind::int_lit && !(x.kind == ExprKind::name && find(x.text) && !is_pos(x) && x.text != c))
                return false;
            Op op = e.op;
            if (!left) op = op == Op::lt ? Op::gt : op == Op::gt ? Op::lt : op == Op::le ? Op::ge : op == Op::ge ? Op::le : op;
            ListResult::Cut cut{integer(x), op == Op::le || op == Op::gt ? 1 : 0, op == Op::eq || op == Op::ne};
            auto same = [&](const ListResult::Cut& o) {
                auto *r = dynamic_cast<const Reg*>(cut.at.get()), *s = dynamic_cast<const Reg*>(o.at.get());
                auto *k = dynamic_cast<const Const*>(cut.at.get()), *l = dynamic_cast<const Const*>(o.at.get());
                bool at = (r && s && r->reg == s->reg) || (k && l && k->value == l->value);
                return at && o.shift == cut.shift && o.point == cut.point;
            };
            if (std::none_of(cuts.begin(), cuts.end(), same)) cuts.push_back(std::move(cut));
            return true;
        }
        for (auto& item : e.items)
            if (!cuts_of(*item, c, cuts)) return false;
        return true;
    }
    // Appends e's arm (and those under it) to `arms`; returns its index.
    std::uint32_t arm(const Expr& e, const std::string& c, std::vector<ListResult::Arm>& arms, PlanInputs& plan) {
        using Leaf = ListResult::Arm::Leaf;
        const auto at = static_cast<std::uint32_t>(arms.size());
        arms.emplace_back();
        if (e.kind == ExprKind::if_else && !constant(e)) {
            arms[at].cond = boolean(*e.items[0]);
            plan.ok = plan.ok && plan_inputs(*e.items[0], c, plan.regs);
            std::uint32_t a = arm(*e.items[1], c, arms, plan);
            std::uint32_t b = arm(*e.items[2], c, arms, plan);
            arms[at].then_arm = a;
            arms[at].else_arm = b;
            return at;
        }
        auto read_at_c = [&](const Expr& x) {
            return x.kind == ExprKind::index && is_pos(*x.items[0]) && is_var(*x.items[1], c);
        };
        ListResult::Arm& leaf = arms[at];
        if (read_at_c(e)) {
            leaf.leaf = Leaf::copy;
        } else if (e.kind == ExprKind::call && e.items.size() == 3 && e.items[0]->kind == ExprKind::name &&
                   (e.items[0]->text == "min" || e.items[0]->text == "max") && !shadowed(e.items[0]->text)) {
            for (int side = 1; side <= 2; ++side) {
                const Expr& x = *e.items[3 - side];
                bool plain = x.kind == ExprKind::int_lit || (x.kind == ExprKind::name && find(x.text) && !is_pos(x) && x.text != c);
                if (read_at_c(*e.items[side]) && plain) {
                    leaf.leaf = e.items[0]->text == "min" ? Leaf::min : Leaf::max;
                    leaf.bound = integer(x);
                    plan.ok = plan.ok && plan_inputs(x, c, plan.regs);
                    break;
                }
            }
        }
        plan.ok = plan.ok && leaf.leaf != Leaf::other;
        leaf.node = integer(e);
        return at;
    }

    // `{d for d in s where c}` with c reading no register but d and at most
    // one other (the move's variable): a mask per value of that one
    // (ListResult::filter).
    int filter_of(const Expr& where, ListResult& out) {
        std::vector<std::uint32_t> read;
        if (!registers_read(where, read)) return ListResult::no_filter;
        int key = ListResult::constant_filter;
        for (std::uint32_t r : read) {
            if (r == out.gens[0].reg) continue;
            if (r == pos_reg_ || key != ListResult::constant_filter) return ListResult::no_filter;
            key = static_cast<int>(r);
        }
        out.filter_slot = game_->filters++;
        return key;
    }
    // The registers e reads by name; false when e binds names of its own.
    bool registers_read(const Expr& e, std::vector<std::uint32_t>& out) const {
        if (!e.gens.gens.empty()) return false;
        if (e.kind == ExprKind::name) {
            if (const std::uint32_t* r = find(e.text))
                if (std::find(out.begin(), out.end(), *r) == out.end()) out.push_back(*r);
            return true;
        }
        for (auto& item : e.items)
            if (!registers_read(*item, out)) return false;
        return true;
    }

    IntPtr integer(const Expr& e) {
        if (!list_.empty() && e.kind == ExprKind::index && e.items[0]->kind == ExprKind::name &&
            e.items[0]->text == list_) {
            const std::uint32_t base = *find(list_);
            IntPtr i = integer(*e.items[1]);
            if (auto* r = dynamic_cast<Reg*>(i.get()))
                return std::make_unique<RegsIndex<RegOperand>>(e.loc, e.length, RegOperand{r->reg}, base, game_->arity);
            return std::make_unique<RegsIndex<AnyOperand>>(e.loc, e.length, AnyOperand{std::move(i)}, base, game_->arity);
        }
        if (lists_) {
            if (is_pos(e)) throw GiveUp{};  // the list itself is not an int
            if (e.kind == ExprKind::index && is_pos(*e.items[0])) {
                IntPtr i = integer(*e.items[1]);
                const char* what = kind_name(shape_ == IntGame::Shape::sets ? Kind::set : Kind::list);
                if (auto* r = dynamic_cast<Reg*>(i.get()))
                    return std::make_unique<PosIndex<RegOperand>>(e.loc, e.length, RegOperand{r->reg}, what);
                return std::make_unique<PosIndex<AnyOperand>>(e.loc, e.length, AnyOperand{std::move(i)}, what);
            }
            if (e.kind == ExprKind::call && e.items.size() == 2 && e.items[0]->kind == ExprKind::name &&
                e.items[0]->text == "len" && !shadowed("len") && is_pos(*e.items[1]))
                return std::make_unique<PosLen>(e.loc, e.length);
        }
        switch (e.kind) {
            case ExprKind::int_lit: return std::make_unique<Const>(e.loc, e.length, e.int_value);
            case ExprKind::name:
                if (const std::uint32_t* r = find(e.text)) {
                    if (set_regs_ >> *r & 1) throw GiveUp{};  // a set, not an int
                    return std::make_unique<Reg>(e.loc, e.length, *r);
                }
                break;
            case ExprKind::unary: return std::make_unique<Neg>(e.loc, e.length, integer(*e.items[0]));
            case ExprKind::index:
                if (constant(*e.items[0]) && !constant(e)) {
                    const std::uint32_t xs = hoisted_list(*e.items[0]);
                    return std::make_unique<ListIndex>(e.loc, e.length, xs, integer(*e.items[1]));
                }
                break;
            case ExprKind::binary:
                switch (e.op) {
                    case Op::add: return bin<Op::add>(e);
                    case Op::sub: return bin<Op::sub>(e);
                    case Op::mul: return bin<Op::mul>(e);
                    case Op::div: return bin<Op::div>(e);
                    case Op::mod: return bin<Op::mod>(e);
                    case Op::bit_and: return bin<Op::bit_and>(e);
                    case Op::bit_or: return bin<Op::bit_or>(e);
                    case Op::bit_xor: return bin<Op::bit_xor>(e);
                    case Op::shl: return bin<Op::shl>(e);
                    case Op::shr: return bin<Op::shr>(e);
                    case Op::pow: return bin<Op::pow>(e);
                    default: break;
                }
                break;
            case ExprKind::if_else:
                if (!constant(e))
                    return std::make_unique<IfInt>(e.loc, e.length, boolean(*e.items[0]), integer(*e.items[1]),
                                                   integer(*e.items[2]));
                break;
            case ExprKind::let_in:
                if (!constant(e) && !e.gens.gens[0].pattern.is_tuple()) {
                    const auto mark = regs_.size();
                    std::uint32_t reg;
                    IntPtr value = bound_value(e, reg);
                    IntPtr body = integer(*e.items[0]);
                    regs_.resize(mark);
                    return std::make_unique<LetInt>(e.loc, e.length, reg, std::move(value), std::move(body));
                }
                break;
            case ExprKind::call: {
                const Expr& callee = *e.items[0];
                bool plain = callee.kind == ExprKind::name && !shadowed(callee.text);
                if (plain && (callee.text == "min" || callee.text == "max") && e.items.size() == 3 && !constant(e)) {
                    bool is_max = callee.text == "max";
                    return by_operands(integer(*e.items[1]), integer(*e.items[2]), [&](auto a, auto b) -> IntPtr {
                        using A = decltype(a);
                        using B = decltype(b);
                        if (is_max) return std::make_unique<Extreme<true, A, B>>(e.loc, e.length, std::move(a), std::move(b));
                        return std::make_unique<Extreme<false, A, B>>(e.loc, e.length, std::move(a), std::move(b));
                    });
                }
                if (plain && (callee.text == "min" || callee.text == "max") && e.items.size() >= 3 && !constant(e)) {
                    auto m = std::make_unique<MinMax>(e.loc, e.length, callee.text == "max");
                    for (std::size_t i = 1; i < e.items.size(); ++i) m->xs.push_back(integer(*e.items[i]));
                    return m;
                }
                if (plain && e.items.size() == 2 && is_set(*e.items[1]) && !constant(e)) {
                    IntPtr s = mask(*e.items[1]);
                    if (callee.text == "len") return std::make_unique<MaskOf1<MaskFold::len>>(e.loc, e.length, std::move(s));
                    if (callee.text == "sum") return std::make_unique<MaskOf1<MaskFold::sum>>(e.loc, e.length, std::move(s));
                    if (callee.text == "min") return std::make_unique<MaskOf1<MaskFold::min>>(e.loc, e.length, std::move(s));
                    if (callee.text == "max") return std::make_unique<MaskOf1<MaskFold::max>>(e.loc, e.length, std::move(s));
                    throw GiveUp{};
                }
                if (plain && callee.text == "abs" && e.items.size() == 2 && !constant(e))
                    return std::make_unique<Abs>(e.loc, e.length, integer(*e.items[1]));
                if (plain && callee.text == "isqrt" && e.items.size() == 2 && !constant(e))
                    return std::make_unique<IntFn<ops::isqrt>>(e.loc, e.length, integer(*e.items[1]));
                if (plain && callee.text == "fib" && e.items.size() == 2 && !constant(e))
                    return std::make_unique<IntFn<ops::fib>>(e.loc, e.length, integer(*e.items[1]));
                break;
            }
            default: break;
        }
        if (constant(e)) return hoisted_int(e);
        if (IntPtr t = tabulated(e)) return t;
        throw GiveUp{};
    }

    // intpath::Tabulated: e reads one register, calls only builtins that
    // neither read input nor ask the solver, and gives an int or an error.
    IntPtr tabulated(const Expr& e, bool set = false) {
        std::vector<std::uint32_t> read;
        if (set) {
            if (!set_tabulable(e, read)) return nullptr;
        } else if (!registers_read(e, read) || read.size() != 1 || (lists_ && read[0] == pos_reg_) ||
                   (set_regs_ >> read[0] & 1) || !tabulable(e) ||
                   !int_valued(e) || (!list_.empty() && mentions(e, list_))) {
            return nullptr;
        }
        std::string var;
        for (auto it = regs_.rbegin(); it != regs_.rend() && var.empty(); ++it)
            if (it->second == read[0]) var = it->first;
        intpath::Tabulated t;
        t.set = set;
        t.code = tabulate_(e, var, t.slot);
        game_->tables.push_back(std::move(t));
        return std::make_unique<TableInt>(e.loc, e.length, static_cast<std::uint32_t>(game_->tables.size() - 1),
                                          read[0]);
    }
    // A set that a pure expression of one register gives (`adj[v]`, `{w for
    // w in 0..n where f(w, v)}`): a table of its masks (ListResult::table).
    bool set_table(const Expr& e, ListResult& out) {
        if (e.kind == ExprKind::name || e.kind == ExprKind::set) return false;
        IntPtr t = tabulated(e, true);
        if (!t) return false;
        out.kind = ListResult::Kind::table;
        out.element = std::move(t);
        return true;
    }
    bool set_tabulable(const Expr& e, std::vector<std::uint32_t>& read) const {
        registers_in(e, read);
        if (read.size() != 1 || read[0] == pos_reg_ || (set_regs_ >> read[0] & 1)) return false;
        std::vector<std::string> locals;
        for (const auto& r : regs_) locals.push_back(r.first);
        return PureCode(*gd_, cg_.params, is_builtin_).pure(e, locals);
    }
    void registers_in(const Expr& e, std::vector<std::uint32_t>& out) const {
        free_names(e, [&](const std::string& n) {
            const std::uint32_t* r = find(n);
            if (r && std::find(out.begin(), out.end(), *r) == out.end()) out.push_back(*r);
        });
    }
    // ListResult::removal for `a - b` (out) when a is the position or such
    // a removal, and b is read from the same one register.
    void removal(const Expr& b, ListResult& out) {
        const ListResult& a = *out.a;
        if ((a.kind != ListResult::Kind::position && a.removal == ListResult::no_filter) ||
            out.b->kind == ListResult::Kind::comprehension)
            return;
        std::vector<std::uint32_t> read;
        registers_in(b, read);
        if (read.size() != 1 || read[0] == pos_reg_ || (a.removal != ListResult::no_filter && a.removal != static_cast<int>(read[0])))
            return;
        out.removed = a.removed;
        out.removed.push_back(out.b.get());
        out.removal = static_cast<int>(read[0]);
        out.filter_slot = game_->filters++;
    }
    bool tabulable(const Expr& e) const {
        if (e.kind == ExprKind::call) {
            const Expr& c = *e.items[0];
            static const char* const allowed[] = {"int", "len", "abs", "min", "max", "code_digits"};
            if (c.kind != ExprKind::name || shadowed(c.text) ||
                std::none_of(std::begin(allowed), std::end(allowed), [&](const char* n) { return c.text == n; }))
                return false;
            for (std::size_t i = 1; i < e.items.size(); ++i)
                if (!tabulable(*e.items[i])) return false;
            return true;
        }
        if (e.kind == ExprKind::list_comp || e.kind == ExprKind::set_comp || e.kind == ExprKind::let_in) return false;
        for (auto& item : e.items)
            if (!tabulable(*item)) return false;
        return true;
    }
    // Whether e gives an int whenever it gives a value (`+` joins lists and
    // strings too, so its operands must be ints).
    bool int_valued(const Expr& e) const {
        switch (e.kind) {
            case ExprKind::int_lit: return true;
            case ExprKind::name: return find(e.text) && !(lists_ && is_pos(e)) && !is_set(e);
            case ExprKind::unary: return int_valued(*e.items[0]);
            case ExprKind::binary: return int_valued(*e.items[0]) && int_valued(*e.items[1]);
            case ExprKind::if_else: return int_valued(*e.items[1]) && int_valued(*e.items[2]);
            case ExprKind::call: {
                const std::string& n = e.items[0]->text;
                if (n == "int" || n == "len") return true;
                for (std::size_t i = 1; i < e.items.size(); ++i)
                    if (!int_valued(*e.items[i])) return false;
                return n == "abs" || n == "min" || n == "max";
            }
            default: return false;
        }
    }

    bool cg_fn(const std::string& name) const {
        return std::any_of(cg_.fns.begin(), cg_.fns.end(), [&](auto& f) { return f->name == name; });
    }

    template <Op op> BoolPtr cmp(const Expr& e) {
        auto make = [&](auto a, auto b) -> BoolPtr {
            return std::make_unique<Cmp<op, decltype(a), decltype(b)>>(std::move(a), std::move(b));
        };
        IntPtr x = integer(*e.items[0]), y = integer(*e.items[1]);
        if (BoolPtr sum = sum_cmp<Op::add, RegOperand>(x, y, make)) return sum;
        if (BoolPtr sum = sum_cmp<Op::add, ConstOperand>(x, y, make)) return sum;
        if (BoolPtr sum = sum_cmp<Op::sub, RegOperand>(x, y, make)) return sum;
        if (BoolPtr sum = sum_cmp<Op::sub, ConstOperand>(x, y, make)) return sum;
        return by_operands(std::move(x), std::move(y), make);
    }
    // `r + s op t` (or r - s) with r a register, s and t registers or
    // constants: the commonest shape of a condition on two generators
    // (`i + j > 0`), its sum read without a virtual call. Null otherwise.
    template <Op sum_op, typename S, typename Make> static BoolPtr sum_cmp(IntPtr& x, IntPtr& y, Make& make) {
        using Sum = Bin<sum_op, RegOperand, S>;
        if (!dynamic_cast<Sum*>(x.get())) return nullptr;
        auto take = [&] { return InlineOperand<Sum>{std::unique_ptr<Sum>(static_cast<Sum*>(x.release()))}; };
        if (auto* r = dynamic_cast<Reg*>(y.get())) return make(take(), RegOperand{r->reg});
        if (auto* c = dynamic_cast<Const*>(y.get())) return make(take(), ConstOperand{c->value});
        return nullptr;
    }

    BoolPtr boolean(const Expr& e) {
        if (e.kind == ExprKind::compare && (e.op == Op::in || e.op == Op::not_in) && is_set(*e.items[1]) &&
            !constant(*e.items[1])) {
            IntPtr x = integer(*e.items[0]);
            const bool negate = e.op == Op::not_in;
            return by_operands(std::move(x), mask(*e.items[1]), [&](auto a, auto b) -> BoolPtr {
                return std::make_unique<MaskContains<decltype(a), decltype(b)>>(std::move(a), std::move(b), negate);
            });
        }
        if (e.kind == ExprKind::compare && (e.op == Op::eq || e.op == Op::ne) &&
            (is_set(*e.items[0]) || is_set(*e.items[1]))) {
            IntPtr a = mask(*e.items[0]);
            return std::make_unique<MaskEq>(std::move(a), mask(*e.items[1]), e.op == Op::ne);
        }
        if (lists_ && e.kind == ExprKind::compare && (e.op == Op::in || e.op == Op::not_in) && is_pos(*e.items[1]))
            return std::make_unique<PosContains>(integer(*e.items[0]), shape_ == IntGame::Shape::sets, e.op == Op::not_in);
        if (shape_ == IntGame::Shape::lists && e.kind == ExprKind::compare && (e.op == Op::eq || e.op == Op::ne)) {
            for (int side = 0; side < 2; ++side) {
                const Expr& other = *e.items[1 - side];
                if (is_pos(*e.items[side]) && other.kind == ExprKind::list && other.items.size() <= 16) {
                    std::vector<IntPtr> items;
                    for (auto& item : other.items) items.push_back(integer(*item));
                    return std::make_unique<PosEq>(std::move(items), e.op == Op::ne);
                }
            }
        }
        switch (e.kind) {
            case ExprKind::bool_lit: return std::make_unique<ConstBool>(e.int_value != 0);
            case ExprKind::compare:
                switch (e.op) {
                    case Op::eq: return cmp<Op::eq>(e);
                    case Op::ne: return cmp<Op::ne>(e);
                    case Op::lt: return cmp<Op::lt>(e);
                    case Op::le: return cmp<Op::le>(e);
                    case Op::gt: return cmp<Op::gt>(e);
                    case Op::ge: return cmp<Op::ge>(e);
                    case Op::in:
                    case Op::not_in:
                        if (!constant(*e.items[1])) throw GiveUp{};
                        {
                            IntPtr x = integer(*e.items[0]);
                            return std::make_unique<InList>(std::move(x), hoisted_list(*e.items[1]), e.op == Op::not_in);
                        }
                    default: break;
                }
                break;
            case ExprKind::logic_and:
                return std::make_unique<Junction<true>>(boolean(*e.items[0]), boolean(*e.items[1]));
            case ExprKind::logic_or:
                return std::make_unique<Junction<false>>(boolean(*e.items[0]), boolean(*e.items[1]));
            case ExprKind::logic_not: return std::make_unique<Not>(boolean(*e.items[0]));
            case ExprKind::let_in:
                if (!e.gens.gens[0].pattern.is_tuple()) {
                    const auto mark = regs_.size();
                    std::uint32_t reg;
                    IntPtr value = bound_value(e, reg);
                    BoolPtr body = boolean(*e.items[0]);
                    regs_.resize(mark);
                    return std::make_unique<LetBool>(reg, std::move(value), std::move(body));
                }
                break;
            default: break;
        }
        throw GiveUp{};
    }

    const CompiledGame& cg_;
    FunctionRef<CodePtr(const ast::Expr&)> hoist_;
    Tabulate tabulate_;
    FunctionRef<bool(const std::string&)> is_builtin_;
    IntGame::Shape shape_;
    bool lists_;                       // lists or sets: the position is read through Frame::pos
    bool wrapped_ = false;             // the position pattern is a tuple or list of names, of any length
    std::string one_name_;             // the position's name when it is one int, else empty
    std::string list_;                 // `h#` for a list position `h` of fixed length, else empty
    bool grid_off_ = false, grid_regs_ = false;  // without_grid(), grid_took_registers()
    std::uint32_t pos_reg_ = 0;
    std::uint8_t set_coords_ = 0;      // IntGame::set_coords
    std::uint64_t set_regs_ = 0;       // registers that hold a set's mask
    IntGame* game_ = nullptr;
    const ast::GameDef* gd_ = nullptr;
    std::vector<std::pair<std::string, std::uint32_t>> regs_;
    std::uint32_t next_reg_ = 0;
    std::vector<ast::ExprPtr> owned_;  // rules taken apart (tuple_parts)
};

}  // namespace

std::shared_ptr<const IntGame> compile_int_game(const ast::GameDef& gd, const CompiledGame& cg,
                                                FunctionRef<CodePtr(const ast::Expr&)> hoist,
                                                FunctionRef<CodePtr(const ast::Expr&, const std::string& var,
                                                                    std::uint32_t& slot)> tabulate,
                                                FunctionRef<bool(const std::string&)> is_builtin) {
    if (!gd.position) return nullptr;
    auto attempt = [&](IntGame::Shape shape, const ast::GameDef& rules) -> std::shared_ptr<const IntGame> {
        IntCompiler c(cg, hoist, tabulate, is_builtin, shape);
        if (auto g = c.run(rules)) return g;
        if (!c.grid_took_registers()) return nullptr;
        return IntCompiler(cg, hoist, tabulate, is_builtin, shape).without_grid().run(rules);
    };
    if (auto fixed = fixed_list_rules(gd, is_builtin)) {
        if (auto g = attempt(IntGame::Shape::ints, *fixed)) return g;
    }
    for (auto shape : {IntGame::Shape::ints, IntGame::Shape::lists, IntGame::Shape::sets})
        if (auto g = attempt(shape, gd)) return g;
    return nullptr;
}

}  // namespace grundy
