#include "nodes.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "interpreter/runtime/instance.hpp"
#include "interpreter/runtime/queries.hpp"
#include "int_islands.hpp"
#include "range_query.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy::nodes {

namespace {

// Arguments live on the C++ stack for the usual few.
using ArgValues = boost::container::small_vector<Value, 4>;

std::span<const Value> span_of(const ArgValues& v) { return {v.data(), v.size()}; }

ArgValues eval_all(Env& env, const std::vector<CodePtr>& codes) {
    ArgValues out;
    out.reserve(codes.size());
    for (const CodePtr& c : codes) out.push_back(c->eval(env));
    return out;
}

}  // namespace

Value RuleParam::eval(Env& env) const { return env.inst->arg(index); }
const Value* RuleParam::peek(Env& env) const { return &env.inst->arg(index); }

namespace {

// Evaluates `code` into `tmp`, or points at its stored value without a copy.
const Value& operand(const CodePtr& code, Env& env, Value& tmp) {
    if (const Value* v = code->peek(env)) return *v;
    tmp = code->eval(env);
    return tmp;
}

// Runs f on the values of `codes`. A single argument is read in place when
// its node allows (a local: frames never move), without a copy or a vector.
template <typename F> decltype(auto) with_args(Env& env, const std::vector<CodePtr>& codes, F&& f) {
    if (codes.size() == 1) {
        Value tmp;
        const Value& v = operand(codes[0], env, tmp);
        return f(std::span<const Value>(&v, 1));
    }
    ArgValues values = eval_all(env, codes);
    return f(span_of(values));
}

}  // namespace

Value GlobalLet::eval(Env&) const {
    const Value& v = (*lets)[index];
    if (v.is(Kind::none)) error(fmt::format("`{}` is used before its definition has run", name));
    return v;
}

Instance& plain_instance(Env& env, const CompiledGame& game) {
    if (!game.plain_instance) game.plain_instance = &env.ctx.instance(game, grundy::make_tuple({}));
    return *game.plain_instance;
}

Value GameRules::eval(Env& env) const { return make_rules(&plain_instance(env, *game)); }

Value Unary::eval(Env& env) const {
    Value v = operand->eval(env);
    if (!v.is(Kind::integer)) error(fmt::format("type mismatch: cannot negate {}", kind_name(v.kind())));
    return located(*this, [&] { return Value::integer(ops::neg(v.as_int())); });
}

Value Binary::apply(const Value& a, const Value& b) const {
    using ast::Op;
    if (a.is(Kind::integer) && b.is(Kind::integer)) {
        std::int64_t x = a.as_int(), y = b.as_int();
        switch (op) {
            case Op::add: return Value::integer(ops::add(x, y));
            case Op::sub: return Value::integer(ops::sub(x, y));
            case Op::mul: return Value::integer(ops::mul(x, y));
            case Op::div: return Value::integer(ops::floor_div(x, y));
            case Op::mod: return Value::integer(ops::floor_mod(x, y));
            case Op::bit_and: return Value::integer(x & y);
            case Op::bit_or: return Value::integer(x | y);
            case Op::bit_xor: return Value::integer(x ^ y);
            case Op::shl: return Value::integer(ops::shl(x, y));
            case Op::shr: return Value::integer(ops::shr(x, y));
            case Op::pow: return Value::integer(ops::pow(x, y));
            default: break;
        }
    }
    switch (op) {
        case Op::add: return ops::plus(a, b);
        case Op::sub: return ops::minus(a, b);
        case Op::mul: return ops::times(a, b);
        case Op::bit_and: return ops::bit_op('&', a, b);
        case Op::bit_or: return ops::bit_op('|', a, b);
        case Op::bit_xor: return ops::bit_op('^', a, b);
        default:
            throw ValueError(fmt::format("type mismatch: cannot apply '{}' to {} and {}", ast::op_text(op),
                                         kind_name(a.kind()), kind_name(b.kind())));
    }
}

Value Binary::eval(Env& env) const {
    Value ta, tb;
    const Value& a = operand(lhs, env, ta);
    const Value& b = operand(rhs, env, tb);
    return located(*this, [&] { return apply(a, b); });
}

Value PlusChain::eval(Env& env) const {
    Parts parts;
    Value value;
    return gather(env, parts, value) ? make_position(std::span<const Component>(parts.data(), parts.size()), false)
                                     : value;
}

