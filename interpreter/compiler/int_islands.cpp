#include "int_islands.hpp"

#include <algorithm>
#include <bit>

#include "int_jit.hpp"
#include "int_nodes.hpp"

namespace grundy::nodes {

namespace {

using intpath::AnyOperand;
using intpath::BoolPtr;
using intpath::IntPtr;
using ast::Op;

constexpr std::size_t max_inputs = 16;
constexpr std::size_t max_gens = 4;  // a set island's generators, in registers after the inputs
// Nodes an island converts at most: an expression compiled bottom up
// converts each level's subtree again, so a longer one stays generic above.
constexpr int max_nodes = 256;

// Reads the islands' inputs into registers: false where one is no int.
bool load_inputs(const std::vector<const Code*>& inputs, Env& env, std::int64_t* regs) {
    for (std::size_t i = 0; i < inputs.size(); ++i) {
        const Value* v = inputs[i]->peek(env);  // null: a global not defined yet (its node says so)
        if (!v || !v->is(Kind::integer)) return false;
        regs[i] = v->as_int();
    }
    return true;
}

struct IntIsland final : Code {
    CodePtr generic;
    std::vector<const Code*> inputs;   // register i holds what inputs[i] names (in `generic`)
    mutable IntPtr integer;            // one of the two: the expression's tree
    mutable BoolPtr boolean;
    mutable bool native = false;       // made native code on first use (most islands are dissolved before)

    IntIsland(CodePtr g, std::vector<const Code*> in, IntPtr i, BoolPtr b)
        : Code(g->loc(), g->length()), generic(std::move(g)), inputs(std::move(in)), integer(std::move(i)),
          boolean(std::move(b)) {}

    bool load(Env& env, std::int64_t* regs) const {
        if (!load_inputs(inputs, env, regs)) return false;
        if (!native) {
            native = true;
            if (integer) make_native(integer);
            else make_native(boolean);
        }
        return true;
    }
    Value eval(Env& env) const override {
        std::int64_t regs[max_inputs];
        if (!load(env, regs)) return generic->eval(env);
        const intpath::Frame f{regs, nullptr};
        return integer ? Value::integer(integer->eval(f)) : Value::boolean(boolean->test(f));
    }
    // A move's result: the generic code, which checks the arm taken.
    void emit_option(Env& env, solver::OptionSink& sink) const override { generic->emit_option(env, sink); }
    bool eval_bool(Env& env, const char* what) const override {
        std::int64_t regs[max_inputs];
        if (!boolean || !load(env, regs)) return generic->eval_bool(env, what);  // an int is no bool: its error
        return boolean->test(intpath::Frame{regs, nullptr});
    }
};

// The int tree of generic code, or null where it is not one.
class Converter {
public:
    std::vector<const Code*> inputs;
    int ops = 0, nodes = 0;
    std::vector<int> bound;  // the slots of a set island's generator variables, in registers max_inputs + i

