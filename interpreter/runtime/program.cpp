#include "program.hpp"

#include <fmt/format.h>

#include "instance.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy {

void Code::iterate(Env& env, FunctionRef<bool(const Value&)> f) const {
    Value xs = eval(env);
    switch (xs.kind()) {
        case Kind::range:
        case Kind::tuple:
        case Kind::list:
        case Kind::set:
        case Kind::string: break;
        default: error(fmt::format("cannot iterate over {}: {}", kind_name(xs.kind()), repr(xs)));
    }
    ops::for_each(xs, f);
}

void Code::emit_option(Env& env, solver::OptionSink& sink) const {
    Value r = eval(env);
    if (r.is(Kind::position)) {
        if (r.pos().misere) error("a move cannot lead to a misère position; misère is a way to play a whole sum");
        sink.begin_option();
        for (const Component& c : r.pos().parts) sink.add(solver::make_comp(c.game->index(), c.state));
        return;
    }
    std::uint32_t id = env.inst->move_state(r, *this);
    sink.begin_option();
    sink.add(env.inst->comp(id));
}

bool Code::eval_bool(Env& env, const char* what) const {
    Value v = eval(env);
    if (!v.is(Kind::boolean)) error(fmt::format("{} must be a bool, not {}: {}", what, kind_name(v.kind()), repr(v)));
    return v.as_bool();
}

std::int64_t Code::eval_int(Env& env, const char* what) const {
    Value v = eval(env);
    if (!v.is(Kind::integer)) error(fmt::format("{} must be an int, not {}: {}", what, kind_name(v.kind()), repr(v)));
    return v.as_int();
}

bool Binder::fits(const Value& v) const {
    if (!is_tuple) return true;
    if (!v.is(brackets ? Kind::list : Kind::tuple) || v.seq().size != items.size()) return false;
    for (std::size_t i = 0; i < items.size(); ++i)
        if (!items[i].fits(v.seq()[i])) return false;
    return true;
}

Value Binder::as_position(const Value& v) const {
    if (!is_tuple || !(v.is(Kind::tuple) || v.is(Kind::list)) || v.seq().size != items.size()) return v;
    std::vector<Value> parts;
    parts.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) parts.push_back(items[i].as_position(v.seq()[i]));
    return make_seq(brackets ? Kind::list : Kind::tuple, parts);
}

void Binder::bind(Env& env, const Value& v) const {
    if (slot >= 0) {
        env.slots[slot] = v;
        return;
    }
    if (!is_tuple) return;
    if (!v.is(Kind::tuple) && !v.is(Kind::list))
        fail(loc,
             fmt::format("cannot unpack {} into the pattern {}: it takes a tuple or a list of {} element{}", repr(v),
                         text, items.size(), items.size() == 1 ? "" : "s"),
             length);
    if (v.seq().size != items.size())
        fail(loc,
             fmt::format("cannot unpack {} into the pattern {}: the {} has {} element{}, the pattern {}", repr(v),
                         text, v.is(Kind::list) ? "list" : "tuple", v.seq().size, v.seq().size == 1 ? "" : "s",
                         items.size()),
             length);
    for (std::size_t i = 0; i < items.size(); ++i) items[i].bind(env, v.seq()[i]);
}

void GensCode::run(Env& env, FunctionRef<bool()> body) const { run_from(0, env, body); }

bool GensCode::run_from(std::size_t i, Env& env, FunctionRef<bool()> body) const {
    if (i == gens.size()) {
        if (where && !where->eval_bool(env, "a 'where' condition")) return true;
        return body();
    }
    bool go_on = true;
    const GenCode& g = gens[i];
    if (std::int64_t a, b; g.iterable->int_bounds(env, a, b)) {  // as Range::iterate, without a call per value
        for (std::int64_t x = a; x <= b; ++x) {
            poll_interrupt();
            if (g.binder.slot >= 0) env.slots[g.binder.slot] = Value::integer(x);
            else g.binder.bind(env, Value::integer(x));
            if (!run_from(i + 1, env, body)) return false;
            if (x == b) break;
        }
        return true;
    }
    g.iterable->iterate(env, [&](const Value& x) {
        poll_interrupt();  // a long comprehension stops on Ctrl-C
        g.binder.bind(env, x);
        go_on = run_from(i + 1, env, body);
        return go_on;
    });
    return go_on;
}

}  // namespace grundy
