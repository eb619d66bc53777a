// Solving a state of an int-path game in one pass (GameGraph::try_grundy).
//
// When every option of a state is already solved (queries that climb in
// size make this the rule), its Grundy value is the mex of values read
// straight from the solver's arrays: no options buffer, no frame, no
// interning. A move family whose results are affine in its innermost range
// variable steps through evenly spaced state ids, which is the loop a
// hand-written solver has. The first option that is not known, or not a
// state that is its own id, gives up: the solver then solves the option
// (a blocker) and retries, or expands the state. Some scans resume where
// they stopped (Kernel::masked_resumable, Kernel::lists_resumable).
//
// The same kernels answer the outcome alone (GameGraph::try_outcome,
// Kernel<true>): there an option is known when it is known an N-position
// (a value other than 0, or ValueArray::known_n), so a P option stops the
// walk as an unknown one does, and try_outcome finds it there: the walk
// stops at the first P option, as a hand-written outcome solver's does.
#include "mex_kernel.hpp"
#include "mex_kernel_stepping.hpp"
#include "mex_kernel_walks.hpp"

namespace grundy {

namespace {

// The value of the state in f's registers when every option is known.
bool one_pass(const IntGame& g, Kernel<false>& k, MexSet& mex, const Frame& f, std::uint32_t& value) {
    if (g.terminal && g.terminal->test(f)) {
        value = 0;
        return true;
    }
    if (!k.moves(f) || mex.huge()) return false;
    value = mex.mex();
    return true;
}

// A state of a game on sets or on one int through its native walk
// (IntGame::native_mex), or its native expansion (IntGame::native_expand:
// the options' ids, each a set or an int that is its own id) and then the
// options' values read from `values`, the array of those ids (from
// `base`), their pages fetched together. `other`: the trees' walk is
// needed (the code bailed, or a value is 64 or more). Resumable: a retry
// reads values from the option that blocked (`at`, with the top bit set),
// the values before it in `gathered`.
using Scan = Kernel<false>::Scan;
Scan native_walk(const IntGame& g, const Frame& f, const VA& values, std::uint32_t base, solver::GameGraph::Blocker& b,
                 std::uint32_t& value) {
    constexpr std::uint64_t resumed = std::uint64_t{1} << 63;
    const std::size_t from = b.resume.at & resumed ? static_cast<std::size_t>(b.resume.at & ~resumed) : 0;
    if (g.native_mex) {
        // Each value read as its option is made; the walk below where the
        // code cannot read one.
        std::uint32_t bail = 0, flat_count;
        IntGame::MexArgs a{values.flat(flat_count), 0, from ? b.resume.gathered : 0, from, 0};
        a.flat_count = flat_count;
        const std::int64_t blocked = g.native_mex(&f, &bail, &a);
        if (!bail) {
            if (!blocked) {
                value = static_cast<std::uint32_t>(std::countr_one(a.seen));
                return Scan::done;
            }
            b = {true, a.id, {resumed | a.at, a.seen}};
            return Scan::blocked;
        }
    }
    if (!g.native_expand) return Scan::other;
    std::uint32_t ids[IntGame::max_native_options], bail = 0;
    const auto n = static_cast<std::size_t>(g.native_expand(&f, &bail, ids, from));
    if (bail || from > n) return Scan::other;
    std::uint32_t flat_count;
    const std::uintptr_t* flat = values.flat(flat_count);
    for (std::size_t i = from; i < n; ++i) {
        const std::uint32_t key = ids[i] - base, page = key >> VA::page_bits;
        if (page < flat_count && !(flat[page] & 1))
            __builtin_prefetch(reinterpret_cast<const std::uint8_t*>(flat[page]) + (key & (VA::page_size - 1)));
    }
    std::uint64_t seen = from ? b.resume.gathered : 0;
    for (std::size_t i = from; i < n; ++i) {
        const std::uint32_t key = ids[i] - base, page = key >> VA::page_bits;
        const std::uint32_t v = page < flat_count ? VA::read(flat[page], key & (VA::page_size - 1)) : values.get(key);
        if (v >= 64) {
            if (v < not_known) return Scan::other;
            b = {true, ids[i], {resumed | i, seen}};
            return Scan::blocked;
        }
        seen |= std::uint64_t{1} << v;
    }
    value = static_cast<std::uint32_t>(std::countr_one(seen));
    return Scan::done;
}

}  // namespace

void Instance::one_pass_shape() {
    if (key_only_ >= 0) return;
    const IntGame& g = *int_game_;
    // Every move masked: the set's ints are never read.
    key_only_ = !g.terminal && !g.moves.empty() &&
                std::all_of(g.moves.begin(), g.moves.end(), [&](const Move& m) { return masked_move(g, m); });
    lists_resumable_ = Kernel<false>::lists_resumable(g);
    has_split_ = std::any_of(g.moves.begin(), g.moves.end(), [](const Move& m) { return m.split; });
    masked_direct_ = key_only_ && g.moves.size() == 1 && table_.direct_sets();
    // A game on one int whose families the kernels could only walk option
    // by option (none steps through evenly spaced ids: a result not affine
    // in its variable, `m ^ (1 << x)`, `n - n / 10 ** i % 10`): its native
    // walk reads each value as it makes the option.
    native_ints_ = g.native_mex && int_is_id_ && std::none_of(g.moves.begin(), g.moves.end(), [](const Move& m) {
                       return m.affine || m.shifted || m.translation;
                   });
}

bool Instance::try_grundy(solver::StateId s, std::uint32_t& value, Blocker& blocker) {
    if (!int_game_) return false;
    if (grid_state_ != 0 && grid_value(s, value)) return true;  // translation_grid.cpp
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    Frame f{regs, &fast_};
    one_pass_shape();
    // A set that is its own id, of a game of one masked move: its mask is
    // all the scan reads, so nothing else is loaded or made (about half the
    // cost of a state of node Kayles or Hackenbush on a tree).
    if (masked_direct_ && s >= StateTable::first_direct && fast_ready()) {
        for (const auto& [reg, v] : fast_.int_regs) regs[reg] = v;
        f.pos_key = s - StateTable::first_direct;
        f.has_key = true;
        f.ints_loaded = false;
        const VA& values = ctx_.solver.value_arrays(graph_)[solver::Solver::id_class(StateTable::first_direct)];
        try {
            switch (Kernel<false>::masked_direct(int_game_->moves[0], f, values, blocker, value)) {
                case Kernel<false>::Scan::done: return true;
                case Kernel<false>::Scan::blocked: return false;
                case Kernel<false>::Scan::other: break;
            }
        } catch (const intpath::Unfit&) {
            return false;
        }
    }
    if (int_game_->walk_reads_key && s >= StateTable::first_direct && fast_ready()) {
        // The set's mask is its id: the native walk needs nothing loaded.
        for (const auto& [reg, v] : fast_.int_regs) regs[reg] = v;
        f.pos_key = s - StateTable::first_direct;
        f.has_key = true;
        f.ints_loaded = false;
        const VA& values = ctx_.solver.value_arrays(graph_)[solver::Solver::id_class(StateTable::first_direct)];
        switch (native_walk(*int_game_, f, values, StateTable::first_direct, blocker, value)) {
            case Scan::done: return true;
            case Scan::blocked: return false;
            case Scan::other: break;
        }
    }
    if (!load_fast(s, f, pos, !key_only_)) return false;
    if (native_ints_) {
        const NativeScan r = native_int_scan(f, blocker, value);
        if (r != NativeScan::other) return r == NativeScan::done;
    }
    if (int_game_->native_expand && int_game_->shape == IntGame::Shape::sets && f.has_key && f.ints_loaded) {
        const VA& values = ctx_.solver.value_arrays(graph_)[solver::Solver::id_class(StateTable::first_direct)];
        switch (native_walk(*int_game_, f, values, StateTable::first_direct, blocker, value)) {
            case Scan::done: return true;
            case Scan::blocked: return false;
            case Scan::other: break;
        }
    }
    try {
        MexSet mex(mex_marks_, mex_stamp_);
        Kernel<false> k(*int_game_, table_, ctx_.solver.value_arrays(graph_), mex);
        if (lists_resumable_ && f.has_key) {
            auto intern = [&](std::uint64_t key) {
                bool is_new = false;
                const std::uint32_t id = table_.intern_packed(key, is_new);
                if (is_new) ctx_.solver.charge_state();
                return id;
            };
            switch (k.lists_resumable(f, blocker, value, intern)) {
                case Kernel<false>::Scan::done: return true;
                case Kernel<false>::Scan::blocked: return false;
                case Kernel<false>::Scan::other: break;
            }
        }
        if (key_only_ && f.has_key && int_game_->moves.size() == 1) {
            switch (k.masked_resumable(int_game_->moves[0], f, blocker, value)) {
                case Kernel<false>::Scan::done: return true;
                case Kernel<false>::Scan::blocked: return false;
                case Kernel<false>::Scan::other: break;
            }
        }
        if (one_pass(*int_game_, k, mex, f, value)) return true;
        blocker = k.blocker();
        return false;
    } catch (const intpath::Unfit&) {
        return false;  // the instance left the int path; the solver expands s the generic way
    }
}

Instance::NativeScan Instance::native_int_scan(const Frame& f, Blocker& blocker, std::uint32_t& value) {
    ++native_tries_;
    const VA& values = ctx_.solver.value_arrays(graph_)[0];  // the ids below first_general
    switch (native_walk(*int_game_, f, values, 0, blocker, value)) {
        case Scan::done: return NativeScan::done;
        case Scan::blocked: return NativeScan::blocked;
        case Scan::other: break;
    }
    // Mostly values of 64 or more, or options that are no ids of their
    // own: the kernels alone from then on.
    if (++native_others_ > 64 && native_others_ * 4 > native_tries_) native_ints_ = false;
    return NativeScan::other;
}

// The kernels' walks for the outcome alone (Kernel<true>): a walk stops at
// an option not known an N-position, the blocker; when that option's value
// is 0, the state is an N-position. The resumable scans keep values in bit
// sets and are left out: their states are scanned from the first option.
bool Instance::try_outcome(solver::StateId s, bool& p_position, Blocker& blocker) {
    if (!int_game_) return false;
    one_pass_shape();
    if (has_split_) return false;  // a sum's outcome needs its parts' values: the solver's business
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    Frame f{regs, &fast_};
    return load_fast(s, f, pos, !key_only_) && outcome_pass(f, p_position, blocker);
}

// Misère play, on the misère twin's outcomes: a terminal state has no
// moves, and so is won; a P option makes an N-position as under normal
// play; but a state whose walk finds every option N may have none, which
// the kernels do not tell, so expand() decides it.
bool Instance::try_misere_outcome(solver::StateId s, const solver::ValueArray* values, bool& p_position,
                                  Blocker& blocker) {
    if (!int_game_) return false;
    one_pass_shape();
    if (has_split_) return false;
    std::int64_t regs[IntGame::max_registers], pos[StateTable::max_list];
    Frame f{regs, &fast_};
    return load_fast(s, f, pos, !key_only_) && outcome_pass(f, p_position, blocker, values, true);
}

bool Instance::try_outcome_ints(const std::int64_t* ints, bool& p_position) {
    const IntGame& g = *int_game_;
    if (g.shape != IntGame::Shape::ints || !fast_ready()) return false;
    one_pass_shape();
    if (has_split_) return false;
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    intpath::copy_ints(ints, g.arity, regs);
    for (const auto& [reg, v] : fast_.int_regs) regs[reg] = v;
    Blocker blocker;
    return outcome_pass(f, p_position, blocker);
}

bool Instance::outcome_pass(Frame& f, bool& p_position, Blocker& blocker, const solver::ValueArray* values,
                            bool misere) {
    const IntGame& g = *int_game_;
    if (g.terminal && g.terminal->test(f)) {
        p_position = !misere;
        return true;
    }
    const solver::ValueArray* arrays = values ? values : ctx_.solver.value_arrays(graph_);
    if (g.native_expand && g.shape == IntGame::Shape::sets && f.has_key && f.ints_loaded) {
        // The native expansion's options in order, to the first that is not
        // known an N-position, as Kernel<true> walks them.
        std::uint32_t ids[IntGame::max_native_options], bail = 0;
        const auto n = static_cast<std::size_t>(g.native_expand(&f, &bail, ids, 0));
        if (!bail) {
            const VA& direct = arrays[solver::Solver::id_class(StateTable::first_direct)];
            for (std::size_t i = 0; i < n; ++i) {
                const std::uint32_t v = direct.get(ids[i] - StateTable::first_direct);
                if (known<true>(v)) continue;
                if (v == 0) {
                    p_position = false;
                    return true;
                }
                blocker = {true, ids[i], {}};
                return false;
            }
            if (misere) return false;
            p_position = true;
            return true;
        }
    }
    MexSet mex(mex_marks_, mex_stamp_);
    Kernel<true> k(g, table_, arrays, mex);
    try {
        if (k.moves(f)) {
            if (misere) return false;
            p_position = true;
            return true;
        }
    } catch (const intpath::Unfit&) {
        return false;  // the instance left the int path; the solver expands s the generic way
    }
    const Blocker& b = k.blocker();
    if (b.found) {
        const unsigned c = solver::Solver::id_class(b.state);
        if (arrays[c].get(b.state - solver::Solver::class_base[c]) == 0) {
            p_position = false;
            return true;
        }
    }
    blocker = b;
    return false;
}

bool Instance::try_grundy_ints(const std::int64_t* ints, std::uint32_t& value) {
    const IntGame& g = *int_game_;
    if (g.shape != IntGame::Shape::ints || !fast_ready()) return false;
    if (grid_state_ != 0 && grid_value(ints, value)) return true;  // translation_grid.cpp
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    intpath::copy_ints(ints, g.arity, regs);
    for (const auto& [reg, v] : fast_.int_regs) regs[reg] = v;
    one_pass_shape();
    if (native_ints_) {
        Blocker b;
        if (const NativeScan r = native_int_scan(f, b, value); r != NativeScan::other) return r == NativeScan::done;
    }
    MexSet mex(mex_marks_, mex_stamp_);
    Kernel<false> k(g, table_, ctx_.solver.value_arrays(graph_), mex);
    try {
        return one_pass(g, k, mex, f, value);
    } catch (const intpath::Unfit&) {
        return false;  // the instance left the int path; the solver expands the state the generic way
    }
}

namespace {

using VA = solver::ValueArray;

// An outcome as the value arrays hold it: P as the value 0.
std::uint32_t code(solver::Solver::Outcome o) {
    using O = solver::Solver::Outcome;
    return o == O::p ? 0 : o == O::n ? VA::known_n : VA::known_d;
}

// A range loop without runs (below).
struct NoRuns {
    std::size_t operator()(std::int64_t, std::int64_t, std::uint8_t*, std::int64_t, const VA::PageView&,
                           std::uint32_t*) const {
        return 0;
    }
};

// The loop both range paths share: each state's value read from its page,
// a state not known solved by `solve(n, values, page, before, v)` (n's
// page and the one before; false leaves it to the solver's search), the
// values handed to `each` in batches. `run(n, last, bytes, begin, before,
// out)` may solve states n, n + 1, ... up to last, all on n's narrow page
// (`bytes`, from id `begin`; `before` the page before it) and not known,
// writing their values into the page and into `out`; it returns how many,
// 0 to take n state by state. With Outcome, the outcome alone is asked:
// a state is known by its value or its code (known_n, known_d), and solve
// gives 0 for P or known_n.
// `batch`: how many values `each` is handed at a time (up to 256); 1 hands
// each state's on before the next is solved.
template <bool Outcome = false, typename Solve, typename Run = NoRuns>
void range_loop(solver::Solver& solver, std::uint32_t graph, std::int64_t lo, std::int64_t hi,
                FunctionRef<bool(std::span<const std::uint32_t>)> each, Solve&& solve, Run&& run = {},
                std::size_t batch_size = 256) {
    // Looked up again after the solver runs (a new game's graph can move
    // the arrays) and after a value past a byte (which widens a page).
    const VA* values = nullptr;
    VA::PageView page, before;
    std::uint8_t* out = nullptr;  // n's page, written in place
    std::uint32_t* known = nullptr;
    // States solved here and not yet counted by the solver, which are
    // counted before it runs again, at each batch, and on the way out.
    std::uint64_t room = 0, pending = 0;
    auto count = [&] {
        if (pending && solver.solved_run(std::exchange(pending, 0))) solver.check_interrupt();
    };
    auto refill = [&] {  // the room left, asked of the solver when it is used up
        if (room == 0) {
            count();
            room = solver.room();
        }
    };
    struct Guard {  // an error on the way: counted, without the interrupt check
        solver::Solver& s;
        std::uint64_t& pending;
        ~Guard() { s.solved_run(pending); }
    } guard{solver, pending};
    std::uint32_t batch[256];
    std::size_t used = 0;
    bool declined = false;  // a loopy search gave up the rest of the range (Solver::AskingRange)
    auto flush = [&](std::int64_t n) {  // after n: a full batch, or the last, to `each`
        if (used < std::min(batch_size, std::size(batch)) && n < hi) return true;
        count();
        poll_interrupt();
        if (!each(std::span<const std::uint32_t>(batch, used))) return false;
        used = 0;
        return true;
    };
    for (std::int64_t n = lo; n <= hi; ++n) {
        const auto id = static_cast<std::uint32_t>(n);
        if (!values || (id & (VA::page_size - 1)) == 0) {
            out = solver.writable_narrow(graph, id, known);
            values = &solver.value_arrays(graph)[0];
            page = values->view(id);
            before = id >= VA::page_size ? values->view(id - VA::page_size) : VA::PageView{};
        }
        if (!Outcome && out && page.narrow && out[id - page.begin] == VA::narrow_unknown) {
            refill();
            const std::int64_t last = std::min({hi, std::int64_t{page.begin} + VA::page_size - 1,
                                                n + static_cast<std::int64_t>(std::min<std::uint64_t>(room, 1u << 20)) - 1,
                                                n + static_cast<std::int64_t>(std::size(batch) - used) - 1});
            if (const std::size_t did = last >= n ? run(n, last, out, page.begin, before, batch + used) : 0) {
                *known += static_cast<std::uint32_t>(did);
                pending += did;
                room -= did;
                used += did;
                n += static_cast<std::int64_t>(did) - 1;
                if (!flush(n)) return;
                continue;
            }
        }
        const solver::Comp c = solver::make_comp(graph, id);
        // A code (known_n: the outcome alone) is the solver's business below.
        std::uint32_t v = page.narrow ? VA::decode(page.narrow[id - page.begin])
                          : page.wide ? page.wide[id - page.begin]
                                      : values->get(id);
        if (v == VA::unknown) {
            refill();
            const bool fast = room > 0 && out;  // else the solver's own bookkeeping: the limit's error, a wide page
            if (!fast) solver.before_one_pass(id);
            const bool solved = solve(n, *values, page, before, v);
            if (fast && solved && (v < VA::narrow_limit || (Outcome && page.narrow))) {
                out[id - page.begin] = v < VA::narrow_limit ? static_cast<std::uint8_t>(v) : VA::narrow_known_n;
                *known += v < VA::narrow_limit;  // a page counts its values, not its codes
                ++pending;
                --room;
            } else {
                count();
                if (solved) solver.one_pass_solved(c, v);  // on a wide page, or widening it
                else if (declined) {
                    v = Outcome ? code(solver.outcome_of(c)) : solver.grundy(c);
                } else {
                    const solver::Solver::AskingRange asking(
                        solver,
                        {graph, id, static_cast<solver::StateId>(std::min<std::int64_t>(hi, INT32_MAX)), &declined});
                    v = Outcome ? code(solver.outcome_of(c)) : solver.grundy(c);
                }
                values = nullptr;
                room = 0;  // the solver counted states: ask again
            }
        } else if (v >= not_known && !(Outcome && VA::is_outcome_code(v))) {
            count();
            // On the path of a search that asked for this range: a cycle.
            v = Outcome ? code(solver.outcome_of(c)) : solver.grundy(c);
            room = 0;
        }
        batch[used++] = v;
        if (!flush(n)) return;
    }
}

}  // namespace

// Whether G(n) (G([n]) with `lists`) is state n for every n in lo..hi:
// what the range loops take.
bool Instance::ids_in_range(std::int64_t lo, std::int64_t hi, bool lists) {
    if (lane_open_) choose_lane(lists ? 1 : 0);
    const IntGame* g = int_game_;
    return g && g->shape == IntGame::Shape::ints && g->named_list == lists && g->arity == 1 && g->canonical.empty() &&
           !game_.has_start && lo >= 0 && hi < std::int64_t{StateTable::first_general} && fast_ready();
}

bool Instance::grundy_range(std::int64_t lo, std::int64_t hi,
                            FunctionRef<bool(std::span<const std::uint32_t>)> each, bool lists) {
    if (!ids_in_range(lo, hi, lists)) return false;
    const IntGame* g = int_game_;
    if (fast_.dense) {
        dense_range(lo, hi, each);
        return true;
    }
    if (sparse_rules()) {
        heap_range(lo, hi, each);
        return true;
    }
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    MexSet mex(mex_marks_, mex_stamp_);
    std::optional<Kernel<false>> k;  // made again after the solver runs: it may move the arrays
    one_pass_shape();
    range_loop(ctx_.solver, graph_, lo, hi, each,
               [&](std::int64_t n, const VA&, const VA::PageView&, const VA::PageView&, std::uint32_t& v) {
                   regs[0] = n;  // one-int states are their own ids
                   if (native_ints_) {
                       Blocker b;
                       switch (native_int_scan(f, b, v)) {
                           case NativeScan::done: return true;
                           case NativeScan::blocked: k.reset(); return false;
                           case NativeScan::other: break;
                       }
                   }
                   mex.next();
                   if (!k) k.emplace(*g, table_, ctx_.solver.value_arrays(graph_), mex);
                   try {
                       if (one_pass(*g, *k, mex, f, v)) return true;
                   } catch (const intpath::Unfit&) {
                       // the int path cannot take n (a call too deep): the solver expands it the generic way
                   }
                   k.reset();
                   return false;
               });
    return true;
}

bool Instance::outcome_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each) {
    if (!ids_in_range(lo, hi, false)) return false;
    const IntGame* g = int_game_;
    one_pass_shape();
    if (fast_.dense || sparse_rules() || has_split_) return false;  // values, from loops of their own: state by state
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    MexSet mex(mex_marks_, mex_stamp_);
    std::optional<Kernel<true>> k;  // made again after the solver runs: it may move the arrays
    // The bytes of ids 0..n-1 side by side as the loop climbs, up to
    // max_dense of them (a byte a state beside the pages'): the options
    // of a subtraction game, read there as a hand-written solver reads its
    // array. An id not known there is read from the pages.
    constexpr std::int64_t max_dense = std::int64_t{1} << 24;
    std::vector<std::uint8_t> dense;
    if (lo <= max_dense) dense.reserve(static_cast<std::size_t>(std::min(hi + 1, max_dense)));
    auto catch_up = [&](std::int64_t n) {  // ids solved before the loop, or by the solver in it
        const VA* arrays = ctx_.solver.value_arrays(graph_);
        for (auto id = static_cast<std::int64_t>(dense.size()); id < n; ++id) {
            const unsigned c = solver::Solver::id_class(static_cast<solver::StateId>(id));
            const std::uint32_t v = arrays[c].get(static_cast<std::uint32_t>(id) - solver::Solver::class_base[c]);
            dense.push_back(v < VA::narrow_limit ? static_cast<std::uint8_t>(v)
                            : v == VA::known_n       ? VA::narrow_known_n
                                                     : VA::narrow_unknown);
        }
    };
    range_loop<true>(ctx_.solver, graph_, lo, hi, each,
                     [&](std::int64_t n, const VA&, const VA::PageView&, const VA::PageView&, std::uint32_t& v) {
                         regs[0] = n;  // one-int states are their own ids
                         mex.next();
                         if (!k) k.emplace(*g, table_, ctx_.solver.value_arrays(graph_), mex);
                         const bool dense_here = n < max_dense && lo <= max_dense;
                         if (dense_here) {
                             catch_up(n);
                             k->dense(dense.data(), dense.size());
                         }
                         try {
                             if ((g->terminal && g->terminal->test(f)) || k->moves(f)) {
                                 v = 0;  // every option won: lost
                                 if (dense_here) dense.push_back(0);
                                 return true;
                             }
                         } catch (const intpath::Unfit&) {
                             k.reset();
                             return false;  // the instance left the int path; the solver expands n the generic way
                         }
                         // The walk stops at a P option, which wins, or at an option not known.
                         const Blocker& b = k->blocker();
                         const unsigned c = solver::Solver::id_class(b.state);
                         const bool won = b.found && ctx_.solver.value_arrays(graph_)[c].get(
                                                         b.state - solver::Solver::class_base[c]) == 0;
                         if (won) v = VA::known_n;
                         else k.reset();
                         if (won && dense_here) dense.push_back(VA::narrow_known_n);
                         return won;
                     },
                     NoRuns{}, 1);
    return true;
}

