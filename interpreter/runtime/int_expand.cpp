// Expanding a state on the int fast path: registers in, options out.
#include <algorithm>
#include <fmt/format.h>

#include "instance.hpp"
#include "int_gen.hpp"
#include "interpreter/values/ops.hpp"

namespace grundy {

bool Instance::prepare_fast() {
    using S = IntInstanceData::State;
    const IntGame& g = *int_game_;
    fast_.state = S::unusable;
    fast_.ints.assign(g.hoisted.size(), 0);
    fast_.lists.assign(g.hoisted.size(), {});
    fast_.sorted.assign(g.hoisted.size(), false);
    fast_.list_kinds.assign(g.hoisted.size(), Kind::list);
    fast_.int_regs.clear();
    try {
        FrameGuard frame(ctx_, game_.slots, game_.loc);
        Env env{frame.frame(), this, ctx_};
        for (std::size_t i = 0; i < g.hoisted.size(); ++i) {
            if (g.hoisted[i].bound_only) continue;  // read by direct_widths alone
            Value v = g.hoisted[i].code->eval(env);
            if (!g.hoisted[i].is_list) {
                if (!v.is(Kind::integer)) return false;
                fast_.ints[i] = v.as_int();
                continue;
            }
            if (!(v.is(Kind::range) || v.is(Kind::list) || v.is(Kind::tuple) || v.is(Kind::set))) return false;
            if (v.is(Kind::range) && v.range().hi >= v.range().lo &&
                static_cast<__int128>(v.range().hi) - v.range().lo >= (1 << 24))
                return false;
            fast_.list_kinds[i] = v.kind();
            bool ints = true;
            ops::for_each(v, [&](const Value& x) {
                ints = x.is(Kind::integer);
                if (ints) fast_.lists[i].push_back(x.as_int());
                return ints;
            });
            if (!ints) return false;
            fast_.sorted[i] = std::is_sorted(fast_.lists[i].begin(), fast_.lists[i].end());
        }
    } catch (const DiagnosticError&) {
        // Hoisting runs code earlier than the rules say; if that fails, the
        // generic path runs it in order and reports what the rules reach.
        return false;
    } catch (const ValueError&) {
        return false;
    }
    for (std::size_t i = 0; i < g.hoisted.size(); ++i)
        if (!g.hoisted[i].is_list && !g.hoisted[i].bound_only) fast_.int_regs.emplace_back(g.hoisted[i].reg, fast_.ints[i]);
    fast_.filters.assign(g.filters, {});
    fast_.tables.assign(g.tables.size(), {});
    fast_.owner = this;
    fast_.plans.assign(g.plans, {});
    fast_.memo_bools.assign(g.memo_bools, {});
    fast_.call_memos.assign(g.call_memos, {});
    fast_.elements.assign(g.element_slots, {});
    fast_.offsets.assign(g.moves.size(), {});
    fast_.lines.assign(g.moves.size(), {});
    fast_.shifts.assign(g.moves.size(), {});
    fast_.dense = !g.moves.empty();
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        if (g.moves[i].translation) fast_.offsets[i] = translation_offsets(g.moves[i]);
        fast_.dense = fast_.dense && !fast_.offsets[i].empty() && bound_lines(g.moves[i], fast_.lines[i]);
    }
    fast_.state = S::ready;
    return true;
}

std::uint32_t Instance::fast_state(std::int64_t* xs, const intpath::Frame& f) {
    const IntGame& g = *int_game_;
    g.canon(xs, f);
    if (g.arity == 1 && xs[0] >= 0 && xs[0] < StateTable::first_general)
        return static_cast<std::uint32_t>(xs[0]);  // an int state is its own id
    bool is_new = false;
    std::uint32_t id = table_.intern_ints(xs, is_new);
    if (is_new) ctx_.solver.charge_state();
    return id;
}

namespace {

// body() for each binding of move m's generators from `gen` on.
template <typename Body> void each_binding(const intpath::Move& m, std::size_t gen, const intpath::Frame& f, Body& body) {
    if (gen + 1 >= m.gens.size()) {  // the innermost loop calls the body itself
        if (gen == m.gens.size()) return body();
        intpath::for_each_value(m.gens[gen], f, [&] {
            body();
            return true;
        });
        return;
    }
    intpath::for_each_value(m.gens[gen], f, [&] {
        each_binding(m, gen + 1, f, body);
        return true;
    });
}

}  // namespace

void Instance::fast_move(const intpath::Move& m, const intpath::Frame& f, solver::OptionSink& out) {
    auto option = [&] { fast_option(m, f, out); };
    each_binding(m, 0, f, option);
}