bool PlusChain::gather(Env& env, Parts& parts, Value& value) const {
    if (games_.size() != operands.size()) {  // made once: the compiler fills operands after construction
        games_.clear();
        for (const CodePtr& op : operands) games_.push_back(dynamic_cast<const CallGame*>(op.get()));
    }
    // A call making a position gives its component without a position value
    // of its own; the parts gather on the stack.
    auto component = [&](std::size_t i) {
        Component c;
        if (!games_[i] || !games_[i]->eval_component(env, c)) return false;
        parts.push_back(c);
        return true;
    };
    auto sum = [&] { return make_position(std::span<const Component>(parts.data(), parts.size()), false); };
    // The parts gathered count as live parts of their games until the end:
    // no value of theirs may be left (`L(1)(s)`'s ruleset and position are
    // gone once read), and a later operand that makes a ruleset must not
    // drop their games as idle (Context).
    struct Pin {
        Parts& parts;
        std::size_t pinned = 0;
        void more() {
            if (count_live_parts)
                for (; pinned < parts.size(); ++pinned) ++parts[pinned].game->live_parts;
        }
        ~Pin() {
            if (count_live_parts)
                for (std::size_t i = 0; i < pinned; ++i)
                    if (--parts[i].game->live_parts == 0 && parts[i].game->live_rules == 0) parts[i].game->idle();
        }
    } pin{parts};
    Value acc;
    bool gathering = component(0);
    if (!gathering) {
        acc = operands[0]->eval(env);
        gathering = acc.is(Kind::position) && !acc.pos().misere;
        if (gathering) parts.assign(acc.pos().parts.begin(), acc.pos().parts.end());
    }
    pin.more();
    for (std::size_t i = 1; i < operands.size(); ++i) {
        if (gathering && component(i)) {
            pin.more();
            continue;
        }
        Value x = operands[i]->eval(env);
        if (gathering && x.is(Kind::position) && !x.pos().misere) {
            parts.insert(parts.end(), x.pos().parts.begin(), x.pos().parts.end());
            pin.more();
            continue;
        }
        if (gathering) acc = sum();
        gathering = false;
        acc = located(*plus[i - 1], [&] { return plus[i - 1]->apply(acc, x); });
    }
    if (!gathering) value = std::move(acc);
    return gathering;
}

bool Compare::eval_bool(Env& env, const char*) const {
    Value ta, tb;
    const Value& a = operand(lhs, env, ta);
    const Value& b = operand(rhs, env, tb);
    if (a.is(Kind::integer) && b.is(Kind::integer)) {
        const std::int64_t x = a.as_int(), y = b.as_int();
        switch (op) {
            case ast::Op::eq: return x == y;
            case ast::Op::ne: return x != y;
            case ast::Op::lt: return x < y;
            case ast::Op::le: return x <= y;
            case ast::Op::gt: return x > y;
            case ast::Op::ge: return x >= y;
            default: break;
        }
    }
    return test(a, b);
}

bool Compare::test(const Value& a, const Value& b) const {
    using ast::Op;
    if (a.is(Kind::integer) && b.is(Kind::integer)) {
        std::int64_t x = a.as_int(), y = b.as_int();
        switch (op) {
            case Op::eq: return x == y;
            case Op::ne: return x != y;
            case Op::lt: return x < y;
            case Op::le: return x <= y;
            case Op::gt: return x > y;
            case Op::ge: return x >= y;
            default: break;
        }
    }
    if ((op == Op::eq || op == Op::ne) && a.is(Kind::string) && b.is(Kind::string)) {
        // The same object (interned), or a first character apart, decides
        // without a call: `outcome(p) == "P"` in a loop.
        const std::string &x = a.str().text, &y = b.str().text;
        const bool equal = a.object() == b.object() ||
                           (x.size() == y.size() && (x.empty() || (x[0] == y[0] && x == y)));
        return (op == Op::eq) == equal;
    }
    switch (op) {
        case Op::eq: return a == b;
        case Op::ne: return !(a == b);
        case Op::in:
        case Op::not_in: {
            bool r = false;
            located(*this, [&] {
                r = ops::contains(b, a);
                return Value();
            });
            return op == Op::in ? r : !r;
        }
        default: break;
    }
    // ∞ (a draw's remoteness) is past every int; loopy values ∞{K} have no order.
    const bool ints_and_infinity = (a.is(Kind::integer) || a.is(Kind::infinity)) &&
                                   (b.is(Kind::integer) || b.is(Kind::infinity));
    if ((a.kind() != b.kind() && !ints_and_infinity) || a.is(Kind::infinite))
        error(fmt::format("type mismatch: cannot order {} and {} with '{}'", kind_name(a.kind()), kind_name(b.kind()),
                          ast::op_text(op)));
    int c = compare(a, b);
    switch (op) {
        case Op::lt: return c < 0;
        case Op::le: return c <= 0;
        case Op::gt: return c > 0;
        default: return c >= 0;
    }
}

