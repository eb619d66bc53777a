// Sets held as masks: a tuple position's set coordinates and the set
// expressions of its rules (mask_nodes.hpp).
#include "expr_edits.hpp"
#include "int_rule_compiler.hpp"
#include "mask_nodes.hpp"

namespace grundy::intcomp {

// The coordinates of a tuple position that hold sets: those that some
// result (of `start`, `canonical` or a move) builds as a set, by
// is_set's rules with the coordinates found so far, to a fixed point.
// A wrong guess costs nothing but the int path: mask() and integer()
// each accept only their own kind.
std::uint8_t IntCompiler::set_coordinates(const ast::GameDef& gd) {
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
bool IntCompiler::is_set(const Expr& e) const {
    switch (e.kind) {
        case ExprKind::set:
        case ExprKind::set_comp: return true;
        case ExprKind::name: {
            if (pos_mask_ && is_pos(e)) return true;
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

IntPtr IntCompiler::mask(const Expr& e) {
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
            if (pos_mask_ && is_pos(e)) return std::make_unique<PosMask>(e.loc, e.length);
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
            if (!e.gens.gens[0].pattern.is_tuple()) return let_in(e, &IntCompiler::mask);
            break;
        default: break;
    }
    // A set that reads no register (a rule parameter): its mask at run time.
    if (e.kind != ExprKind::int_lit && constant(e))
        return std::make_unique<HoistedMask>(e.loc, e.length, hoisted_list(e));
    throw GiveUp{};
}

// ListResult::mask: a set position's move result as int code of masks,
// the position read as its mask; none where mask() does not take it.
void IntCompiler::result_mask(const Expr& e, ListResult& out) {
    if (shape_ != IntGame::Shape::sets || out.kind == ListResult::Kind::position) return;
    const Checkpoint before = checkpoint();
    pos_mask_ = true;
    try {
        out.mask = mask(e);
    } catch (const GiveUp&) {
        roll_back(before);
    }
    pos_mask_ = false;
}

// MaskFilter: `{x for x in s where ...}` with s a set and every
// conjunct of the condition a comparison of x with an int free of x.
IntPtr IntCompiler::mask_filter(const Expr& e) {
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

// `move ..., y in lo..hi where y in s and c` (or `y not in s`, or either
// under `not`), s a set position or a set register other than y: y's
// generator a Gen::Member, `where` then c alone (null if none). The
// options and their order are the same, and so is what runs for each (the
// membership test is the condition's first); the walk visits the options
// alone, where the range's tests every int in it, a branch each way in
// turn. Only for the last generator, whose condition runs right after each
// of its values, and in a game with sets.
bool IntCompiler::member_range(const ast::MoveDef& mv, Move& m, const Expr*& where) {
    if (!where || mv.gens.gens.empty() || (!lists_ && !set_coords_)) return false;
    const ast::Generator& last = mv.gens.gens.back();
    const std::string& y = last.pattern.name;
    std::vector<ast::ExprPtr> conjuncts;
    expr_edits::take_conjuncts(ast::clone(*where), conjuncts);
    const Expr& test = *conjuncts[0];
    const Expr* in = &test;  // under any `not`s
    bool negate = false;
    for (; in->kind == ExprKind::logic_not; in = in->items[0].get()) negate = !negate;
    if (last.pattern.is_tuple() || y == "_" || last.iterable->kind != ExprKind::range || in->kind != ExprKind::compare ||
        (in->op != Op::in && in->op != Op::not_in) || !is_var(*in->items[0], y) ||
        in->items[1]->kind != ExprKind::name || in->items[1]->text == y)
        return false;
    negate = negate != (in->op == Op::not_in);
    const Checkpoint before = checkpoint();
    try {
        for (std::size_t i = 0; i + 1 < mv.gens.gens.size(); ++i) m.gens.push_back(generator(mv.gens.gens[i]));
        Gen g;
        const Expr &lo = *last.iterable->items[0], &hi = *last.iterable->items[1];
        auto member = std::make_shared<Gen::Member>();
        member->lo = integer(lo);
        member->hi = integer(hi);
        // The set as its mask, a set position's too (as in result_mask).
        pos_mask_ = shape_ == IntGame::Shape::sets;
        struct Reset {
            bool& b;
            ~Reset() { b = false; }
        } reset{pos_mask_};
        // A set position or set register, a name: a mask wherever the state
        // packs (an expression may make an element no mask holds, `s + {x +
        // 60}`, where the test as written runs natively).
        if (!is_set(*in->items[1])) throw GiveUp{};
        member->set = mask(*in->items[1]);
        member->negate = negate;
        pos_mask_ = false;
        g.reg = declare(y);
        member->test = boolean(test);
        g.member = std::move(member);
        m.gens.push_back(std::move(g));
    } catch (const GiveUp&) {
        roll_back(before);
        m.gens.clear();
        return false;
    }
    owned_.push_back(std::move(conjuncts[0]));  // the test's code may point into it
    ast::ExprPtr rest = expr_edits::join_and(conjuncts, 1, conjuncts.size());
    where = rest.get();
    if (rest) owned_.push_back(std::move(rest));
    return true;
}

// `let x = v in body`, the body an int or a set's mask (`body`).
IntPtr IntCompiler::let_in(const Expr& e, IntPtr (IntCompiler::*body)(const Expr&)) {
    const auto mark = regs_.size();
    std::uint32_t reg;
    IntPtr value = bound_value(e, reg);
    IntPtr b = (this->*body)(*e.items[0]);
    regs_.resize(mark);
    return std::make_unique<LetInt>(e.loc, e.length, reg, std::move(value), std::move(b));
}

// The value a `let` binds, as an int or a set's mask, and the register
// that holds it (declared: the caller resets regs_).
IntPtr IntCompiler::bound_value(const Expr& let, std::uint32_t& reg) {
    const Expr& v = *let.gens.gens[0].iterable;
    const bool set = is_set(v);
    IntPtr value = set ? mask(v) : integer(v);
    reg = declare(let.gens.gens[0].pattern.name);
    if (set) set_regs_ |= std::uint64_t{1} << reg;
    return value;
}

}  // namespace grundy::intcomp