void Instance::fast_option(const intpath::Move& m, const intpath::Frame& f, solver::OptionSink& out) {
    if (m.where && !m.where->test(f)) return;
    if (!m.split) {
        out.begin_option();
        out.add(comp(option_state(m, f)));
        return;
    }
    // All parts first: a part may make a state, which may be counted
    // against the limit; the option is written in one go after. Each part
    // is `arity` ints: one int, or a tuple's coordinates.
    const std::uint32_t arity = int_game_->arity;
    const bool plain = int_game_->plain_int();
    std::uint32_t ids[16];
    std::vector<std::uint32_t> more;
    const std::size_t n = m.result.size() / arity;
    for (std::size_t i = 0; i < n; ++i) {
        std::int64_t xs[8];
        for (std::uint32_t c = 0; c < arity; ++c) xs[c] = m.result[i * arity + c]->eval(f);
        const std::int64_t x = xs[0];
        std::uint32_t id =
            plain && x >= 0 && x < StateTable::first_general ? static_cast<std::uint32_t>(x) : fast_state(xs, f);
        if (i < 16) ids[i] = id;
        else more.push_back(id);
    }
    // When every part's value is known (queries that climb in size make
    // this the rule), the option is its xor: one entry.
    std::uint32_t x = 0;
    bool all_known = out.values_ok();
    for (std::size_t i = 0; i < n && all_known; ++i) {
        std::uint32_t v = ctx_.solver.known(comp(i < 16 ? ids[i] : more[i - 16]));
        all_known = v < solver::Solver::known_limit;
        x ^= v;
    }
    out.begin_option();
    if (all_known) {
        out.add_value(x);
        return;
    }
    for (std::size_t i = 0; i < n; ++i) out.add(comp(i < 16 ? ids[i] : more[i - 16]));
}

std::uint32_t Instance::option_state(const intpath::Move& m, const intpath::Frame& f) {
    const IntGame& g = *int_game_;
    if (g.shape != IntGame::Shape::ints) {
        bool is_new = false;
        std::uint64_t key;
        const bool sets = g.shape == IntGame::Shape::sets;
        std::uint32_t id;
        if (intpath::packed_result(m.list, f, sets, key)) {
            id = table_.intern_packed(key, is_new);
        } else {
            intpath::ListBuffer xs;
            intpath::build_list(m.list, f, xs, sets);
            id = table_.intern_list(xs.data(), xs.size(), is_new);
        }
        if (is_new) ctx_.solver.charge_state();
        return id;
    }
    std::int64_t xs[8];
    for (std::size_t i = 0; i < m.result.size(); ++i) xs[i] = m.result[i]->eval(f);
    const bool own = g.plain_int() && xs[0] >= 0 && xs[0] < StateTable::first_general;
    return own ? static_cast<std::uint32_t>(xs[0]) : fast_state(xs, f);  // an int state is its own id
}

bool Instance::expand_states(solver::StateId s, std::vector<solver::StateId>& out) {
    if (!int_game_ || !fast_ready()) return false;
    one_pass_shape();
    if (has_split_) return false;
    const IntGame& g = *int_game_;
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    intpath::Frame f{regs, &fast_};
    if (!load_fast(s, f, pos)) return false;
    if (g.native_expand) {
        std::uint32_t ids[IntGame::max_native_options], bail = 0;
        const std::int64_t n = g.native_expand(&f, &bail, ids, 0);
        if (!bail) {
            out.insert(out.end(), ids, ids + n);
            return true;
        }
    }
    const std::size_t mark = out.size();
    try {
        if (g.terminal && g.terminal->test(f)) return true;
        for (const intpath::Move& m : g.moves) {
            auto option = [&] {
                if (!m.where || m.where->test(f)) out.push_back(option_state(m, f));
            };
            each_binding(m, 0, f, option);
        }
    } catch (const intpath::Unfit&) {
        out.resize(mark);  // the generic expansion starts over
        return false;
    }
    return true;
}

