#include "statements.hpp"

#include <algorithm>
#include <fmt/format.h>

#include "interpreter/runtime/instance.hpp"
#include "nodes.hpp"
#include "plot.hpp"
#include "range_query.hpp"

namespace grundy {

void Reporter::failure(Loc loc, std::uint32_t length, const std::string& message) {
    ++failed;
    err += format_diagnostic(*sources, Diagnostic{Severity::error, loc, length, message});
}

namespace stmts {

namespace {

// The value a binder bound, read back from the frame (for messages).
Value bound_value(const Binder& b, Env& env) {
    if (b.slot >= 0) return env.slots[b.slot];
    if (!b.is_tuple) return Value();  // `_`: nothing bound; tables show `_`
    std::vector<Value> parts;
    for (const Binder& item : b.items) parts.push_back(bound_value(item, env));
    return grundy::make_tuple(parts);
}

// The same, as text: `_` shows as `_`.
std::string bound_text(const Binder& b, Env& env) {
    if (b.slot >= 0) return repr(env.slots[b.slot]);
    if (!b.is_tuple) return "_";
    std::string out = "(";
    for (std::size_t i = 0; i < b.items.size(); ++i) out += (i ? ", " : "") + bound_text(b.items[i], env);
    return out + (b.items.size() == 1 ? ",)" : ")");
}

void run_block(const std::vector<StmtPtr>& body, Env& env, Reporter& rep) {
    for (const StmtPtr& s : body) s->exec(env, rep);
}

}  // namespace

void Print::exec(Env& env, Reporter& rep) const {
    std::string line;
    Event event{Event::Kind::print, *this};
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) line += ' ';
        Value v = values[i]->eval(env);
        line += display(v);
        if (rep.on_event) event.values.push_back(std::move(v));
    }
    if (!rep.quiet) rep.out += line + '\n';
    if (rep.on_event) rep.on_event(event);
}

// As `print` shows it, so that a value looks the same in the REPL and in a run.
void Show::exec(Env& env, Reporter& rep) const { rep.out += display(value->eval(env)) + '\n'; }

void Assert::exec(Env& env, Reporter& rep) const {
    std::string detail;
    bool ok;
    if (auto* cmp = dynamic_cast<const nodes::Compare*>(cond.get())) {
        Value a = cmp->lhs->eval(env);
        Value b = cmp->rhs->eval(env);
        ok = cmp->test(a, b);
        if (!ok) detail = fmt::format(": the left side is {}, the right side is {}", repr(a), repr(b));
    } else {
        ok = cond->eval_bool(env, "an assertion");
    }
    if (ok) {
        ++rep.passed;
        if (rep.on_event) rep.on_event(Event{Event::Kind::assert_that, *this});
        return;
    }
    std::string msg = "assertion failed" + detail;
    if (message) msg += " (" + display(message->eval(env)) + ")";
    rep.failure(loc_, length_, msg);
    if (rep.on_event) {
        Event e{Event::Kind::assert_that, *this};
        e.passed = false;
        e.message = msg;
        rep.on_event(e);
    }
}

// `table sg(G(n)) for n in a..b` of a take-and-break game (HeapEngine):
// the period that the values of heaps 0..b prove, if any.
namespace {
Period proved_period(const GensCode& gens, const Code& value, Env& env, const std::vector<TableRow>& rows) {
    auto q = nodes::RangeQuery::match(gens, value);
    if (!q || !q->single() || q->filtered() || rows.empty() || !rows.back().keys[0].is(Kind::integer)) return {};
    const std::int64_t last = rows.back().keys[0].as_int();
    try {
        Value rules;
        Instance* inst = q->instance(env, rules);
        HeapEngine* e = inst ? inst->heap_engine() : nullptr;
        if (!e || last < 0 || !e->provable()) return {};
        const auto t = e->removal_bound();  // first: a game whose removals grow is not solved again
        if (!t || !e->extend(last)) return {};
        std::vector<std::uint32_t> xs(e->values().begin(), e->values().begin() + last + 1);
        return prove_period(xs, *t, static_cast<std::int64_t>(e->max_parts()));
    } catch (const DiagnosticError&) {
        return {};  // the rules fail on a heap the table did not reach: nothing proved
    } catch (const ValueError&) {
        return {};
    }
}
}  // namespace

