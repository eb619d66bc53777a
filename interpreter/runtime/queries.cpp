#include "queries.hpp"

#include <algorithm>

#include <boost/container/small_vector.hpp>
#include <fmt/format.h>

#include "instance.hpp"

namespace grundy {

const PosObj& expect_position(const Value& v, const char* what) {
    if (!v.is(Kind::position)) {
        std::string hint = v.is(Kind::rules) ? "; call it with a position's arguments first" : "";
        throw ValueError(fmt::format("{} needs a position, not {}: {}{}", what, kind_name(v.kind()), repr(v), hint));
    }
    return v.pos();
}

std::vector<solver::Comp> comps_of(const PosObj& p) {
    std::vector<solver::Comp> out;
    out.reserve(p.parts.size());
    for (const Component& c : p.parts) out.push_back(solver::make_comp(c.game->index(), c.state));
    return out;
}

Value sg_value(const solver::Solver& s, std::uint32_t v) {
    if (solver::Solver::is_finite(v)) return Value::integer(v);
    std::vector<Value> k;
    for (std::uint32_t x : s.infinite_set(v)) k.push_back(Value::integer(x));
    return make_infinite(std::move(k));
}

std::string sg_text(const solver::Solver& s, std::uint32_t v) { return "sg " + repr(sg_value(s, v)); }

solver::Solver::Outcome outcome_of(Context& ctx, const PosObj& p) {
    if (p.misere) {
        boost::container::small_vector<solver::Comp, 8> comps;
        for (const Component& c : p.parts) comps.push_back(solver::make_comp(c.game->index(), c.state));
        return ctx.solver.misere_outcome(std::span<const solver::Comp>(comps.data(), comps.size()));
    }
    // One component: its outcome alone; a sum's needs the parts' values.
    if (p.parts.size() == 1) return ctx.solver.outcome_of(solver::make_comp(p.parts[0].game->index(), p.parts[0].state));
    return ctx.solver.outcome(ctx.solver.grundy(comps_of(p)));
}

bool is_p_position(Context& ctx, const PosObj& p) {
    if (p.parts.size() == 1 && !p.misere)
        return ctx.solver.outcome_of(solver::make_comp(p.parts[0].game->index(), p.parts[0].state)) ==
               solver::Solver::Outcome::p;
    // On the stack: a query per position is common (a comprehension over sums).
    boost::container::small_vector<solver::Comp, 8> comps;
    for (const Component& c : p.parts) comps.push_back(solver::make_comp(c.game->index(), c.state));
    const std::span<const solver::Comp> sum(comps.data(), comps.size());
    return p.misere ? ctx.solver.misere_outcome(sum) == solver::Solver::Outcome::p : ctx.solver.grundy(sum) == 0;
}

Value query_sg(Context& ctx, std::span<const Value> a) {
    const PosObj& p = expect_position(a[0], "sg()");
    if (p.misere)
        throw ValueError("sg() is not defined under misère play (the Sprague-Grundy theorem does not hold there); "
                         "use outcome(misere(p))");
    return sg_value(ctx.solver, ctx.solver.grundy(comps_of(p)));
}

namespace {
// Strings are immutable: every answer shares one of three.
struct OutcomeTexts {
    Value p = intern_string("P"), n = intern_string("N"), d = intern_string("D");
};
const OutcomeTexts& outcome_texts() {
    static const OutcomeTexts texts;
    return texts;
}
}  // namespace

const Value& outcome_text(bool p) { return p ? outcome_texts().p : outcome_texts().n; }

const Value& outcome_text(solver::Solver::Outcome o) {
    const OutcomeTexts& t = outcome_texts();
    return o == solver::Solver::Outcome::draw ? t.d : o == solver::Solver::Outcome::p ? t.p : t.n;
}

Value query_outcome(Context& ctx, std::span<const Value> a) {
    return outcome_text(outcome_of(ctx, expect_position(a[0], "outcome()")));
}

Value query_remoteness(Context& ctx, std::span<const Value> a) {
    const PosObj& p = expect_position(a[0], "remoteness()");
    if (p.misere) throw ValueError("remoteness() is defined under normal play; misère play has none here");
    const std::uint64_t r = ctx.solver.remoteness(comps_of(p));
    if (r == solver::Solver::draw_remoteness) return Value::infinity();
    return Value::integer(static_cast<std::int64_t>(r));
}

Value query_misere(Context&, std::span<const Value> a) {
    const PosObj& p = expect_position(a[0], "misere()");
    return make_position(std::span<const Component>(p.parts.data(), p.parts.size()), true);
}

namespace {

Component component_of(Context& ctx, solver::Comp c) {
    for (Instance* inst : ctx.all_instances())
        if (inst->graph() == solver::comp_graph(c)) return Component{inst, solver::comp_state(c)};
    throw ValueError("internal error: unknown game graph");
}

}  // namespace

std::vector<Value> moves_of(Context& ctx, const PosObj& p) {
    std::vector<Value> out;
    std::vector<std::vector<solver::Comp>> seen;  // sorted parts of each result, to drop repeats
    for (std::size_t i = 0; i < p.parts.size(); ++i) {
        bool repeat = false;
        for (std::size_t j = 0; j < i; ++j) repeat |= p.parts[j] == p.parts[i];
        if (repeat) continue;  // equal components have equal moves
        const Component& c = p.parts[i];
        for (const auto& option : ctx.solver.options(solver::make_comp(c.game->index(), c.state))) {
            Components parts(p.parts.begin(), p.parts.begin() + i);
            for (solver::Comp oc : option) parts.push_back(component_of(ctx, oc));
            parts.insert(parts.end(), p.parts.begin() + i + 1, p.parts.end());
            std::vector<solver::Comp> key;
            for (const Component& x : parts) key.push_back(solver::make_comp(x.game->index(), x.state));
            std::sort(key.begin(), key.end());
            if (std::find(seen.begin(), seen.end(), key) != seen.end()) continue;
            seen.push_back(std::move(key));
            out.push_back(make_position(std::move(parts), p.misere));
        }
    }
    return out;
}

Value query_moves(Context& ctx, std::span<const Value> a) {
    return make_list(moves_of(ctx, expect_position(a[0], "moves()")));
}

Value query_winning_moves(Context& ctx, std::span<const Value> a) {
    std::vector<Value> out;
    for (Value& m : moves_of(ctx, expect_position(a[0], "winning_moves()")))
        if (is_p_position(ctx, m.pos())) out.push_back(std::move(m));
    return make_list(std::move(out));
}

}  // namespace grundy