// offset(k) = result(n, k) - n for each k of the move's list, when that
// holds for every n in 0..2^31-1. The result is a sum of multiples of n
// and k, so each of its subexpressions is affine in n: values at n = 0, 1
// and 2^31-1 pin it, and no overflow at the two ends means none between.
std::vector<std::int64_t> Instance::translation_offsets(const intpath::Move& m) const {
    std::int64_t regs[IntGame::max_registers] = {};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    intpath::Frame f{regs, &fast_};
    const std::int64_t last = std::int64_t{StateTable::first_general} - 1;
    std::vector<std::int64_t> out;
    try {
        for (std::int64_t k : fast_.lists[m.gens[0].list]) {
            regs[m.gens[0].reg] = k;
            regs[0] = 0;
            const std::int64_t at0 = m.result[0]->eval(f);
            regs[0] = 1;
            const std::int64_t at1 = m.result[0]->eval(f);
            regs[0] = last;
            const std::int64_t at_last = m.result[0]->eval(f);
            if (__int128{at1} - at0 != 1 || __int128{at_last} - at0 != last) return {};
            out.push_back(at0);
        }
    } catch (const DiagnosticError&) {
        return {};
    }
    if (out.empty()) out.push_back(0);  // an empty list: no options, still a translation
    return out;
}

// A translation's bounds as lines c * n + d, pinned as its offsets are.
bool Instance::bound_lines(const intpath::Move& m, std::vector<IntInstanceData::Line>& out) const {
    std::int64_t regs[IntGame::max_registers] = {};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    intpath::Frame f{regs, &fast_};
    const std::int64_t last = std::int64_t{StateTable::first_general} - 1;
    try {
        for (const intpath::Move::Bound& b : m.bounds) {
            if (!b.linear) return false;
            regs[0] = 0;
            const __int128 at0 = b.e->eval(f);
            regs[0] = 1;
            const __int128 c = b.e->eval(f) - at0;
            regs[0] = last;
            const __int128 at_last = b.e->eval(f);
            if (at_last - at0 != c * last || c * last > INT64_MAX || c * last < INT64_MIN) return false;
            if (std::max(at0, at_last) + b.shift > INT64_MAX || std::min(at0, at_last) + b.shift < INT64_MIN) return false;
            out.push_back({static_cast<std::int64_t>(c), static_cast<std::int64_t>(at0 + b.shift), b.side});
        }
    } catch (const DiagnosticError&) {
        return false;
    }
    return true;
}

// The registers of state s on the fast path: its ints (or, on int lists,
// f.pos), then the hoisted ints.
bool Instance::load_fast(solver::StateId s, intpath::Frame& f, std::int64_t* pos, bool ints) {
    if (!fast_ready()) return false;
    std::int64_t* regs = f.r;
    if (!ints && int_game_->shape != IntGame::Shape::ints && table_.packed_key(s, f.pos_key)) {
        f.has_key = true;
        f.ints_loaded = false;
        f.pos_len = 0;
    } else if (int_game_->shape != IntGame::Shape::ints) {
        if (!table_.state_list(s, pos, f.pos_len)) return false;
        f.pos = pos;
        f.has_key = table_.packed_key(s, f.pos_key);
        if (!f.has_key && int_game_->shape == IntGame::Shape::sets) {
            f.pos_key = 0;
            f.has_key = true;
            for (std::uint32_t i = 0; i < f.pos_len; ++i) {
                f.has_key = f.has_key && static_cast<std::uint64_t>(pos[i]) < 64;
                f.pos_key |= std::uint64_t{1} << (pos[i] & 63);
            }
        }
    } else if (s < StateTable::first_general && table_.arity() == 1) {
        regs[0] = s;  // most states of one-int games
    } else if (!table_.state_ints(s, regs)) {
        return false;
    }
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    return true;
}

// `G(args)` for a game on ints without `start`: the int path's canonical
// form and packing, without making a Value.
bool Instance::fast_position(std::span<const Value> args, std::uint32_t& id) {
    std::int64_t xs[IntGame::max_registers];
    const IntGame* g = int_game_;
    if (g && g->named_list && !game_.has_start && args.size() == 1 && args[0].is(Kind::list)) {
        // `G([a, b, c])` of a game on lists of arity ints: those ints.
        const auto& items = args[0].seq();
        if (g->shape != IntGame::Shape::ints || items.size != g->arity) return false;
        for (std::uint32_t i = 0; i < items.size; ++i) {
            if (!items[i].is(Kind::integer)) return false;
            xs[i] = items[i].as_int();
        }
        return ints_state(std::span<const std::int64_t>(xs, items.size), id, nullptr);
    }
    if (g && !game_.has_start && game_.position.nested() && !g->named_list) {
        // `G((a, b), c)` of a nested position: its ints, in order.
        std::int64_t* at = xs;
        for (std::size_t i = 0; i < args.size(); ++i)
            if (!nested_ints(game_.position.items[i], args[i], at, xs + std::size(xs))) return false;
        return int_position_state(std::span<const std::int64_t>(xs, at), id);
    }
    if (args.size() > std::size(xs)) return false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (!args[i].is(Kind::integer)) return false;
        xs[i] = args[i].as_int();
    }
    return int_position_state(std::span<const std::int64_t>(xs, args.size()), id);
}

