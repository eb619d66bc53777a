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

std::int64_t RangeQuery::grid_elements(Env& env, Instance& inst, const std::int64_t* xs, std::size_t d,
                                       std::int64_t first, std::int64_t last, std::uint32_t* batch,
                                       std::size_t& used, std::size_t capacity, FunctionRef<bool()> flush) const {
    using VA = solver::ValueArray;
    if (list_ || query_->query != CallBuiltin::Query::sg) return first;
    const TranslationGrid* grid = inst.translation_grid();
    if (!grid) return first;
    const std::size_t n = arg_dims_.size();
    std::int64_t args[8], s0[8], s1[8], sl[8];
    auto state_at = [&](std::int64_t i, std::int64_t* out) {
        for (std::size_t j = 0; j < n; ++j) args[j] = arg_dims_[j] == d ? i : xs[arg_dims_[j]];
        return inst.grid_position(std::span<const std::int64_t>(args, n), out) && grid->inside(out);
    };
    const std::uint32_t k = grid->arity();
    if (!state_at(first, s0) || !state_at(last, sl)) return first;
    if (last > first && !state_at(first + 1, s1)) return first;
    std::int64_t step[8] = {}, index_step = 0;
    for (std::uint32_t c = 0; c < k; ++c) {
        if (last > first) step[c] = s1[c] - s0[c];
        // `start` is affine: the ends agree with the step, or it is not taken.
        if (static_cast<__int128>(s0[c]) + static_cast<__int128>(last - first) * step[c] != sl[c]) return first;
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
    std::int64_t x[8];
    std::copy(s0, s0 + k, x);
    std::int64_t at = grid->index(s0);
    std::uint8_t* bytes = nullptr;  // the page of the state's id, written in place
    std::uint32_t* known = nullptr;
    std::int64_t page = -1;
    std::int64_t i = first;
    for (;; ++i) {
        poll_interrupt();
        const auto id = static_cast<std::uint32_t>(grid->base() + at);
        if (static_cast<std::int64_t>(id >> VA::page_bits) != page) {
            page = id >> VA::page_bits;
            bytes = solver.writable_narrow(graph, id, known);
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
            if (room == 0) {
                count();
                if ((room = solver.room()) == 0) break;  // the limit: reported as the query reports it
            }
            if (!grid->value(values, x, id - class_base, v) || v >= VA::narrow_limit) break;
            bytes[j] = static_cast<std::uint8_t>(v);
            ++*known;
            ++pending;
            --room;
        }
        batch[used++] = v;
        if (used == capacity) {
            count();
            if (!flush()) return -1;
        }
        if (i == last) {
            count();
            return last + 1;
        }
        for (std::uint32_t c = 0; c < k; ++c) x[c] += step[c];
        at += index_step;
    }
    count();
    return i;  // element i goes the plain way
}

}  // namespace grundy::nodes