bool Logic::eval_bool(Env& env, const char*) const {
    switch (kind) {
        case Kind::not_: return !lhs->eval_bool(env, "the operand of 'not'");
        case Kind::and_:
            return lhs->eval_bool(env, "the left side of 'and'") && rhs->eval_bool(env, "the right side of 'and'");
        case Kind::or_:
            return lhs->eval_bool(env, "the left side of 'or'") || rhs->eval_bool(env, "the right side of 'or'");
    }
    return false;
}

Value Range::eval(Env& env) const {
    std::int64_t a = lo->eval_int(env, "the start of a range");
    std::int64_t b = hi->eval_int(env, "the end of a range");
    return make_range(a, b);
}

void Range::iterate(Env& env, FunctionRef<bool(const Value&)> f) const {
    std::int64_t a, b;
    int_bounds(env, a, b);
    for (std::int64_t i = a; i <= b; ++i) {
        if (!f(Value::integer(i)) || i == b) return;
    }
}

Value Display::eval(Env& env) const {
    std::vector<Value> out;
    out.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (expand[i]) {
            items[i]->iterate(env, [&](const Value& v) {
                out.push_back(v);
                return true;
            });
        } else {
            out.push_back(items[i]->eval(env));
        }
    }
    return located(*this, [&] {
        if (kind == grundy::Kind::set) return make_set(std::move(out));
        if (kind == grundy::Kind::list) return make_list(std::move(out));
        return grundy::make_tuple(out);
    });
}

void Elements::run(Env& env, FunctionRef<bool(const Value&)> body) const {
    run(env, body, [&](std::span<const std::uint32_t> values) {
        for (std::uint32_t v : values)
            if (!body(sg_value(env.ctx.solver, v))) return false;
        return true;
    });
}

void Elements::run(Env& env, FunctionRef<bool(const Value&)> body,
                   FunctionRef<bool(std::span<const std::uint32_t>)> batch) const {
    if (range_query) return range_query->run(env, body, batch);
    gens.run(env, [&] { return body(element->eval(env)); });
}

Value Comprehension::eval(Env& env) const {
    if (kind != grundy::Kind::set) {
        ListBuilder out;
        elements.run(env, [&](const Value& v) {
            out.push(v);
            return true;
        });
        return out.finish();
    }
    std::vector<Value> out;
    elements.run(env, [&](const Value& v) {
        out.push_back(v);
        return true;
    });
    return make_set(std::move(out));
}

Value Fold::eval(Env& env) const {
    Value acc;
    std::int64_t count = 0;
    auto add = [&](const Value& v) {
        located(*this, [&] {
            switch (op) {
                case Op::sum:
                    if (acc.is(Kind::integer) && v.is(Kind::integer)) acc = Value::integer(ops::add(acc.as_int(), v.as_int()));
                    else acc = acc.is(Kind::none) ? v : ops::plus(acc, v);
                    break;
                case Op::min:
                case Op::max:
                    if (acc.is(Kind::none) || (op == Op::min ? v < acc : acc < v)) acc = v;
                    break;
                case Op::any:
                case Op::all:
                    ops::expect_bool(v, op == Op::any ? "each element given to any()" : "each element given to all()");
                    if (v.as_bool() == (op == Op::any)) acc = Value::boolean(op == Op::any);
                    break;
                case Op::len: break;
            }
            return Value();
        });
        // any and all stop at the first element that decides, as they do
        // on a list: later elements are not looked at.
        return !((op == Op::any || op == Op::all) && !acc.is(Kind::none));
    };
    auto one = [&](const Value& v) {
        ++count;
        return add(v);
    };
    // A range query's values: ints, so a batch folds in a plain loop.
    auto batch = [&](std::span<const std::uint32_t> values) {
        const bool loopy = std::any_of(values.begin(), values.end(), [](std::uint32_t v) { return !solver::Solver::is_finite(v); });
        if (op == Op::any || op == Op::all || values.empty() || loopy) {
            for (std::uint32_t v : values)
                if (!one(sg_value(env.ctx.solver, v))) return false;
            return true;
        }
        count += static_cast<std::int64_t>(values.size());
        std::int64_t x = op == Op::sum ? 0 : values[0];
        for (std::uint32_t v : values) {
            if (op == Op::sum) x += v;  // at most 256 values below 2^32: no overflow
            else x = op == Op::min ? std::min<std::int64_t>(x, v) : std::max<std::int64_t>(x, v);
        }
        return op == Op::len || add(Value::integer(x));
    };
    elements.run(env, one, batch);
    switch (op) {
        case Op::len: return Value::integer(count);
        case Op::sum: return acc.is(Kind::none) ? Value::integer(0) : acc;
        case Op::any: return acc.is(Kind::none) ? Value::boolean(false) : acc;
        case Op::all: return acc.is(Kind::none) ? Value::boolean(true) : acc;
        default:
            if (acc.is(Kind::none)) error(op == Op::max ? "max() of an empty collection" : "min() of an empty collection");
            return acc;
    }
}