// A tuple or list of the pattern's shape (either bracket, as
// Binder::as_position takes it), with ints at its leaves, into `at`.
bool Instance::nested_ints(const Binder& p, const Value& v, std::int64_t*& at, const std::int64_t* end) {
    if (!p.is_tuple) {
        if (!v.is(Kind::integer) || at == end) return false;
        *at++ = v.as_int();
        return true;
    }
    if (!(v.is(Kind::tuple) || v.is(Kind::list)) || v.seq().size != p.items.size()) return false;
    for (std::size_t i = 0; i < p.items.size(); ++i)
        if (!nested_ints(p.items[i], v.seq()[i], at, end)) return false;
    return true;
}

bool Instance::int_position_state(std::span<const std::int64_t> args, std::uint32_t& id, std::int64_t* ints) {
    const IntGame* g = int_game_;
    if (!g || g->shape != IntGame::Shape::ints) return false;
    const bool start = game_.has_start;
    if ((g->named_list || g->set_coords) && !start) return false;  // G(x) is the list x, not x's ints; sets are not ints
    if (start ? g->start.empty() || args.size() != g->start_args : args.size() != g->arity) return false;
    return ints_state(args, id, ints);
}

bool Instance::ints_state(std::span<const std::int64_t> args, std::uint32_t& id, std::int64_t* ints) {
    const IntGame* g = int_game_;
    const bool start = game_.has_start;
    if (!start && g->plain_int() && args[0] >= 0 && args[0] < StateTable::first_general &&
        fast_ready()) {
        id = static_cast<std::uint32_t>(args[0]);  // an int state is its own id
        if (ints) ints[0] = args[0];
        return true;
    }
    std::int64_t regs[IntGame::max_registers];
    const std::uint32_t base = start ? g->start_base : 0;
    intpath::copy_ints(args.data(), args.size(), regs + base);  // a few: no memmove
    if (!fast_ready()) return false;
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    std::int64_t xs[8];
    intpath::Frame f{regs, &fast_};
    try {
        if (start)
            for (std::uint32_t i = 0; i < g->arity; ++i) xs[i] = g->start[i]->eval(f);
        else
            std::copy(regs, regs + args.size(), xs);
        id = fast_state(xs, f);  // puts xs in canonical form
    } catch (const intpath::Unfit&) {
        return false;  // a set a mask cannot hold: the generic path makes the state
    }
    if (ints) intpath::copy_ints(xs, g->arity, ints);
    return true;
}

// A deep query of a game of translations (every option n + offset(k),
// IntInstanceData::dense) reaches at least one state in `step` below it,
// where step is the smallest move: solving all of 0..s in one ascending
// pass costs at most that many times the states, each a few array reads
// instead of a frame of the search. Only when the states fit the limit;
// a translation's rules cannot raise an error (Instance::translation_offsets).
//
// A game the heap engine runs by the sparse method (splits) is solved so
// from much lower: its search would walk every pair of every heap.
void Instance::before_search(solver::StateId s) {
    constexpr std::int64_t deep = 1 << 16, max_step = 16, deep_split = 256;
    if (!int_is_id_ || s >= StateTable::first_general || !fast_ready()) return;
    if (!fast_.dense && s >= deep_split && sparse_rules() && heap_->stopped_at() < 0 && !heap_busy_ &&
        static_cast<std::uint64_t>(s) + 1 <= ctx_.solver.room()) {
        try {
            grundy_range(0, s, [](std::span<const std::uint32_t>) { return true; });
        } catch (const DiagnosticError&) {
            // The rules fail at some heap: the search finds out whether s
            // reaches it, and reports it as the rules do; the engine is
            // not used again for these rules.
            heap_fits_ = 0;
        } catch (const ValueError&) {
            heap_fits_ = 0;
        }
        return;
    }
    if (s < deep || !fast_.dense) return;
    std::int64_t step = INT64_MAX;
    for (const auto& offsets : fast_.offsets)
        for (std::int64_t o : offsets) step = std::min(step, o < 0 ? -o : o);
    if (step > max_step || static_cast<std::uint64_t>(s) + 1 > ctx_.solver.room()) return;
    grundy_range(0, s, [](std::span<const std::uint32_t>) { return true; });
}