// grundy_range for a game of translations with linear bounds
// (IntInstanceData::dense): the whole state in locals, values read from
// n's page and the one before, as a hand-written solver reads its array.
void Instance::dense_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each) {
    using Side = intpath::Move::Bound::Side;
    const IntGame& g = *int_game_;
    struct Family {
        const std::int64_t *ks, *off;
        std::size_t count;
        const IntInstanceData::Line *lines, *lines_end;
        std::int64_t kmin, kmax;
        bool sorted;  // ks ascending: the bounds' ks found by binary search
    };
    boost::container::small_vector<Family, 4> families;
    boost::container::small_vector<std::int64_t, 16> offs;  // every family's, for runs
    for (std::size_t i = 0; i < g.moves.size(); ++i) {
        const auto& ks = fast_.lists[g.moves[i].gens[0].list];
        const auto& ls = fast_.lines[i];
        const auto [kmin, kmax] = std::minmax_element(ks.begin(), ks.end());
        families.push_back({ks.data(), fast_.offsets[i].data(), ks.size(), ls.data(), ls.data() + ls.size(),
                            ks.empty() ? 0 : *kmin, ks.empty() ? -1 : *kmax,
                            static_cast<bool>(fast_.sorted[g.moves[i].gens[0].list])});
        offs.insert(offs.end(), fast_.offsets[i].begin(), fast_.offsets[i].end());
    }
    const std::int64_t off_min = offs.empty() ? 0 : *std::min_element(offs.begin(), offs.end());
    const std::int64_t off_max = offs.empty() ? 0 : *std::max_element(offs.begin(), offs.end());
    // Every family's bounds let all of its ks through at n (so, the bounds
    // being lines, at every n between two such).
    auto takes_all = [&](std::int64_t n) {
        for (const Family& fam : families) {
            for (const auto* l = fam.lines; l != fam.lines_end; ++l) {
                const std::int64_t e = l->c * n + l->d;  // no overflow (bound_lines)
                if ((l->side != Side::at_most && e > fam.kmin) || (l->side != Side::at_least && e < fam.kmax))
                    return false;
            }
        }
        return true;
    };
    // A run of states whose options have values below 64 and whose bounds
    // take every k: the hand-written solver's loop. Options below n's page
    // are read through a window, the end of the page before and n's page
    // side by side (a move of up to a page back, `n - 400`, reaches there
    // from most of the page).
    std::uint8_t window[2 * VA::page_size];
    auto run = [&](std::int64_t n, std::int64_t last, std::uint8_t* bytes, std::int64_t begin,
                   const VA::PageView& before, std::uint32_t* out) -> std::size_t {
        const std::int64_t j0 = n - begin;
        const std::int64_t j1 = std::min(last - begin, std::int64_t{VA::page_size} - 1 - off_max);
        if (g.terminal || offs.empty() || j1 < j0 || !takes_all(n) || !takes_all(begin + j1)) return 0;
        std::uint8_t* from = bytes;  // options read at from[j + o]
        if (j0 + off_min < 0) {
            if (!before.narrow || -off_min > std::int64_t{VA::page_size}) return 0;
            const auto back = static_cast<std::size_t>(-off_min);
            std::memcpy(window, before.narrow + VA::page_size - back, back);
            std::memcpy(window + back, bytes, static_cast<std::size_t>(j1) + 1);
            from = window + back;
        }
        const std::int64_t* o = offs.data();
        const std::size_t count = offs.size();
        std::size_t did = 0;
        for (std::int64_t j = j0; j <= j1 && bytes[j] == VA::narrow_unknown; ++j) {
            std::uint64_t seen = 0;
            std::uint8_t big = 0;
            for (std::size_t i = 0; i < count; ++i) {
                const std::uint8_t x = from[j + o[i]];
                big |= x & 0xC0;  // 64 and above, or not known: state by state
                seen |= std::uint64_t{1} << (x & 63);
            }
            if (big || !~seen) break;
            const auto v = static_cast<std::uint8_t>(__builtin_ctzll(~seen));
            bytes[j] = v;
            from[j] = v;
            out[did++] = v;
        }
        return did;
    };
    // Moves that reach past the page before n's (a subtraction set of
    // large values): the bytes of ids 0..n-1 side by side as the loop
    // climbs, up to 2^24 of them, where the options are read as a
    // hand-written solver reads its array.
    constexpr std::int64_t max_dense = std::int64_t{1} << 24;
    std::vector<std::uint8_t> dense;
    const bool far = off_min < -std::int64_t{VA::page_size} && lo <= max_dense;
    std::int64_t regs[IntGame::max_registers];
    Frame f{regs, &fast_};
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    MexSet mex(mex_marks_, mex_stamp_);
    range_loop(ctx_.solver, graph_, lo, hi, each,
               [&](std::int64_t n, const VA& values, const VA::PageView& page, const VA::PageView& before,
                   std::uint32_t& v) {
                   regs[0] = n;
                   if (far)  // ids solved before the loop, or by the solver in it
                       for (auto id = static_cast<std::int64_t>(dense.size()); id < std::min(n, max_dense); ++id) {
                           const std::uint32_t x = values.get(static_cast<std::uint32_t>(id));
                           dense.push_back(x < VA::narrow_limit ? static_cast<std::uint8_t>(x) : VA::narrow_on_path);
                       }
                   if (g.terminal && g.terminal->test(f)) {
                       v = 0;
                       return true;
                   }
                   // Values below 64 as bits, as a hand-written solver keeps
                   // them; larger ones in the marks, from the first of them.
                   std::uint64_t seen = 0;
                   bool marked = false;
                   auto add = [&](std::uint32_t x) {
                       if (x < 64) {
                           seen |= std::uint64_t{1} << x;
                           return;
                       }
                       if (!marked) mex.next(), marked = true;
                       mex.add(x);
                   };
                   for (const Family& fam : families) {
                       std::int64_t a = INT64_MIN, b = INT64_MAX;
                       for (const auto* l = fam.lines; l != fam.lines_end; ++l) {
                           const std::int64_t e = l->c * n + l->d;  // no overflow (bound_lines)
                           if (l->side != Side::at_most) a = std::max(a, e);
                           if (l->side != Side::at_least) b = std::min(b, e);
                       }
                       // In locals: the stores into the marks could alias anything else.
                       const std::int64_t *ks = fam.ks, *off = fam.off;
                       const std::size_t count = fam.count;
                       const std::uint8_t *here = page.narrow, *below = before.narrow;
                       const std::uint8_t* known = dense.data();
                       const auto known_count = static_cast<std::int64_t>(dense.size());
                       const std::int64_t at = n - page.begin;
                       std::size_t first = 0, last = count;
                       if (fam.sorted) {
                           first = static_cast<std::size_t>(std::lower_bound(ks, ks + count, a) - ks);
                           last = static_cast<std::size_t>(std::upper_bound(ks + first, ks + count, b) - ks);
                       }
                       for (std::size_t i = first; i < last; ++i) {
                           if (ks[i] < a || ks[i] > b) continue;
                           const std::int64_t j = at + off[i];  // the option's place on n's page
                           const std::int64_t id = n + off[i];
                           std::uint32_t x = j >= 0 && j < std::int64_t{VA::page_size} && here ? here[j]
                                             : j < 0 && j >= -std::int64_t{VA::page_size} && below
                                                 ? below[j + VA::page_size]
                                             : id >= 0 && id < known_count ? known[id]
                                                 : VA::narrow_on_path;
                           if (x >= VA::narrow_limit) {
                               const std::int64_t option = n + off[i];
                               x = option >= 0 && option < std::int64_t{StateTable::first_general}
                                       ? values.get(static_cast<std::uint32_t>(option))
                                       : VA::unknown;
                               if (x >= not_known) return false;  // not known, or not its own id: the search takes it
                           }
                           add(x);
                       }
                   }
                   if (~seen) {
                       v = static_cast<std::uint32_t>(std::countr_one(seen));
                       return true;
                   }
                   if (!marked) mex.next();
                   for (std::uint32_t x = 0; x < 64; ++x) mex.add(x);
                   if (mex.huge()) return false;
                   v = mex.mex();
                   return true;
               },
               run);
}

// grundy_range for a game the heap engine runs (HeapEngine): it computes
// the values from heap 0 in order, the solver keeps those asked for.
void Instance::heap_range(std::int64_t lo, std::int64_t hi, FunctionRef<bool(std::span<const std::uint32_t>)> each) {
    HeapEngine& e = *heap_engine();
    struct Busy {
        bool& flag;
        bool was;
        ~Busy() { flag = was; }
    } busy{heap_busy_, std::exchange(heap_busy_, true)};
    range_loop(ctx_.solver, graph_, lo, hi, each,
               [&](std::int64_t n, const VA&, const VA::PageView&, const VA::PageView&, std::uint32_t& v) {
                   // Heaps below n are computed too: not past the state limit
                   // (the search then reports it), nor when the rules leave
                   // the class (the search takes it, and reports what they do).
                   const auto have = static_cast<std::int64_t>(e.values().size());
                   if (n >= have && static_cast<std::uint64_t>(n - have) + 1 > ctx_.solver.room()) return false;
                   if (!e.extend(n)) return false;
                   v = e.values()[static_cast<std::size_t>(n)];
                   return true;
               });
}

}  // namespace grundy