    IntPtr integer(const Code& c) {
        if (++nodes > max_nodes) return nullptr;
        if (auto* is = dynamic_cast<const IntIsland*>(&c)) return integer(*is->generic);
        if (auto* k = dynamic_cast<const Const*>(&c))
            return k->value.is(Kind::integer) ? std::make_unique<intpath::Const>(c.loc(), c.length(), k->value.as_int())
                                              : nullptr;
        if (auto* l = dynamic_cast<const Local*>(&c)) {
            if (const auto at = std::find(bound.begin(), bound.end(), l->slot); at != bound.end())
                return std::make_unique<intpath::Reg>(c.loc(), c.length(),
                                                      static_cast<std::uint32_t>(max_inputs + (at - bound.begin())));
        }
        if (dynamic_cast<const Local*>(&c) || dynamic_cast<const GlobalLet*>(&c) || dynamic_cast<const RuleParam*>(&c)) {
            const auto at = std::find_if(inputs.begin(), inputs.end(), [&](const Code* x) { return same(*x, c); });
            if (at == inputs.end() && inputs.size() == max_inputs) return nullptr;
            if (at == inputs.end()) inputs.push_back(&c);
            const auto reg = std::find_if(inputs.begin(), inputs.end(), [&](const Code* x) { return same(*x, c); });
            return std::make_unique<intpath::Reg>(c.loc(), c.length(), static_cast<std::uint32_t>(reg - inputs.begin()));
        }
        if (auto* u = dynamic_cast<const Unary*>(&c)) {
            IntPtr x = integer(*u->operand);
            return x ? (++ops, std::make_unique<intpath::Neg>(c.loc(), c.length(), std::move(x))) : nullptr;
        }
        if (auto* b = dynamic_cast<const Binary*>(&c)) return binary(b->op, c, *b->lhs, *b->rhs);
        if (auto* p = dynamic_cast<const PlusChain*>(&c)) {
            IntPtr sum = integer(*p->operands[0]);
            for (std::size_t i = 0; sum && i < p->plus.size(); ++i) {
                IntPtr x = integer(*p->operands[i + 1]);
                if (!x) return nullptr;
                ++ops;
                sum = make<Op::add>(*p->plus[i], std::move(sum), std::move(x));
            }
            return sum;
        }
        if (auto* i = dynamic_cast<const IfElse*>(&c)) {
            BoolPtr cond = boolean(*i->cond);
            IntPtr a = cond ? integer(*i->then_) : nullptr;
            IntPtr b = a ? integer(*i->else_) : nullptr;
            if (!b) return nullptr;
            ++ops;
            return std::make_unique<intpath::IfInt>(c.loc(), c.length(), std::move(cond), std::move(a), std::move(b));
        }
        return nullptr;
    }