Value Index::eval(Env& env) const {
    Value tb, ti;
    const Value& b = operand(base, env, tb);
    const Value& i = operand(index, env, ti);
    if (b.is(Kind::list) && i.is(Kind::integer) && i.as_int() >= 0 && i.as_int() < b.seq().size)
        return b.seq()[static_cast<std::size_t>(i.as_int())];
    return located(*this, [&] { return ops::index(b, i); });
}

Value CallFn::eval(Env& env) const {
    FrameGuard frame(env.ctx, fn->slots, loc());
    for (std::size_t i = 0; i < args.size(); ++i) frame.frame()[i] = args[i]->eval(env);
    Env callee{frame.frame(), fn->game ? env.inst : nullptr, env.ctx};
    return fn->body->eval(callee);
}

Value FoldCall::eval(Env& env) const {
    Value acc = init->eval(env);
    xs->iterate(env, [&](const Value& x) {
        poll_interrupt();  // fold(add, 0, 0..10^18) stops on Ctrl-C and limits
        if (fn) {
            FrameGuard frame(env.ctx, fn->slots, loc());
            frame.frame()[0] = std::move(acc);
            frame.frame()[1] = x;
            Env callee{frame.frame(), fn->game ? env.inst : nullptr, env.ctx};
            acc = fn->body->eval(callee);
        } else {
            Value args[] = {std::move(acc), x};
            acc = located(*this, [&] { return builtin->fn(env.ctx, std::span<const Value>(args, 2)); });
        }
        return true;
    });
    return acc;
}

Value CallBuiltin::eval(Env& env) const {
    return noting_query([&] { return call(env); });
}

void CallBuiltin::note_query(DiagnosticError& e) const {
    // An error in a game's rules points into the game; say which query
    // was solving it (once, for the innermost query).
    static const std::string_view solving[] = {"sg", "outcome", "moves", "winning_moves"};
    bool is_query = std::find(std::begin(solving), std::end(solving), builtin->name) != std::end(solving);
    bool noted = std::any_of(e.diagnostics.begin(), e.diagnostics.end(),
                             [](const Diagnostic& d) { return d.severity == Severity::note; });
    const Diagnostic& first = e.diagnostics.front();
    if (is_query && !noted && (first.loc.source != loc().source || first.loc.offset != loc().offset))
        e.diagnostics.push_back(Diagnostic{Severity::note, loc(), length(), "while solving this query"});
}

bool CallBuiltin::call_on_sum(Env& env, Value& out) const {
    if (!sum_known_) {
        sum_known_ = true;
        const Code* arg = args[0].get();
        if (auto* m = dynamic_cast<const CallBuiltin*>(arg);
            m && query == Query::outcome && std::string_view(m->builtin->name) == "misere" && m->args.size() == 1) {
            misere_ = m;
            arg = m->args[0].get();
        }
        sum_ = dynamic_cast<const PlusChain*>(arg);
    }
    if (!sum_) return false;
    PlusChain::Parts parts;
    Value value;
    if (!sum_->gather(env, parts, value)) {
        // Not all components: on from the sum's value, as the general path goes.
        if (misere_) {
            value = misere_->noting_query(
                [&] { return located(*misere_, [&] { return misere_->builtin->fn(env.ctx, std::span(&value, 1)); }); });
        }
        out = located(*this, [&] { return builtin->fn(env.ctx, std::span(&value, 1)); });
        return true;
    }
    boost::container::small_vector<solver::Comp, 8> comps;
    for (const Component& c : parts) comps.push_back(solver::make_comp(c.game->index(), c.state));
    const std::span<const solver::Comp> sum(comps.data(), comps.size());
    std::uint32_t x = 0;
    solver::Solver::Outcome o{};
    located(*this, [&] {
        if (misere_) o = env.ctx.solver.misere_outcome(sum);
        else x = env.ctx.solver.grundy(sum);
        return Value();
    });
    if (misere_) out = outcome_text(o);
    else out = query == Query::sg ? sg_value(env.ctx.solver, x) : outcome_text(env.ctx.solver.outcome(x));
    return true;
}

