// A range query's innermost generator over a game of translations on a
// grid (runtime/translation_grid.hpp) whose `start` is affine: along the
// generator, the states step by a constant vector, so their ids step by a
// constant, and each element is a read from the solver's array, or when
// not known a value from the grid form written in place, as a hand-written
// solver fills its table. The first element it cannot take (an option not
// known, a value that does not fit a byte, the state limit, a state not
// its own id) goes back to RangeQuery::element, which does as the loop
// as written does; the states it solves are those that path solves, in
// the same order, counted the same way.
#include "range_query.hpp"

#include "interpreter/runtime/instance.hpp"

namespace grundy::nodes {

bool RangeQuery::grid_serves(Instance& inst) const {
    return !list_ && query_->query == CallBuiltin::Query::sg && inst.translation_grid();
}

bool RangeQuery::grid_elements(Env& env, Instance& inst, const std::int64_t* xs, std::size_t d, std::int64_t first,
                               std::int64_t last, std::uint32_t* batch, std::size_t& used, std::size_t capacity,
                               FunctionRef<bool()> flush, std::int64_t& next) const {
    next = first;
    using VA = solver::ValueArray;
    const TranslationGrid* grid = inst.translation_grid();
    if (!grid_serves(inst)) return true;
    const std::size_t n = arg_dims_.size();
    std::int64_t args[8], s0[8], s1[8], sl[8];
    auto state_at = [&](std::int64_t i, std::int64_t* out) {
        for (std::size_t j = 0; j < n; ++j) args[j] = arg_dims_[j] == d ? i : xs[arg_dims_[j]];
        return inst.grid_position(std::span<const std::int64_t>(args, n), out) && grid->inside(out);
    };
    const std::uint32_t k = grid->arity();
    if (!state_at(first, s0) || !state_at(last, sl)) return true;
    if (last > first && !state_at(first + 1, s1)) return true;
    std::int64_t step[8] = {}, index_step = 0;
    for (std::uint32_t c = 0; c < k; ++c) {
        if (last > first) step[c] = s1[c] - s0[c];
        // `start` is affine: the ends agree with the step, or it is not taken.
        if (static_cast<__int128>(s0[c]) + static_cast<__int128>(last - first) * step[c] != sl[c]) return true;
        index_step = index_step * (std::int64_t{1} << grid->bits()) + step[c];
    }
    solver::Solver& solver = env.ctx.solver;
    const std::uint32_t graph = inst.graph();
    const unsigned cls = solver::Solver::id_class(grid->base());
    const VA& values = solver.value_arrays(graph)[cls];
    const std::uint32_t class_base = solver::Solver::class_base[cls];
    // States solved here and not yet counted (as in Instance::grundy_range):
    // counted at each batch and on the way out; the interrupt checked where
    // Solver::one_pass_solved would check it, reported where the query is.
    std::uint64_t room = solver.room(), pending = 0;
    auto count = [&] {
        if (pending && solver.solved_run(std::exchange(pending, 0)))
            query_->noting_query([&] {
                return located(*query_, [&] {
                    solver.check_interrupt();
                    return Value();
                });
            });
    };
    struct Guard {  // an error on the way: counted, without the interrupt check
        solver::Solver& s;
        std::uint64_t& pending;
        ~Guard() { s.solved_run(pending); }
    } guard{solver, pending};
    TranslationGrid::Row row;
    grid->row(s0, step, last - first + 1, row);
    const TranslationGrid::Row::Step* steps = row.steps;
    const std::size_t moves = row.n;
    const bool fits = row.fits;
    // In locals, brought up to date (sync) before anything that may throw
    // or read them: the byte stores could alias anything in memory.
    std::uint64_t fresh = 0;    // solved, not yet in pending
    std::uint32_t on_page = 0;  // solved on the page, not yet in *known
    std::size_t u = used;
    std::uint8_t* bytes = nullptr;  // the page of the state's id, written in place
    std::uint32_t* known = nullptr;
    std::uint32_t page = UINT32_MAX, flat_count = 0;
    const std::uintptr_t* flat = nullptr;
    auto sync = [&] {
        pending += std::exchange(fresh, 0);
        if (known) *known += std::exchange(on_page, 0);
        used = u;
    };
    const std::uint32_t base = grid->base();  // that of its class: offsets are the array's indices
    std::int64_t at = grid->index(s0);
    std::int64_t i = first;
    // From state t (at offset j on its page, not known): a run of states
    // on that page, not known, where the same moves apply and each move's
    // option stays on one narrow page, values below 64 written in place
    // as a hand-written solver fills its table. Returns how many it
    // solved (0: state by state instead).
    auto run = [&](std::int64_t t, std::uint32_t j) -> std::int64_t {
        std::int64_t len = std::min({last - i + 1, row.stop - t, static_cast<std::int64_t>(std::min<std::uint64_t>(room, 1u << 20)),
                                     static_cast<std::int64_t>(capacity - u),
                                     static_cast<std::int64_t>(VA::page_size - 1 - j) / index_step + 1});
        const std::uint8_t* q[TranslationGrid::Row::max_steps];
        std::size_t nq = 0;
        for (std::size_t m = 0; m < moves; ++m) {
            const TranslationGrid::Row::Step& st = steps[m];
            const std::uint64_t off = static_cast<std::uint64_t>(t) - st.from;
            if (off <= st.span) {
                len = std::min(len, static_cast<std::int64_t>(st.span - off) + 1);
                const auto o = static_cast<std::uint32_t>(at + st.delta);
                if ((o >> VA::page_bits) >= flat_count) return 0;
                const std::uintptr_t e = flat[o >> VA::page_bits];
                if (e & 1) return 0;  // a wide page
                const std::uint32_t oj = o & (VA::page_size - 1);
                len = std::min(len, static_cast<std::int64_t>(VA::page_size - 1 - oj) / index_step + 1);
                q[nq++] = reinterpret_cast<const std::uint8_t*>(e) + oj;
            } else if (t < static_cast<std::int64_t>(st.from)) {
                len = std::min(len, static_cast<std::int64_t>(st.from) - t);  // until it starts to apply
            }
        }
        std::uint8_t* cell = bytes + j;
        std::uint32_t* out = batch + u;
        std::int64_t did = 0;
        for (; did < len && *cell == VA::narrow_unknown; ++did, cell += index_step) {
            std::uint64_t seen = 0;
            std::uint8_t big = 0;
            for (std::size_t m = 0; m < nq; ++m) {
                const std::uint8_t x = q[m][did * index_step];
                big |= x & 0xC0;  // 64 and above, or not known: state by state
                seen |= std::uint64_t{1} << (x & 63);
            }
            if (big || !~seen) break;
            const auto v = static_cast<std::uint8_t>(__builtin_ctzll(~seen));
            *cell = v;
            out[did] = v;
        }
        return did;
    };
    for (;; ++i) {
        // Values known on narrow pages (a box solved before, a row asked
        // again) read in a plain loop, up to the element that needs more:
        // the batch's last place, the row's last element, any other value.
        for (std::int64_t can = std::min<std::int64_t>(last - i, static_cast<std::int64_t>(capacity - u) - 1); can > 0;
             --can) {
            const auto o = static_cast<std::uint32_t>(at);
            if ((o >> VA::page_bits) >= flat_count) break;
            const std::uintptr_t e = flat[o >> VA::page_bits];
            if (!e || (e & 1)) break;
            const std::uint8_t x = reinterpret_cast<const std::uint8_t*>(e)[o & (VA::page_size - 1)];
            if (x >= VA::narrow_limit) break;
            batch[u++] = x;
            ++i;
            at += index_step;
        }
        const auto id = static_cast<std::uint32_t>(base + at);
        if ((id >> VA::page_bits) != page) {
            if (known) *known += std::exchange(on_page, 0);
            page = id >> VA::page_bits;
            // A narrow page that is there is read from the flat table; its
            // count of known ids is found when a value is written.
            const std::uint32_t f = (id - class_base) >> VA::page_bits;
            const std::uintptr_t e = f < flat_count ? flat[f] : 1;
            known = nullptr;
            bytes = e & 1 ? nullptr : reinterpret_cast<std::uint8_t*>(e);
            if (!bytes) {
                bytes = solver.writable_narrow(graph, id, known);
                flat = values.flat(flat_count);  // a page made may have grown it
            }
        }
        std::uint32_t v;
        const std::uint32_t j = id & (VA::page_size - 1);
        if (!bytes) {  // a wide page: values read, none written
            v = values.get(id - class_base);
            if (v >= VA::finite_limit) break;
        } else if (bytes[j] < VA::narrow_limit) {
            v = bytes[j];
        } else {
            if (bytes[j] != VA::narrow_unknown) break;  // known_n, on_path: the solver's
            if (!known) bytes = solver.writable_narrow(graph, id, known);
            if (room == 0) {
                sync();
                count();
                if ((room = solver.room()) == 0) break;  // the limit: reported as the query reports it
            }
            const std::int64_t t = i - first;
            if (t >= row.stop) break;  // an option that is not its own id
            // A run when a page holds a few of the row's states (else it
            // would be one state long, at the cost of its setup).
            const bool runs = fits && index_step > 0 && index_step < std::int64_t{VA::page_size} / 4;
            if (const std::int64_t did = runs ? run(t, j) : 0) {
                // States i .. i + did - 1, their values in the batch already:
                // the last of them goes on as one element.
                on_page += static_cast<std::uint32_t>(did);
                fresh += did;
                room -= did;
                u += did - 1;
                i += did - 1;
                at += (did - 1) * index_step;
                v = batch[u];
            } else {
                if (!fits || !TranslationGrid::row_value(steps, moves, flat, flat_count, t, id - class_base, v)) {
                    std::int64_t x[8];
                    for (std::uint32_t c = 0; c < k; ++c) x[c] = s0[c] + t * step[c];
                    if (!grid->value(values, x, id - class_base, v) || v >= VA::narrow_limit) break;
                }
                bytes[j] = static_cast<std::uint8_t>(v);
                ++on_page;
                ++fresh;
                --room;
            }
        }
        batch[u++] = v;
        if (u == capacity) {
            sync();
            count();
            poll_interrupt();
            if (!flush()) return false;
            u = used;
        }
        if (i == last) {
            sync();
            count();
            next = last + 1;
            return true;
        }
        at += index_step;
    }
    sync();
    count();
    next = i;  // element i goes the plain way
    return true;
}

// A box walked against the order of its ids (the innermost generator moves
// the state's high coordinate: `position (c, r)` asked as `G(m, n) for n in
// .., m in ..`) would take each state alone, each on its own page. Its
// states are solved first, row by row along the generator before, where
// the ids are close and grid_elements takes runs of them; the loop then
// reads their values. Only where the solver has room for the whole box:
// the same states are solved as by the loop as written, and no limit is
// met on the way. A state whose options are not known yet stops its row
// there (the loop solves the rest as written).
void RangeQuery::presolve_box(Env& env, Instance& inst, const std::int64_t* xs, std::size_t d, std::int64_t from,
                              std::int64_t to, std::int64_t lo, std::int64_t hi) const {
    const TranslationGrid* grid = inst.translation_grid();
    if (!grid || from >= to || lo >= hi) return;
    std::int64_t at[8];
    std::copy(xs, xs + dims_.size(), at);
    const std::size_t n = arg_dims_.size();
    auto index = [&](std::int64_t i, std::int64_t j, std::int64_t& out) {
        std::int64_t args[8], state[8];
        at[d - 1] = i;
        at[d] = j;
        for (std::size_t k = 0; k < n; ++k) args[k] = at[arg_dims_[k]];
        if (!inst.grid_position(std::span<const std::int64_t>(args, n), state) || !grid->inside(state)) return false;
        out = grid->index(state);
        return true;
    };
    std::int64_t corner, along_outer, along_inner;
    if (!index(from, lo, corner) || !index(from + 1, lo, along_outer) || !index(from, lo + 1, along_inner)) return;
    constexpr std::int64_t close = solver::ValueArray::page_size / 4;  // as grid_elements takes runs
    const std::int64_t outer_step = along_outer - corner, inner_step = along_inner - corner;
    if (outer_step <= 0 || outer_step >= close || (inner_step > -close && inner_step < close)) return;
    const auto area = static_cast<unsigned __int128>(to - from + 1) * static_cast<unsigned __int128>(hi - lo + 1);
    if (area > env.ctx.solver.room()) return;
    std::uint32_t scratch[256];
    std::size_t used = 0;
    for (std::int64_t j = lo; j <= hi; ++j) {
        at[d] = j;
        std::int64_t next;
        grid_elements(env, inst, at, d - 1, from, to, scratch, used, std::size(scratch),
                      [&] {
                          used = 0;
                          return true;
                      },
                      next);
        used = 0;
        if (j == hi) break;
    }
}

}  // namespace grundy::nodes