    BoolPtr boolean(const Code& c) {
        if (++nodes > max_nodes) return nullptr;
        if (auto* is = dynamic_cast<const IntIsland*>(&c)) return boolean(*is->generic);
        if (auto* k = dynamic_cast<const Const*>(&c))
            return k->value.is(Kind::boolean) ? std::make_unique<intpath::ConstBool>(k->value.as_bool()) : nullptr;
        if (auto* cmp = dynamic_cast<const Compare*>(&c)) {
            IntPtr a = integer(*cmp->lhs);
            IntPtr b = a ? integer(*cmp->rhs) : nullptr;
            if (!b) return nullptr;
            ++ops;
            switch (cmp->op) {
                case Op::eq: return compare<Op::eq>(std::move(a), std::move(b));
                case Op::ne: return compare<Op::ne>(std::move(a), std::move(b));
                case Op::lt: return compare<Op::lt>(std::move(a), std::move(b));
                case Op::le: return compare<Op::le>(std::move(a), std::move(b));
                case Op::gt: return compare<Op::gt>(std::move(a), std::move(b));
                case Op::ge: return compare<Op::ge>(std::move(a), std::move(b));
                default: return nullptr;
            }
        }
        if (auto* l = dynamic_cast<const Logic*>(&c)) {
            BoolPtr a = boolean(*l->lhs);
            if (!a) return nullptr;
            ++ops;
            if (l->kind == Logic::Kind::not_) return std::make_unique<intpath::Not>(std::move(a));
            BoolPtr b = boolean(*l->rhs);
            if (!b) return nullptr;
            if (l->kind == Logic::Kind::and_) return std::make_unique<intpath::Junction<true>>(std::move(a), std::move(b));
            return std::make_unique<intpath::Junction<false>>(std::move(a), std::move(b));
        }
        return nullptr;
    }

private:
    // Whether two names read the same value: a local, a global or a rule parameter.
    static bool same(const Code& a, const Code& b) {
        if (auto* x = dynamic_cast<const Local*>(&a)) {
            auto* y = dynamic_cast<const Local*>(&b);
            return y && x->slot == y->slot;
        }
        if (auto* x = dynamic_cast<const GlobalLet*>(&a)) {
            auto* y = dynamic_cast<const GlobalLet*>(&b);
            return y && x->lets == y->lets && x->index == y->index;
        }
        auto *x = dynamic_cast<const RuleParam*>(&a), *y = dynamic_cast<const RuleParam*>(&b);
        return x && y && x->index == y->index;
    }
    template <Op op> static IntPtr make(const Code& at, IntPtr a, IntPtr b) {
        return std::make_unique<intpath::Bin<op, AnyOperand, AnyOperand>>(at.loc(), at.length(), AnyOperand{std::move(a)},
                                                                          AnyOperand{std::move(b)});
    }
    template <Op op> static BoolPtr compare(IntPtr a, IntPtr b) {
        return std::make_unique<intpath::Cmp<op, AnyOperand, AnyOperand>>(AnyOperand{std::move(a)}, AnyOperand{std::move(b)});
    }
    IntPtr binary(Op op, const Code& at, const Code& lhs, const Code& rhs) {
        IntPtr a = integer(lhs);
        IntPtr b = a ? integer(rhs) : nullptr;
        if (!b) return nullptr;
        ++ops;
        switch (op) {
            case Op::add: return make<Op::add>(at, std::move(a), std::move(b));
            case Op::sub: return make<Op::sub>(at, std::move(a), std::move(b));
            case Op::mul: return make<Op::mul>(at, std::move(a), std::move(b));
            case Op::div: return make<Op::div>(at, std::move(a), std::move(b));
            case Op::mod: return make<Op::mod>(at, std::move(a), std::move(b));
            case Op::bit_and: return make<Op::bit_and>(at, std::move(a), std::move(b));
            case Op::bit_or: return make<Op::bit_or>(at, std::move(a), std::move(b));
            case Op::bit_xor: return make<Op::bit_xor>(at, std::move(a), std::move(b));
            case Op::shl: return make<Op::shl>(at, std::move(a), std::move(b));
            case Op::shr: return make<Op::shr>(at, std::move(a), std::move(b));
            case Op::pow: return make<Op::pow>(at, std::move(a), std::move(b));
            default: return nullptr;
        }
    }
};

// The islands under the kinds of node an island is made of, replaced by
// their generic code.
void dissolve(CodePtr& c) {
    if (auto* is = dynamic_cast<IntIsland*>(c.get())) {
        CodePtr inner = std::move(is->generic);
        c = std::move(inner);
    }
    if (auto* u = dynamic_cast<Unary*>(c.get())) dissolve(u->operand);
    else if (auto* b = dynamic_cast<Binary*>(c.get())) dissolve(b->lhs), dissolve(b->rhs);
    else if (auto* p = dynamic_cast<PlusChain*>(c.get())) {
        for (CodePtr& x : p->operands) dissolve(x);
    } else if (auto* i = dynamic_cast<IfElse*>(c.get())) dissolve(i->cond), dissolve(i->then_), dissolve(i->else_);
    else if (auto* cmp = dynamic_cast<Compare*>(c.get())) dissolve(cmp->lhs), dissolve(cmp->rhs);
    else if (auto* l = dynamic_cast<Logic*>(c.get())) {
        dissolve(l->lhs);
        if (l->rhs) dissolve(l->rhs);
    }
}

std::uint64_t made = 0;

// `{e for x in a..b, y in c..d where c}` of int code: its elements in
// 0..63 gathered as a mask, the set made from it, without a Value per
// element or a call per node. An element outside 0..63, a name that holds
// no int, or more than `budget` bindings (the generic loop polls for an
// interrupt): the comprehension as written, from the start.
struct SetIsland final : Code {
    struct Gen {
        IntPtr lo, hi;
    };
    CodePtr generic;
    std::vector<const Code*> inputs;
    mutable std::vector<Gen> gens;  // variable i in register max_inputs + i
    mutable BoolPtr where;          // may be null
    mutable IntPtr element;
    mutable bool native = false;    // made native code on first use
    static constexpr std::uint32_t budget = 1u << 16;

    SetIsland(CodePtr g, std::vector<const Code*> in) : Code(g->loc(), g->length()), generic(std::move(g)), inputs(std::move(in)) {}