Value CallBuiltin::call(Env& env) const {
    if (query != Query::none) {
        Component c;
        if (args[0]->eval_component(env, c)) {
            const solver::Comp comp = solver::make_comp(c.game->index(), c.state);
            std::uint32_t v = 0;
            solver::Solver::Outcome o{};
            located(*this, [&] {
                if (query == Query::sg) v = env.ctx.solver.grundy(comp);
                else o = env.ctx.solver.outcome_of(comp);  // the outcome alone
                return Value();
            });
            if (query == Query::sg) return sg_value(env.ctx.solver, v);
            return outcome_text(o);
        }
        if (Value v; call_on_sum(env, v)) return v;
    }
    ArgValues values = eval_all(env, args);
    return located(*this, [&] { return builtin->fn(env.ctx, span_of(values)); });
}

Value CallGame::eval(Env& env) const {
    return with_args(env, args, [&](std::span<const Value> values) {
        return located(*this, [&] {
            if (game->has_params) return make_rules(&env.ctx.instance(*game, grundy::make_tuple(values)));
            return plain_instance(env, *game).position(values, *this);
        });
    });
}

bool CallGame::eval_component(Env& env, Component& out) const {
    if (game->has_params) return false;
    if (args.size() == 1 && is_set_island(*args[0])) {
        // A set built by int code: its mask is the state's id, no set made.
        Instance& inst = plain_instance(env, *game);
        std::uint64_t mask;
        if (inst.takes_set_masks() && set_island_mask(*args[0], env, mask) && inst.set_mask_state(mask, out.state)) {
            out.game = &inst;
            return true;
        }
    }
    with_args(env, args, [&](std::span<const Value> values) {
        Instance& inst = plain_instance(env, *game);
        located(*this, [&] {
            out = inst.component(values, *this);
            return Value();
        });
    });
    return true;
}

// The callee is evaluated once on either path: a callee that is not a
// ruleset is an error either way, raised after the arguments as eval() does.
Instance& CallValue::instance(const Value& f) const {
    if (!f.is(Kind::rules))
        error(fmt::format("cannot call {}: {} (only functions, games and rulesets take arguments)",
                          kind_name(f.kind()), repr(f)));
    auto& inst = *static_cast<Instance*>(f.rules().game);
    if (inst.forgotten())
        error(fmt::format("{} was forgotten (forget()): make the ruleset again to use it", inst.rules_text()));
    return inst;
}

bool CallValue::eval_component(Env& env, Component& out) const {
    Value tmp;
    const Value& f = operand(callee, env, tmp);
    ArgValues values = eval_all(env, args);
    Instance& inst = instance(f);
    located(*this, [&] {
        out = inst.component(span_of(values), *this);
        return Value();
    });
    return true;
}

Value CallValue::eval(Env& env) const {
    Value tmp;
    const Value& f = operand(callee, env, tmp);
    ArgValues values = eval_all(env, args);
    Instance& inst = instance(f);
    return located(*this, [&] { return inst.position(span_of(values), *this); });
}

Value Split::eval(Env& env) const {
    Components parts;
    for (const CodePtr& a : args) parts.push_back(Component{env.inst, env.inst->move_state(a->eval(env), *a)});
    return make_position(std::move(parts), false);
}

void Split::emit_option(Env& env, solver::OptionSink& sink) const {
    // Evaluate all parts before opening the option: a part may call back
    // into the solver, which appends to the same buffer.
    boost::container::small_vector<std::uint32_t, 4> ids;
    for (const CodePtr& a : args) ids.push_back(env.inst->move_state(a->eval(env), *a));
    sink.begin_option();
    for (std::uint32_t id : ids) sink.add(env.inst->comp(id));
}

}  // namespace grundy::nodes
