// Int and boolean expressions: registers, operators, calls of pure
// builtins, tabulated expressions and comparisons.
#include <algorithm>

#include "int_rule_compiler.hpp"
#include "mask_nodes.hpp"
#include "pure_code.hpp"

namespace grundy::intcomp {

template <Op op> IntPtr IntCompiler::bin(const Expr& e) {
    return by_operands(integer(*e.items[0]), integer(*e.items[1]), [&](auto a, auto b) -> IntPtr {
        return std::make_unique<Bin<op, decltype(a), decltype(b)>>(e.loc, e.length, std::move(a), std::move(b));
    });
}

IntPtr IntCompiler::integer(const Expr& e) {
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
            if (!constant(e) && !e.gens.gens[0].pattern.is_tuple()) return let_in(e, &IntCompiler::integer);
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
            // Of a list or tuple written out (a list position's `min(h)`, its
            // items by name): the items' own min or max.
            if (plain && (callee.text == "min" || callee.text == "max") && e.items.size() == 2 &&
                (e.items[1]->kind == ExprKind::list || e.items[1]->kind == ExprKind::tuple) &&
                !e.items[1]->items.empty() && !constant(e)) {
                const auto& xs = e.items[1]->items;
                if (xs.size() == 1) return integer(*xs[0]);
                auto m = std::make_unique<MinMax>(e.loc, e.length, callee.text == "max");
                for (const auto& x : xs) m->xs.push_back(integer(*x));
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
    if (IntPtr fold = list_fold(e)) return fold;
    if (auto call = fn_call<IntCall>(e, false)) return call;
    if (CallOutArgs c; called_out(e, c)) return std::make_unique<CallOutInt>(e.loc, e.length, std::move(c));
    throw GiveUp{};
}

bool IntCompiler::called_out(const Expr& e, CallOutArgs& out) {
    if (e.kind != ExprKind::call || e.items[0]->kind != ExprKind::name || lists_ || !list_.empty() ||
        reads_list_param(e))
        return false;
    const std::string& f = e.items[0]->text;
    const bool own = cg_fn(f);
    if (find(f) || (!own && (std::find(cg_.params.begin(), cg_.params.end(), f) != cg_.params.end() ||
                             !global_fn_(f))))
        return false;
    std::vector<std::string> names;
    std::vector<std::uint32_t> regs;
    bool ints = true;
    free_names(e, [&](const std::string& n) {
        const std::uint32_t* r = find(n);
        if (!r || std::find(names.begin(), names.end(), n) != names.end()) return;
        ints = ints && !(set_regs_ >> *r & 1);
        names.push_back(n);
        regs.push_back(*r);
    });
    std::vector<std::string> locals = names;
    if (!ints || !PureCode(*gd_, cg_.params, is_builtin_, global_fn_).pure(e, locals)) return false;
    intpath::CallOut c;
    std::vector<std::uint32_t> slots;
    // Arguments that are int code: the call runs on their values, which
    // the instance keeps its results by. What a failed try compiled is
    // taken back.
    const std::size_t n = e.items.size() - 1;
    const Checkpoint before = checkpoint();
    if (n >= 1 && n <= intpath::CallOut::max_args) {
        try {
            for (std::size_t i = 1; i <= n; ++i) out.args.push_back(integer(*e.items[i]));
        } catch (const GiveUp&) {
            out.args.clear();
            roll_back(before);
        }
    }
    if (!out.args.empty()) {
        Expr call(ExprKind::call, e.loc, e.length);
        call.items.push_back(ast::clone(*e.items[0]));
        std::vector<std::string> params;
        for (std::size_t i = 0; i < n; ++i) {
            params.push_back("#arg" + std::to_string(i));  // no rule can name it
            call.items.push_back(std::make_unique<Expr>(ExprKind::name, e.items[i + 1]->loc, e.items[i + 1]->length));
            call.items.back()->text = params.back();
        }
        c.code = tabulate_(call, params, slots);
        for (std::size_t i = 0; i < n; ++i) c.binds.emplace_back(slots[i], static_cast<std::uint32_t>(i));
        c.by_args = true;
    } else {
        c.code = tabulate_(e, names, slots);
        for (std::size_t i = 0; i < names.size(); ++i) c.binds.emplace_back(slots[i], regs[i]);
    }
    game_->callouts.push_back(std::move(c));
    out.index = static_cast<std::uint32_t>(game_->callouts.size() - 1);
    return true;
}

// intpath::Tabulated: e reads one register, calls only builtins that
// neither read input nor ask the solver, and gives an int or an error.
IntPtr IntCompiler::tabulated(const Expr& e, bool set) {
    if (reads_list_param(e)) return nullptr;  // the generic code would not find it
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
    std::vector<std::uint32_t> slots;
    t.code = tabulate_(e, {var}, slots);
    t.slot = slots[0];
    game_->tables.push_back(std::move(t));
    return std::make_unique<TableInt>(e.loc, e.length, static_cast<std::uint32_t>(game_->tables.size() - 1),
                                      read[0]);
}

bool IntCompiler::tabulable(const Expr& e) const {
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
bool IntCompiler::int_valued(const Expr& e) const {
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

template <Op op> BoolPtr IntCompiler::cmp(const Expr& e) {
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
template <Op sum_op, typename S, typename Make> BoolPtr IntCompiler::sum_cmp(IntPtr& x, IntPtr& y, Make& make) {
    using Sum = Bin<sum_op, RegOperand, S>;
    if (!dynamic_cast<Sum*>(x.get())) return nullptr;
    auto take = [&] { return InlineOperand<Sum>{std::unique_ptr<Sum>(static_cast<Sum*>(x.release()))}; };
    if (auto* r = dynamic_cast<Reg*>(y.get())) return make(take(), RegOperand{r->reg});
    if (auto* c = dynamic_cast<Const*>(y.get())) return make(take(), ConstOperand{c->value});
    return nullptr;
}

// MemoBool: e reads one register, calls only builtins that neither read
// input nor ask the solver, and tests enough (two comparisons, or `in`)
// that a byte read is cheaper.
BoolPtr IntCompiler::memoised(const Expr& e) {
    if (memo_off_ || (e.kind != ExprKind::compare && e.kind != ExprKind::logic_and && e.kind != ExprKind::logic_or &&
                      e.kind != ExprKind::logic_not))
        return nullptr;
    std::size_t tests = 0;
    bool member = false;
    auto scan = [&](auto&& self, const Expr& x) -> void {
        if (x.kind == ExprKind::compare) ++tests, member = member || x.op == Op::in || x.op == Op::not_in;
        for (auto& item : x.items) self(self, *item);
    };
    scan(scan, e);
    if (tests < 2 && !member) return nullptr;
    std::vector<std::uint32_t> read;
    if (!registers_read(e, read) || read.size() != 1 || (lists_ && read[0] == pos_reg_) || (set_regs_ >> read[0] & 1) ||
        !tabulable(e) || !pure(e) || (!list_.empty() && mentions(e, list_)))
        return nullptr;
    memo_off_ = true;
    BoolPtr direct;
    try {
        direct = boolean(e);
    } catch (...) {
        memo_off_ = false;
        throw;
    }
    memo_off_ = false;
    return std::make_unique<MemoBool>(std::move(direct), game_->memo_bools++, read[0]);
}

BoolPtr IntCompiler::boolean(const Expr& e) {
    if (BoolPtr m = memoised(e)) return m;
    if (e.kind == ExprKind::compare && (e.op == Op::in || e.op == Op::not_in) && !is_pos(*e.items[1]))
        if (ast::ExprPtr test = membership(*e.items[0], *e.items[1])) {
            if (e.op == Op::not_in) {
                auto no = std::make_unique<Expr>(ExprKind::logic_not, e.loc, e.length);
                no->items.push_back(std::move(test));
                test = std::move(no);
            }
            owned_.push_back(std::move(test));
            return boolean(*owned_.back());
        }
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
    if (e.kind == ExprKind::compare && (e.op == Op::eq || e.op == Op::ne)) {
        const Expr &l = *e.items[0], &r = *e.items[1];
        auto written = [](const Expr& d) {
            return (d.kind == ExprKind::tuple || d.kind == ExprKind::list) &&
                   std::none_of(d.items.begin(), d.items.end(), [](auto& x) { return x->kind == ExprKind::range; });
        };
        if (written(l) && l.kind == r.kind && r.items.size() == l.items.size() && !l.items.empty() &&
            l.items.size() <= 16 && written(r) && !constant(e)) {
            std::vector<IntPtr> xs;
            for (auto& x : l.items) xs.push_back(integer(*x));
            for (auto& x : r.items) xs.push_back(integer(*x));
            return std::make_unique<DisplayEq>(std::move(xs), e.op == Op::ne);
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
                    if (e.items[1]->kind == ExprKind::range) {
                        IntPtr x = integer(*e.items[0]);
                        IntPtr lo = integer(*e.items[1]->items[0]);
                        return std::make_unique<InRange>(std::move(x), std::move(lo), integer(*e.items[1]->items[1]),
                                                         e.op == Op::not_in);
                    }
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
        case ExprKind::if_else:
            return std::make_unique<IfBool>(boolean(*e.items[0]), boolean(*e.items[1]), boolean(*e.items[2]));
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
    if (auto call = fn_call<BoolCall>(e, true)) return call;
    if (CallOutArgs c; called_out(e, c)) return std::make_unique<CallOutBool>(std::move(c));
    throw GiveUp{};
}

}  // namespace grundy::intcomp