std::int64_t tabulate(const IntInstanceData& data, std::uint32_t table, std::int64_t x) {
    return data.owner->tabulate(table, x);
}

Value call_out(const IntInstanceData& data, std::uint32_t index, const std::int64_t* regs) {
    return data.owner->call_out(index, regs);
}

Value Instance::call_out(std::uint32_t index, const std::int64_t* regs) {
    const intpath::CallOut& c = int_game_->callouts[index];
    // By arguments: a direct-mapped cache of the values found, per call-out.
    CallOutEntry* entry = nullptr;
    if (c.by_args) {
        if (callout_cache_.size() <= index) callout_cache_.resize(int_game_->callouts.size());
        auto& cache = callout_cache_[index];
        if (cache.empty()) cache.resize(callout_cache_size);
        std::uint64_t h = 0;
        for (std::size_t i = 0; i < c.binds.size(); ++i)
            h = (h ^ static_cast<std::uint64_t>(regs[i])) * 0x9E3779B97F4A7C15ull;
        entry = &cache[(h >> 32) & (callout_cache_size - 1)];
        if (entry->used && std::equal(regs, regs + c.binds.size(), entry->args)) return entry->value;
    }
    FrameGuard frame(ctx_, game_.slots, c.code->loc());
    Env env{frame.frame(), this, ctx_};
    for (const auto& [slot, reg] : c.binds) frame.frame()[slot] = Value::integer(regs[reg]);
    // An error comes out where the rules would raise it: this runs in
    // their place.
    Value v = c.code->eval(env);
    if (entry && (v.is(Kind::integer) || v.is(Kind::boolean))) {
        std::copy(regs, regs + c.binds.size(), entry->args);
        entry->value = v;
        entry->used = true;
    }
    return v;
}

std::int64_t Instance::tabulate(std::uint32_t table, std::int64_t x) {
    const intpath::Tabulated& t = int_game_->tables[table];
    FrameGuard frame(ctx_, game_.slots, t.code->loc());
    Env env{frame.frame(), this, ctx_};
    frame.frame()[t.slot] = Value::integer(x);
    // An error comes out where the rules would raise it: this runs in
    // their place, and is kept only when it gives a value.
    const Value v = t.code->eval(env);
    std::int64_t value;
    if (t.set) {
        value = table_mask(v);
    } else {
        if (!v.is(Kind::integer)) t.code->error(fmt::format("expected an int here, not {}", repr(v)));
        value = v.as_int();
    }
    if (x >= 0 && x < IntInstanceData::table_size) {
        IntInstanceData::Table& cache = fast_.tables[table];
        const auto at = static_cast<std::size_t>(x);
        if (at >= cache.known.size()) {
            const std::size_t size = std::min<std::size_t>(std::max(at + 1, 2 * cache.known.size()), IntInstanceData::table_size);
            cache.values.resize(size);
            cache.known.resize(size);
        }
        cache.values[at] = value;
        cache.known[at] = 1;
    }
    return value;
}

// A tabulated set's mask; a value the int path cannot hold leaves it.
std::int64_t Instance::table_mask(const Value& v) {
    std::uint64_t mask = 0;
    bool fits = v.is(Kind::set);
    if (fits)
        for (const Value& x : v.seq()) {
            fits = x.is(Kind::integer) && static_cast<std::uint64_t>(x.as_int()) < 64;
            if (!fits) break;
            mask |= std::uint64_t{1} << x.as_int();
        }
    if (!fits) {
        fast_.state = IntInstanceData::State::unusable;
        throw intpath::Unfit{};
    }
    return static_cast<std::int64_t>(mask);
}

bool Instance::expand_fast(solver::StateId s, solver::OptionSink& out) {
    const IntGame& g = *int_game_;
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    intpath::Frame f{regs, &fast_};
    if (!load_fast(s, f, pos)) return false;
    if (g.native_expand) {
        std::uint32_t ids[IntGame::max_native_options], bail = 0;
        const std::int64_t n = g.native_expand(&f, &bail, ids, 0);
        if (!bail) {
            for (std::int64_t i = 0; i < n; ++i) {
                out.begin_option();
                out.add(comp(ids[i]));
            }
            return true;
        }
    }
    const solver::OptionSink::Mark mark = out.mark();
    try {
        if (g.terminal && g.terminal->test(f)) return true;
        for (const intpath::Move& m : g.moves) fast_move(m, f, out);
    } catch (const intpath::Unfit&) {
        out.rewind(mark);  // the generic expansion starts over
        return false;
    }
    return true;
}

}  // namespace grundy