    // The elements as a mask; false where the comprehension as written is
    // needed. An error is the one the comprehension raises first.
    bool gather(Env& env, std::uint64_t& mask) const {
        std::int64_t regs[max_inputs + max_gens];
        if (!load_inputs(inputs, env, regs)) return false;
        if (!native) {
            native = true;
            for (Gen& g : gens) make_native(g.lo), make_native(g.hi);
            if (where) make_native(where);
            make_native(element);
        }
        mask = 0;
        std::uint32_t left = budget;
        try {
            add(0, intpath::Frame{regs, nullptr}, mask, left);
        } catch (const intpath::Unfit&) {
            return false;
        }
        return true;
    }
    Value eval(Env& env) const override {
        std::uint64_t mask;
        if (!gather(env, mask)) return generic->eval(env);
        std::vector<Value> items;
        items.reserve(static_cast<std::size_t>(std::popcount(mask)));
        for (; mask; mask &= mask - 1) items.push_back(Value::integer(std::countr_zero(mask)));
        return make_set(std::move(items));
    }
    // As GensCode::run_from binds and tests, in the same order.
    void add(std::size_t i, const intpath::Frame& f, std::uint64_t& mask, std::uint32_t& left) const {
        if (i == gens.size()) {
            if (!where || where->test(f)) {
                const std::int64_t x = element->eval(f);
                if (static_cast<std::uint64_t>(x) > 63) throw intpath::Unfit{};
                mask |= std::uint64_t{1} << x;
            }
            return;
        }
        const std::int64_t a = gens[i].lo->eval(f), b = gens[i].hi->eval(f);
        std::int64_t& x = f.r[max_inputs + i];
        for (x = a; x <= b; ++x) {
            if (--left == 0) throw intpath::Unfit{};
            add(i + 1, f, mask, left);
            if (x == b) break;
        }
    }
    void emit_option(Env& env, solver::OptionSink& sink) const override { generic->emit_option(env, sink); }
};

// A set comprehension over int ranges whose bounds, condition and element
// are int code: its SetIsland; else null.
CodePtr set_island(CodePtr& code) {
    auto* c = dynamic_cast<Comprehension*>(code.get());
    if (!c || c->kind != Kind::set || c->elements.range_query) return nullptr;
    const GensCode& gc = c->elements.gens;
    if (gc.gens.empty() || gc.gens.size() > max_gens) return nullptr;
    Converter conv;
    std::vector<SetIsland::Gen> gens;
    for (const GenCode& g : gc.gens) {
        auto* r = dynamic_cast<const Range*>(g.iterable.get());
        if (!r || g.binder.slot < 0 || g.binder.is_tuple) return nullptr;
        IntPtr lo = conv.integer(*r->lo);
        IntPtr hi = lo ? conv.integer(*r->hi) : nullptr;
        if (!hi) return nullptr;
        gens.push_back({std::move(lo), std::move(hi)});
        conv.bound.push_back(g.binder.slot);
    }
    BoolPtr where;
    if (gc.where && !(where = conv.boolean(*gc.where))) return nullptr;
    IntPtr element = conv.integer(*c->elements.element);
    if (!element) return nullptr;
    ++made;
    auto island = std::make_unique<SetIsland>(std::move(code), std::move(conv.inputs));
    island->gens = std::move(gens);
    island->where = std::move(where);
    island->element = std::move(element);
    return island;
}

}  // namespace

bool int_islands_enabled = true;

bool is_set_island(const Code& c) { return dynamic_cast<const SetIsland*>(&c) != nullptr; }
bool set_island_mask(const Code& c, Env& env, std::uint64_t& mask) {
    auto* is = dynamic_cast<const SetIsland*>(&c);
    return is && is->gather(env, mask);
}

const Code* island_generic(const Code& c) {
    auto* is = dynamic_cast<const IntIsland*>(&c);
    return is ? is->generic.get() : nullptr;
}
std::uint64_t int_islands_made() { return made; }

CodePtr int_island(CodePtr code) {
    if (!int_islands_enabled) return code;
    if (CodePtr set = set_island(code)) return set;
    const Code& c = *code;
    if (!dynamic_cast<const Unary*>(&c) && !dynamic_cast<const Binary*>(&c) && !dynamic_cast<const PlusChain*>(&c) &&
        !dynamic_cast<const IfElse*>(&c) && !dynamic_cast<const Compare*>(&c) && !dynamic_cast<const Logic*>(&c))
        return code;
    Converter conv;
    IntPtr integer = conv.integer(c);
    BoolPtr boolean;
    if (!integer) {
        conv = Converter();
        boolean = conv.boolean(c);
    }
    if ((!integer && !boolean) || conv.ops < 2) return code;
    dissolve(code);
    ++made;
    return std::make_unique<IntIsland>(std::move(code), std::move(conv.inputs), std::move(integer), std::move(boolean));
}

}  // namespace grundy::nodes
