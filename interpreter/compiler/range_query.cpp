#include "range_query.hpp"

#include "int_islands.hpp"

#include <algorithm>

#include "interpreter/runtime/instance.hpp"
#include "interpreter/runtime/queries.hpp"

namespace grundy::nodes {

namespace {

constexpr std::size_t max_args = 8;

bool reads_slot(const Code& c, std::uint32_t slot) {
    auto* local = dynamic_cast<const Local*>(&c);
    return local && local->slot == slot;
}

// Whether c gives the same value wherever the generator of `slot` is:
// constants, names other than it, and arithmetic of them.
bool fixed_in(const Code& c, std::uint32_t slot) {
    if (const Code* g = island_generic(c)) return fixed_in(*g, slot);
    if (dynamic_cast<const Const*>(&c) || dynamic_cast<const GlobalLet*>(&c)) return true;
    if (auto* local = dynamic_cast<const Local*>(&c)) return local->slot != slot;
    if (auto* u = dynamic_cast<const Unary*>(&c)) return fixed_in(*u->operand, slot);
    if (auto* b = dynamic_cast<const Binary*>(&c)) return fixed_in(*b->lhs, slot) && fixed_in(*b->rhs, slot);
    return false;
}

// `[n]`, n the slot.
bool one_item_list(const Code& c, std::uint32_t slot) {
    auto* list = dynamic_cast<const Display*>(&c);
    return list && list->kind == Kind::list && list->items.size() == 1 && !list->expand[0] &&
           reads_slot(*list->items[0], slot);
}

}  // namespace

std::unique_ptr<RangeQuery> RangeQuery::match(const GensCode& gens, const Code& element) {
    if (gens.gens.empty() || gens.gens.size() > 8) return nullptr;
    auto as_query = [](const Code* c) {
        auto* query = dynamic_cast<const CallBuiltin*>(c);
        const bool is = query && (query->query == CallBuiltin::Query::sg || query->query == CallBuiltin::Query::outcome);
        return is ? query : nullptr;
    };
    const CallBuiltin* query = nullptr;
    const Compare* filter = nullptr;
    const Const* filter_value = nullptr;
    // `where f(x, ...)`, f a global function whose body is the comparison:
    // read through the call, each parameter standing for its argument.
    const CallFn* through = nullptr;
    if (auto* call = dynamic_cast<const CallFn*>(gens.where.get());
        call && call->fn && !call->fn->game && call->fn->body && call->args.size() == call->fn->arity)
        through = call;
    if (gens.where) {
        filter = dynamic_cast<const Compare*>(through ? through->fn->body.get() : gens.where.get());
        if (!filter || (filter->op != ast::Op::eq && filter->op != ast::Op::ne)) return nullptr;
        query = as_query(filter->lhs.get());
        filter_value = dynamic_cast<const Const*>(filter->rhs.get());
        if (!query) {
            query = as_query(filter->rhs.get());
            filter_value = dynamic_cast<const Const*>(filter->lhs.get());
        }
        if (!filter_value) return nullptr;
    } else {
        query = as_query(&element);
    }
    if (!query) return nullptr;
    auto q = std::make_unique<RangeQuery>();
    if (filter) {
        q->filter_ = filter;
        q->filter_value_ = filter_value;
        q->where_ = gens.where.get();
        q->element_ = &element;
    }
    for (const GenCode& g : gens.gens) {
        auto* range = dynamic_cast<const Range*>(g.iterable.get());
        if (!range || g.binder.slot < 0) return nullptr;
        q->dims_.push_back({range, static_cast<std::uint32_t>(g.binder.slot)});
    }
    if (q->dims_.size() >= 2) {
        const Range& inner = *q->dims_.back().range;
        const std::uint32_t outer = q->dims_[q->dims_.size() - 2].slot;
        q->box_ = fixed_in(*inner.lo, outer) && fixed_in(*inner.hi, outer);
    }
    q->query_ = query;
    q->call_ = query->args[0].get();
    if (auto* m = dynamic_cast<const CallBuiltin*>(q->call_); m && query->query == CallBuiltin::Query::outcome &&
                                                              std::string_view(m->builtin->name) == "misere" &&
                                                              m->args.size() == 1) {
        q->misere_ = true;  // one component under misère play (Solver::misere_outcome)
        q->call_ = m->args[0].get();
    }
    if (through) {  // its arguments the variables themselves: no argument runs code the loop would
        for (const CodePtr& a : through->args)
            if (std::none_of(q->dims_.begin(), q->dims_.end(), [&](const Dim& d) { return reads_slot(*a, d.slot); }))
                return nullptr;
    }
    // The generator whose variable a name reads: the innermost of that slot.
    auto dim_of = [&](const Code& c) -> int {
        const Code* x = &c;
        if (through) {  // a parameter of the helper: its argument
            auto* param = dynamic_cast<const Local*>(&c);
            if (!param || param->slot >= through->args.size()) return -1;
            x = through->args[param->slot].get();
        }
        for (std::size_t d = q->dims_.size(); d-- > 0;)
            if (reads_slot(*x, q->dims_[d].slot)) return static_cast<int>(d);
        return -1;
    };
    auto take_args = [&](const std::vector<CodePtr>& args) {
        if (args.empty() || args.size() > max_args) return false;
        // `G([n])`: as G(n) when G's states are lists of one int (grundy_range checks).
        if (args.size() == 1 && q->dims_.size() == 1 && one_item_list(*args[0], q->dims_[0].slot)) {
            q->list_ = true;
            q->arg_dims_.push_back(0);
            return true;
        }
        // `G((a, b), c)`: a tuple or list written out is its ints, in
        // order, for a game whose position pattern has that shape.
        auto take = [&](auto& self, const Code& a) -> bool {
            auto* d = dynamic_cast<const Display*>(&a);
            if (d && (d->kind == Kind::tuple || d->kind == Kind::list) && !d->items.empty() &&
                std::none_of(d->expand.begin(), d->expand.end(), [](bool e) { return e; })) {
                q->nested_ = true;
                return std::all_of(d->items.begin(), d->items.end(), [&](const CodePtr& x) { return self(self, *x); });
            }
            const int dim = dim_of(a);
            if (dim < 0 || q->arg_dims_.size() == max_args) return false;
            q->arg_dims_.push_back(static_cast<std::uint8_t>(dim));
            return true;
        };
        q->args_ = &args;
        return std::all_of(args.begin(), args.end(), [&](const CodePtr& a) { return take(take, *a); });
    };
    if (auto* call = dynamic_cast<const CallValue*>(q->call_)) {
        // f must not change with the variables: a name other than theirs.
        const Code& f = *call->callee;
        auto plain = [&](const Code& c) {
            return dynamic_cast<const Const*>(&c) || dynamic_cast<const GlobalLet*>(&c) ||
                   (!through && dynamic_cast<const Local*>(&c) && dim_of(c) < 0);
        };
        bool fixed = plain(f);
        if (auto* rules = dynamic_cast<const CallGame*>(&f))  // `Octal("0.6")(n)`: rules of constant arguments
            fixed = std::all_of(rules->args.begin(), rules->args.end(), [&](const CodePtr& a) { return plain(*a); });
        if (!fixed || !take_args(call->args)) return nullptr;
        q->callee_ = &f;
        return q;
    }
    if (auto* call = dynamic_cast<const CallGame*>(q->call_)) {
        if (call->game->has_params || !take_args(call->args)) return nullptr;
        q->game_ = call->game;
        return q;
    }
    return nullptr;
}

Instance* RangeQuery::instance(Env& env, Value& keep) const {
    if (game_) return &plain_instance(env, *game_);
    keep = callee_->eval(env);
    return keep.is(Kind::rules) ? static_cast<Instance*>(keep.rules().game) : nullptr;  // else the loop reports it
}

// One run of the query: where the elements go, and the instance, found at
// the first element as the loop as written finds it.
struct RangeQuery::Loop {
    Loop(Env& e, FunctionRef<bool(const Value&)> o, Batch m) : env(e), one(o), many(m) {}
    Env& env;
    FunctionRef<bool(const Value&)> one;
    Batch many;
    bool resolved = false;
    Instance* inst = nullptr;    // null: each element as written
    Value rules;                 // inst's ruleset, held while the loop runs
    std::int64_t xs[8] = {};     // the variables' values
    std::uint32_t batch[256];  // values not yet handed to `many`
    std::size_t used = 0;
    bool grid = false;           // the instance's grid form serves the query (grid_elements)
    std::int64_t outer_end = 0;  // the end of the range of the generator before the innermost
    bool box_tried = false;      // presolve_box asked, for this run of that generator
    // A filter on outcomes: which of the three it keeps, found at first use.
    const RangeQuery* query = nullptr;
    std::uint8_t keeps = 0, tried = 0;
    bool kept(solver::Solver::Outcome o) {
        const auto bit = static_cast<std::uint8_t>(1u << static_cast<unsigned>(o));
        if (!(tried & bit)) {
            tried |= bit;
            if (query->kept(outcome_text(o))) keeps |= bit;
        }
        return keeps & bit;
    }
    bool flush() {
        if (used == 0) return true;
        return many(std::span<const std::uint32_t>(batch, std::exchange(used, 0)));
    }
};

bool RangeQuery::element(Loop& loop) const {
    Env& env = loop.env;
    if (!loop.resolved) {
        loop.resolved = true;
        loop.inst = query_->noting_query([&] { return instance(env, loop.rules); });
        if (loop.inst && loop.inst->forgotten()) loop.inst = nullptr;  // the loop reports it
        if (loop.inst && nested_ && !shaped(loop.inst->game())) loop.inst = nullptr;  // as written: its error
        loop.grid = loop.inst && !filter_ && grid_serves(*loop.inst);  // the grid form hands out values
    }
    if (!loop.inst) {
        if (!filter_) return loop.flush() && loop.one(query_->eval(env));
        if (!where_->eval_bool(env, "a 'where' condition")) return true;
        return loop.flush() && loop.one(element_->eval(env));
    }
    // As CallBuiltin::call asks it: the position where the call is, the
    // value where the query is.
    Instance& inst = *loop.inst;
    const std::size_t n = arg_dims_.size();
    std::int64_t ints[max_args];
    for (std::size_t i = 0; i < n; ++i) ints[i] = loop.xs[arg_dims_[i]];
    std::uint32_t v = 0;
    std::int64_t state_ints[8];
    bool int_state = false;
    const bool outcome = query_->query == CallBuiltin::Query::outcome;
    solver::Solver::Outcome o{};
    query_->noting_query([&] {
        std::uint32_t state = 0;
        Instance* holder = &inst;  // a list's lane (Instance::component)
        located(*call_, [&] {
            int_state = !list_ && inst.int_position_state(std::span<const std::int64_t>(ints, n), state, state_ints);
            if (int_state) return Value();
            if (nested_) {  // the arguments' shape is not in the ints
                const Value p = call_->eval(env);
                holder = static_cast<Instance*>(p.pos().parts[0].game);
                state = p.pos().parts[0].state;
                return Value();
            }
            Value args[max_args];
            for (std::size_t i = 0; i < n; ++i) args[i] = Value::integer(ints[i]);
            if (list_) args[0] = make_list(std::span<const Value>(args, 1));
            const Component part = inst.component(std::span<const Value>(args, n), *call_);
            holder = static_cast<Instance*>(part.game);
            state = part.state;
            return Value();
        });
        const solver::Comp c = holder->comp(state);
        if (misere_) {
            located(*query_, [&] {
                o = env.ctx.solver.misere_outcome(std::span<const solver::Comp>(&c, 1));
                return Value();
            });
            return 0;
        }
        // A state asked before, or solved on the way to one.
        if (outcome && env.ctx.solver.outcome_known(c, o)) return 0;
        v = env.ctx.solver.known(c);
        if (v < solver::Solver::known_limit) return 0;
        located(*query_, [&] {
            solver::Solver& solver = env.ctx.solver;
            // As Solver::grundy and outcome_of start (one pass), with the
            // state's ints at hand: a query that climbs finds the options
            // known. The outcome's pass stops at the first P option.
            if (int_state && v == solver::ValueArray::unknown) {
                solver.before_one_pass(state);
                bool p = false;
                if (outcome ? inst.try_outcome_ints(state_ints, p) : inst.try_grundy_ints(state_ints, v)) {
                    if (outcome) v = p ? 0 : solver::ValueArray::known_n, o = p ? solver::Solver::Outcome::p : solver::Solver::Outcome::n;
                    solver.one_pass_solved(c, v);
                    return Value();
                }
            }
            // The outcome alone, as outcome() asks it: where the game is
            // loopy, its search decides win, loss or draw, not values.
            if (outcome) o = solver.outcome_of(c);
            else v = solver.grundy(c);
            return Value();
        });
        return 0;
    });
    if (outcome) return hand_on(loop, o);
    if (filter_) return !kept(sg_value(env.ctx.solver, v)) || (loop.flush() && loop.one(element_->eval(env)));
    loop.batch[loop.used++] = v;
    return loop.used < std::size(loop.batch) || loop.flush();
}

// Whether the game's positions take the call's arguments as written out,
// each tuple where the pattern has one (of either bracket, as
// Binder::as_position takes it), so that their ints are the state's.
bool RangeQuery::shaped(const CompiledGame& g) const {
    auto fits = [](auto& self, const Binder& b, const Code& a) -> bool {
        auto* d = dynamic_cast<const Display*>(&a);
        if (!d) return !b.is_tuple;
        if (!b.is_tuple || b.items.size() != d->items.size()) return false;
        for (std::size_t i = 0; i < b.items.size(); ++i)
            if (!self(self, b.items[i], *d->items[i])) return false;
        return true;
    };
    const auto& args = *args_;
    if (g.has_start || !g.position.is_tuple || g.position.items.size() != args.size()) return false;
    for (std::size_t i = 0; i < args.size(); ++i)
        if (!fits(fits, g.position.items[i], *args[i])) return false;
    return true;
}

namespace {
// An error of the comprehension's own code (its element, its consumer), met
// while the instance's range loop runs: carried past the query's handlers,
// which would add the query's location or note to it, and raised as it is.
struct Passed {
    std::exception_ptr error;
};
}  // namespace

// One generator, outcomes: the instance solves the range in one loop
// (Instance::outcome_range), and each element is handed on as the loop as
// written would, before the next state is solved.
bool RangeQuery::whole_range(Loop& loop, std::int64_t a, std::int64_t b) const {
    Env& env = loop.env;
    std::int64_t x = a;
    auto each = [&](std::span<const std::uint32_t> values) {
        for (std::uint32_t v : values) {
            const std::int64_t at = x++;
            try {
                if (filter_) env.slots[dims_[0].slot] = Value::integer(at);
                if (!hand_on(loop, env.ctx.solver.outcome(v))) return false;
            } catch (...) {
                throw Passed{std::current_exception()};
            }
        }
        return true;
    };
    try {
        return query_->noting_query([&] {
            loop.inst = instance(env, loop.rules);
            if (!loop.inst || loop.inst->forgotten()) return false;  // the loop reports it
            bool all = false;
            located(*query_, [&] {
                all = loop.inst->outcome_range(a, b, each);
                return Value();
            });
            return all;
        });
    } catch (const Passed& p) {
        std::rethrow_exception(p.error);
    }
}

// An element whose query is an outcome: the outcome, or with a filter the
// element where the filter keeps it.
bool RangeQuery::hand_on(Loop& loop, solver::Solver::Outcome o) const {
    if (!filter_) return loop.one(outcome_text(o));
    return !loop.kept(o) || (loop.flush() && loop.one(element_->eval(loop.env)));
}

bool RangeQuery::kept(const Value& asked) const {
    const Value& k = filter_value_->value;
    return filter_value_ == filter_->rhs.get() ? filter_->test(asked, k) : filter_->test(k, asked);
}

// Generator d over a..b and those inside it, as GensCode::run binds them.
bool RangeQuery::run_ranges(Loop& loop, std::size_t d, std::int64_t a, std::int64_t b) const {
    Env& env = loop.env;
    const Dim& dim = dims_[d];
    const bool last = d + 1 == dims_.size();
    bool grid_left = false;  // the grid form took none of this row's elements when asked: not asked again
    if (d + 2 == dims_.size()) {
        loop.outer_end = b;
        loop.box_tried = false;
    }
    if (last && d > 0 && box_ && loop.grid && !loop.box_tried) {
        loop.box_tried = true;
        presolve_box(loop.env, *loop.inst, loop.xs, d, loop.xs[d - 1], loop.outer_end, a, b);
    }
    for (std::int64_t i = a; i <= b; ++i) {
        poll_interrupt();
        env.slots[dim.slot] = Value::integer(i);
        loop.xs[d] = i;
        if (loop.grid && last && !grid_left) {  // a grid game's elements, up to one it leaves (range_query_grid.cpp)
            std::int64_t next;
            if (!grid_elements(env, *loop.inst, loop.xs, d, i, b, loop.batch, loop.used, std::size(loop.batch),
                               [&] { return loop.flush(); }, next))
                return false;
            grid_left = next == i;
            if (next > i) {
                i = std::min(next, b);
                env.slots[dim.slot] = Value::integer(i);
                loop.xs[d] = i;
                if (next > b) break;
            }
        }
        if (last) {
            if (!element(loop)) return false;
        } else {
            const Range& r = *dims_[d + 1].range;
            const std::int64_t lo = r.lo->eval_int(env, "the start of a range");
            const std::int64_t hi = r.hi->eval_int(env, "the end of a range");
            if (!run_ranges(loop, d + 1, lo, hi)) return false;
        }
        if (i == b) break;
    }
    return true;
}

void RangeQuery::run(Env& env, FunctionRef<bool(const Value&)> one, Batch many) const {
    const Range& r = *dims_[0].range;
    const std::int64_t a = r.lo->eval_int(env, "the start of a range");
    const std::int64_t b = r.hi->eval_int(env, "the end of a range");
    if (a > b) return;
    Loop loop{env, one, many};
    loop.query = this;
    // Outcomes in one loop, handed on state by state. A filter's element is
    // evaluated inside that loop, so only one that runs no code of its own
    // (the variable, a constant) goes there: any other may solve states,
    // which moves the solver's tables under the loop.
    const bool inert = !filter_ || reads_slot(*element_, dims_[0].slot) || dynamic_cast<const Const*>(element_);
    if (single() && !list_ && !nested_ && query_->query == CallBuiltin::Query::outcome && !misere_ && inert &&
        whole_range(loop, a, b))
        return;
    if (single() && query_->query == CallBuiltin::Query::sg && !filter_) {
        // A whole range in one call, when the game's states are its ints.
        bool ran = query_->noting_query([&] {
            loop.resolved = true;
            loop.inst = instance(env, loop.rules);
            if (loop.inst && loop.inst->forgotten()) loop.inst = nullptr;  // the loop reports it
        if (loop.inst && nested_ && !shaped(loop.inst->game())) loop.inst = nullptr;  // as written: its error
            loop.grid = loop.inst && grid_serves(*loop.inst);
            bool all = false;
            located(*query_, [&] {
                all = loop.inst && loop.inst->grundy_range(a, b, many, list_);
                return Value();
            });
            return all;
        });
        if (ran) return;
    }
    if (run_ranges(loop, 0, a, b)) loop.flush();
}

}  // namespace grundy::nodes