void Query::exec(Env& env, Reporter& rep) const {
    auto bindings = [&] {
        std::string s;
        for (std::size_t i = 0; i < gens.gens.size(); ++i) {
            if (i) s += ", ";
            s += gens.gens[i].binder.text + " = " + bound_text(gens.gens[i].binder, env);
        }
        return s;
    };
    if (is_check) {
        std::string counterexample;
        gens.run(env, [&] {
            if (value->eval_bool(env, "a check condition")) return true;
            counterexample = bindings();
            return false;
        });
        if (counterexample.empty()) ++rep.passed;
        else rep.failure(loc_, length_, "check failed for " + counterexample);
        if (rep.on_event) {
            Event e{Event::Kind::check, *this};
            e.passed = counterexample.empty();
            if (!e.passed) e.message = "check failed for " + counterexample;
            rep.on_event(e);
        }
        return;
    }
    std::vector<TableRow> rows;
    gens.run(env, [&] {
        TableRow row;
        for (const GenCode& g : gens.gens) row.keys.push_back(bound_value(g.binder, env));
        row.value = value->eval(env);
        rows.push_back(std::move(row));
        return true;
    });
    std::vector<std::string> names;
    for (const GenCode& g : gens.gens) names.push_back(g.binder.text);
    if (is_plot) {
        plot(rows, rep);
        return;
    }
    if (!rep.quiet) rep.out += format_table(text, names, rows, proved_period(gens, *value, env, rows));
    if (rep.on_event) {
        Event e{Event::Kind::table, *this};
        e.text = &text;
        e.names = &names;
        e.rows = &rows;
        rep.on_event(e);
    }
    if (rep.write_csv) {
        std::string error = rep.write_csv(table_csv(names, rows));
        if (!error.empty()) fail(loc_, error, length_);
    }
}

// `plot e for n in a..b`: the values drawn against n (driver-free: the
// Reporter's write_plot takes the SVG). Without it, a line says what the
// plot holds.
void Query::plot(const std::vector<TableRow>& rows, Reporter& rep) const {
    PlotSeries s{text, {}, 0};
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const TableRow& r = rows[i];
        if (gens.gens.size() != 1 || !r.keys[0].is(Kind::integer) ||
            (i > 0 && r.keys[0].as_int() != rows[i - 1].keys[0].as_int() + 1))
            fail(loc_, "plot draws a value for each n of one range of ints: `plot sg(G(n)) for n in 0..1000`", length_);
        if (!r.value.is(Kind::integer) || r.value.as_int() < 0)
            fail(loc_, fmt::format("plot draws ints of at least 0, not {} (at {} = {})", repr(r.value),
                                   gens.gens[0].binder.text, repr(r.keys[0])),
                 length_);
        if (i == 0) s.first = r.keys[0].as_int();
        s.values.push_back(r.value.as_int());
    }
    const std::int64_t top = s.values.empty() ? 0 : *std::max_element(s.values.begin(), s.values.end());
    std::string line = fmt::format("plot {}: {} values, largest {}", text, s.values.size(), top);
    std::string path;
    if (rep.write_plot) {
        std::string error = rep.write_plot(plot_svg({s}), path);
        if (!error.empty()) fail(loc_, error, length_);
        line += " -> " + path;
    }
    if (!rep.quiet) rep.out += line + "\n";
    if (rep.on_event) {
        Event e{Event::Kind::plot, *this};
        e.text = &text;
        for (std::int64_t v : s.values) e.values.push_back(Value::integer(v));
        e.message = path;
        rep.on_event(e);
    }
}

void LetGlobal::exec(Env& env, Reporter&) const {
    Value v = value->eval(env);
    Env globals{lets->data(), env.inst, env.ctx};
    binder.bind(globals, v);
}

void LetLocal::exec(Env& env, Reporter&) const { binder.bind(env, value->eval(env)); }

void For::exec(Env& env, Reporter& rep) const {
    gens.run(env, [&] {
        run_block(body, env, rep);
        return true;
    });
}

void If::exec(Env& env, Reporter& rep) const {
    if (cond->eval_bool(env, "the condition of 'if'")) run_block(then_body, env, rep);
    else run_block(else_body, env, rep);
}

}  // namespace stmts
}  // namespace grundy
