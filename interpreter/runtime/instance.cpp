#include "instance.hpp"

#include <bit>

#include <fmt/format.h>

namespace grundy {

Instance::Instance(Context& ctx, const CompiledGame& game, Value args, std::size_t lane)
    : ctx_(ctx), game_(game), lane_(lane), args_(std::move(args)) {
    graph_ = ctx_.solver.add_graph(this);
    if (game_.fast_by_length.empty()) use_int_game(game_.fast.get());
    else if (lane) choose_lane(lane);
    else lane_open_ = true;
}

namespace {

// The nested position pattern's shape, for a state packed as its ints.
StateTable::Spelling spelling(const Binder& p) {
    StateTable::Spelling s;
    if (!p.is_tuple) return s;
    s.kind = p.brackets ? Kind::list : Kind::tuple;
    for (auto& item : p.items) s.items.push_back(spelling(item));
    return s;
}

std::size_t leaves(const Binder& p) {
    if (!p.is_tuple) return 1;
    std::size_t n = 0;
    for (auto& item : p.items) n += leaves(item);
    return n;
}

}  // namespace

void Instance::use_int_game(const IntGame* g) {
    using Shape = IntGame::Shape;
    int_game_ = g;
    lane_open_ = false;
    // What was found of no int path (a range query's probe) no longer holds.
    grid_state_ = heap_fits_ = key_only_ = -1;
    if (g && g->shape != Shape::ints)
        table_.set_packed(g->shape == Shape::sets ? StateTable::Packed::sets : StateTable::Packed::lists);
    else if (g) {
        std::uint8_t widths[8];
        table_.set_packed_arity(g->arity, direct_widths(*g, widths) ? widths : nullptr);
        table_.set_set_coords(g->set_coords);
        const Binder& p = game_.position;
        table_.set_spelling(g->named_list ? Kind::list
                            : !p.is_tuple ? Kind::integer
                            : p.brackets  ? Kind::list
                                          : Kind::tuple);
        if (p.nested() && !g->named_list) table_.set_nested(spelling(p));
    } else if (const std::size_t k = leaves(game_.position); game_.position.is_tuple && k >= 1 && k <= 8) {
        // A generic game's tuples of small ints pack as the int path's do
        // (a few bytes a state, not a Value each); other states stay Values.
        const Binder& p = game_.position;
        table_.set_packed_arity(static_cast<std::uint32_t>(k));
        table_.set_spelling(p.brackets ? Kind::list : Kind::tuple);
        if (p.nested()) table_.set_nested(spelling(p));
    }
    int_is_id_ = g && g->shape == Shape::ints && !g->named_list && !game_.has_start && g->arity == 1 &&
                 game_.position_args == 1 && g->canonical.empty();
}

// The bits of each int of a direct id (StateTable::set_packed_arity): an
// int the moves keep small (IntGame::coord_bounds, its rule arguments
// read now) takes the bits of its bound, the others share the rest of 30.
// False, for even shares, unless each of those gets at least its even share.
bool Instance::direct_widths(const IntGame& g, std::uint8_t* widths) {
    const std::size_t k = g.arity;
    if (g.coord_bounds.size() != k || k < 2 || k > 8) return false;
    constexpr std::int64_t small = std::int64_t{1} << 20;
    unsigned used = 0, open = 0;
    for (std::size_t i = 0; i < k; ++i) {
        const IntGame::CoordBound& b = g.coord_bounds[i];
        std::int64_t u = b.limit;
        for (std::uint32_t p : b.params) {
            const std::uint32_t h = p & ~IntGame::CoordBound::hoisted_bit;
            Value v;
            if (p != h) {
                // A global's value (a name, no call: read here, before the
                // rules' own hoisted values, which may ask queries).
                if (h >= g.hoisted.size()) continue;
                try {
                    FrameGuard frame(ctx_, game_.slots, game_.loc);
                    Env env{frame.frame(), this, ctx_};
                    v = g.hoisted[h].code->eval(env);
                } catch (const DiagnosticError&) {
                    continue;
                } catch (const ValueError&) {
                    continue;
                }
            } else if (p < args_.seq().size) {
                v = arg(p);
            }
            if (v.is(Kind::integer)) u = std::min(u, std::max<std::int64_t>(v.as_int(), 0));
        }
        u = std::max(u, b.floor);
        if (u >= small) {
            widths[i] = 0;
            ++open;
            continue;
        }
        widths[i] = static_cast<std::uint8_t>(std::max(1, static_cast<int>(std::bit_width(static_cast<std::uint64_t>(u)))));
        used += widths[i];
    }
    if (used > 30 || (open > 0 && (30 - used) / open < 30 / k)) return false;
    if (open == 0) return true;
    const unsigned share = (30 - used) / open;
    unsigned extra = (30 - used) % open;
    for (std::size_t i = 0; i < k; ++i)
        if (widths[i] == 0) widths[i] = static_cast<std::uint8_t>(share + extra), extra = 0;
    return true;
}

void Instance::choose_lane(std::size_t length) {
    const auto& lanes = game_.fast_by_length;
    use_int_game(length < lanes.size() && lanes[length] ? lanes[length].get() : game_.fast.get());
}

void Instance::choose_lane(std::span<const Value> args) {
    choose_lane(args.size() == 1 && args[0].is(Kind::list) ? args[0].seq().size : 0);
}

std::uint32_t Instance::make_state(const Value& given, const Code& where, const Value* from) {
    // A list where the pattern is a tuple (or the reverse) is taken in the pattern's form.
    const Value raw = game_.position.fits(given) ? given : game_.position.as_position(given);
    if (!game_.position.fits(raw))
        where.error(fmt::format("the result {} does not fit the position pattern {} of `{}`", repr(raw),
                                game_.position.text, game_.name));
    // A move's result of another kind than the state it leaves (an int
    // from a list) is an error here, at the move, rather than later, at
    // the code that reads it. A canonical form may change the kind: then
    // the form is compared.
    auto check_kind = [&](const Value& state) {
        if (from && !game_.position.is_tuple && state.kind() != from->kind())
            where.error(fmt::format("this move of `{}` from the position {} ({}) gives {} ({}): a game's positions "
                                    "are all of one kind",
                                    game_.name, repr(*from), kind_name(from->kind()), repr(given),
                                    kind_name(given.kind())));
    };
    bool is_new = false;
    std::uint32_t id;
    if (game_.canonical) {
        FrameGuard frame(ctx_, game_.slots, where.loc());
        Env env{frame.frame(), this, ctx_};
        game_.position.bind(env, raw);
        Value canon = game_.canonical->eval(env);
        if (!game_.position.fits(canon)) canon = game_.position.as_position(canon);
        if (!game_.position.fits(canon))
            game_.canonical->error(fmt::format("the canonical form {} does not fit the position pattern {}",
                                               repr(canon), game_.position.text));
        check_kind(canon);
        id = table_.intern(canon, is_new);
    } else {
        check_kind(raw);
        id = table_.intern(raw, is_new);
    }
    if (is_new) ctx_.solver.charge_state();
    return id;
}

void Instance::drop_states() {
    forgotten_ = true;
    table_ = StateTable();
    start_states_ = {};
    fast_ = IntInstanceData();
    mex_marks_ = {};
}

std::uint32_t Instance::move_state(const Value& raw, const Code& where) {
    if (raw.is(Kind::position)) return make_state(raw, where);
    return make_state(raw, where, expanding_);
}

Value Instance::position(std::span<const Value> args, const Code& call) {
    return make_position(Components{component(args, call)}, false);
}

// Moves keep a list's length on such rules, so a lane's states never reach
// another length: each lane is a game of its own, packed as its length
// packs, where one instance of mixed lengths would run the generic rules.
Component Instance::component(std::span<const Value> args, const Code& call) {
    const auto& by_length = game_.fast_by_length;
    if (!lane_ && !by_length.empty() && !game_.has_start && args.size() == 1 && args[0].is(Kind::list)) {
        const std::size_t n = args[0].seq().size;
        if (n < by_length.size() && by_length[n]) {
            if (lane_open_) choose_lane(n);
            if (int_game_ != by_length[n].get()) {
                if (lanes_.size() <= n) lanes_.resize(by_length.size(), nullptr);
                if (!lanes_[n]) lanes_[n] = &ctx_.lane(*this, n);
                return Component{lanes_[n], lanes_[n]->position_state(args, call)};
            }
        }
    }
    return Component{this, position_state(args, call)};
}

// position_state past its inline part: a wrong count of arguments, or
// fast_position did not apply (and has been tried when the count is right).
std::uint32_t Instance::slow_position_state(std::span<const Value> args, const Code& call) {
    std::size_t arity = game_.position_args;
    if (args.size() != arity)
        call.error(fmt::format("a position of `{}` takes {} argument{}, not {}", game_.name, arity,
                               arity == 1 ? "" : "s", args.size()));
    std::uint32_t id;
    if (game_.has_start) {
        Value key = args.size() == 1 ? args[0] : grundy::make_tuple(args);
        if (auto it = start_states_.find(key); it != start_states_.end()) return it->second;
        FrameGuard frame(ctx_, game_.slots, call.loc());
        Env env{frame.frame(), this, ctx_};
        if (game_.start_has_pattern) {
            const Binder& b = game_.start_pattern;
            b.bind(env, b.is_tuple ? grundy::make_tuple(args) : args[0]);
        }
        Value raw = game_.start->eval(env);
        id = make_state(raw, *game_.start);
        start_states_.emplace(std::move(key), id);
    } else {
        id = make_state(game_.position.is_tuple ? grundy::make_tuple(args) : args[0], call);
    }
    return id;
}

void Instance::expand(solver::StateId s, solver::OptionSink& out) {
    if (int_game_ && expand_fast(s, out)) return;
    FrameGuard frame(ctx_, game_.slots, game_.loc);
    Env env{frame.frame(), this, ctx_};
    const Value state = table_.state(s);
    game_.position.bind(env, state);
    // Restored on the way out, also by an error: expansions nest (a move
    // that asks for another position's value).
    struct Restore {
        const Value*& slot;
        const Value* saved;
        ~Restore() { slot = saved; }
    } restore{expanding_, expanding_};
    expanding_ = &state;
    if (game_.terminal && game_.terminal->eval_bool(env, "a terminal condition")) return;
    for (const MoveFamily& m : game_.moves) {
        m.gens.run(env, [&] {
            m.result->emit_option(env, out);
            return true;
        });
    }
}

HeapEngine* Instance::heap_engine() {
    if (heap_fits_ < 0) heap_fits_ = HeapEngine::fits(game_, int_game_) && fast_ready();
    if (!heap_fits_) return nullptr;
    if (!heap_) heap_ = std::make_unique<HeapEngine>(*int_game_, fast_);
    return heap_.get();
}

std::string Instance::describe(solver::StateId s) const {
    std::string out;
    print_state(s, out);
    return out;
}

void Instance::print_rules(std::string& out) const {
    out += game_.name;
    if (!game_.has_params) return;
    out += '(';
    for (std::uint32_t i = 0; i < args_.seq().size; ++i) {
        if (i) out += ", ";
        print(args_.seq()[i], out);
    }
    out += ')';
}

void Instance::print_state(std::uint32_t id, std::string& out) const {
    print_rules(out);
    Value st = table_.state(id);
    out += '(';
    if (game_.position.is_tuple && st.is(Kind::tuple)) {
        for (std::uint32_t i = 0; i < st.seq().size; ++i) {
            if (i) out += ", ";
            print(st.seq()[i], out);
        }
    } else {
        print(st, out);
    }
    out += ')';
}

}  // namespace grundy
