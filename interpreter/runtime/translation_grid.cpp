#include "translation_grid.hpp"

#include <algorithm>
#include <bit>

#include "instance.hpp"
#include "int_gen.hpp"

namespace grundy {

namespace {

using intpath::Frame;
using intpath::GridCompare;
using I128 = __int128;

// x in [lo, hi] where a * x + b op 0 holds, narrowed; a, b exact.
void narrow(GridCompare::Op op, I128 a, I128 b, std::int64_t& lo, std::int64_t& hi) {
    auto at_most = [&](I128 t) {  // a x + b <= t
        if (a == 0) {
            if (b > t) lo = 1, hi = 0;
            return;
        }
        const I128 r = t - b;
        if (a > 0) {
            I128 q = r / a;
            if (q * a > r) --q;  // floor
            if (q < hi) hi = static_cast<std::int64_t>(std::max<I128>(q, lo - 1));
        } else {
            I128 q = r / a;
            if (q * a > r) ++q;  // ceil: a x <= r with a < 0 is x >= r / a
            if (q > lo) lo = static_cast<std::int64_t>(std::min<I128>(q, hi + 1));
        }
    };
    auto at_least = [&](I128 t) {  // a x + b >= t, as -a x - b <= -t
        a = -a, b = -b;
        at_most(-t);
        a = -a, b = -b;
    };
    switch (op) {
        case GridCompare::Op::lt: at_most(-1); break;
        case GridCompare::Op::le: at_most(0); break;
        case GridCompare::Op::gt: at_least(1); break;
        case GridCompare::Op::ge: at_least(0); break;
        case GridCompare::Op::eq: at_most(0), at_least(0); break;
    }
}

struct NoGrid {};

}  // namespace

std::unique_ptr<TranslationGrid> TranslationGrid::make(const IntGame& g, const IntInstanceData& data,
                                                       std::uint32_t base, unsigned bits) {
    if (!g.grid || g.arity > 8 || bits == 0 || bits > 31 || g.grid->moves.size() != g.moves.size()) return nullptr;
    auto grid = std::make_unique<TranslationGrid>();
    grid->arity_ = g.arity;
    grid->base_ = base;
    grid->bits_ = bits;
    grid->top_ = (std::int64_t{1} << bits) - 1;
    const std::uint32_t k = g.arity;
    const std::int64_t top = grid->top_;
    std::int64_t regs[IntGame::max_registers] = {};
    for (const auto& [reg, value] : data.int_regs) regs[reg] = value;
    Frame f{regs, &data};
    std::size_t probes = 0;  // evaluations, bounded: a move with a huge range is left to the kernels
    auto at = [&](std::int64_t* xs) {
        for (std::uint32_t i = 0; i < k; ++i) regs[i] = xs[i];
    };
    // One binding of a move's generators: its step, when the move can apply.
    auto add = [&](const intpath::Move& m, const intpath::GridMove& gm) {
        if (grid->steps_.size() >= max_steps || (probes += (std::size_t{1} << k) + 8) > (std::size_t{1} << 18))
            throw NoGrid{};
        Step s{};
        std::fill(s.lo, s.lo + 8, 0);
        std::fill(s.hi, s.hi + 8, top);
        // Every conjunct is evaluated: the rules' `and` runs a later one
        // at some states, so an error in any would be an error there.
        bool holds = true;
        for (const auto& b : gm.free) holds = b->test(f) && holds;
        std::int64_t xs[8] = {};
        at(xs);
        for (const GridCompare& c : gm.compares) {
            // Affine in x_c: exact at 0 and top (no overflow there, so none
            // between), and the slope from 0 and 1.
            I128 d[3];
            const std::int64_t probe[3] = {0, 1, top};
            for (int p = 0; p < 3; ++p) {
                regs[c.coord] = probe[p];
                d[p] = I128{c.lhs->eval(f)} - c.rhs->eval(f);
            }
            regs[c.coord] = 0;
            const I128 a = d[1] - d[0], b = d[0];
            if (a * top + b != d[2]) throw NoGrid{};  // not affine after all
            narrow(c.op, a, b, s.lo[c.coord], s.hi[c.coord]);
        }
        for (std::uint32_t i = 0; i < k; ++i) holds = holds && s.lo[i] <= s.hi[i];
        if (!holds) return;
        // The result at the box's corners: x + d at all of them means, the
        // result being affine, x + d everywhere in the box (along a side of
        // the box where it is wider than one), and no overflow.
        std::int64_t delta[8] = {};
        for (std::uint32_t corner = 0; corner < (1u << k); ++corner) {
            for (std::uint32_t i = 0; i < k; ++i) xs[i] = corner >> i & 1 ? s.hi[i] : s.lo[i];
            at(xs);
            for (std::uint32_t i = 0; i < k; ++i) {
                const std::int64_t r = m.result[i]->eval(f);
                std::int64_t d;
                if (__builtin_sub_overflow(r, xs[i], &d) || (corner && d != delta[i])) throw NoGrid{};
                delta[i] = d;
            }
        }
        s.delta = 0;
        bool far = false;  // the option is never its own id
        for (std::uint32_t i = 0; i < k; ++i) {
            far = far || delta[i] < -top || delta[i] > top;
            if (far) break;
            s.delta = s.delta * (std::int64_t{1} << bits) + delta[i];
            s.in_lo[i] = std::max(s.lo[i], -delta[i]);
            s.in_hi[i] = std::min(s.hi[i], top - delta[i]);
        }
        if (far) {  // kept, with no state inside: where it applies, the kernels take the state
            s.delta = 0;
            for (std::uint32_t i = 0; i < k; ++i) s.in_lo[i] = 1, s.in_hi[i] = 0;
        }
        for (std::uint32_t i = k; i < 8; ++i) s.lo[i] = s.in_lo[i] = 0, s.hi[i] = s.in_hi[i] = 0;
        grid->steps_.push_back(s);
    };
    try {
        for (std::size_t i = 0; i < g.moves.size(); ++i) {
            const intpath::Move& m = g.moves[i];
            if (m.result.size() != k || m.split) return nullptr;
            auto bind = [&](auto& self, std::size_t gen) -> void {
                if (gen == m.gens.size()) return add(m, g.grid->moves[i]);
                const intpath::Gen& gn = m.gens[gen];
                if (gn.over_position || gn.mask || gn.member) throw NoGrid{};
                intpath::for_each_value(gn, f, [&] {
                    self(self, gen + 1);
                    return true;
                });
            };
            bind(bind, 0);
        }
    } catch (const NoGrid&) {
        return nullptr;
    } catch (const DiagnosticError&) {
        return nullptr;  // the rules raise it where they reach it
    } catch (const ValueError&) {
        return nullptr;
    } catch (const intpath::Unfit&) {
        return nullptr;
    }
    return grid;
}

bool TranslationGrid::value(const solver::ValueArray& values, const std::int64_t* xs, std::uint32_t at,
                            std::uint32_t& v) const {
    // Values below 64 as bits; a mex is at most the options' count, so
    // larger values count only up to max_steps.
    std::uint64_t seen = 0, more[max_steps / 64 + 1];
    bool wide = false;
    const std::uint32_t k = arity_;
    for (const Step& s : steps_) {
        bool applies = true;
        for (std::uint32_t i = 0; i < k; ++i) applies &= xs[i] >= s.lo[i] && xs[i] <= s.hi[i];
        if (!applies) continue;
        for (std::uint32_t i = 0; i < k; ++i)
            if (xs[i] < s.in_lo[i] || xs[i] > s.in_hi[i]) return false;  // an option that is not its own id
        const std::uint32_t x = values.get(static_cast<std::uint32_t>(at + s.delta));
        if (x >= solver::ValueArray::finite_limit) return false;
        if (x < 64) {
            seen |= std::uint64_t{1} << x;
        } else if (x <= max_steps) {
            if (!wide) std::fill(std::begin(more), std::end(more), 0), wide = true;
            more[x / 64 - 1] |= std::uint64_t{1} << (x % 64);
        }
    }
    if (~seen) {
        v = static_cast<std::uint32_t>(std::countr_one(seen));
        return true;
    }
    std::uint32_t w = 0;
    while (wide && !~more[w]) ++w;
    v = 64 * (w + 1) + (wide ? static_cast<std::uint32_t>(std::countr_one(more[w])) : 0);
    return true;
}

namespace {
// The t in [0, count) with lo <= x + t * k <= hi, narrowed into [a, b].
void along(std::int64_t x, std::int64_t k, std::int64_t lo, std::int64_t hi, std::int64_t& a, std::int64_t& b) {
    if (k == 0) {
        if (x < lo || x > hi) a = 1, b = 0;
        return;
    }
    auto floor_div = [](I128 p, I128 q) {  // q != 0
        I128 r = p / q;
        if ((p % q != 0) && ((p < 0) != (q < 0))) --r;
        return r;
    };
    auto ceil_div = [&](I128 p, I128 q) { return -floor_div(-p, q); };
    I128 from, to;
    if (k > 0) from = ceil_div(I128{lo} - x, k), to = floor_div(I128{hi} - x, k);
    else from = ceil_div(I128{hi} - x, k), to = floor_div(I128{lo} - x, k);
    if (from > a) a = static_cast<std::int64_t>(std::min<I128>(from, I128{b} + 1));
    if (to < b) b = static_cast<std::int64_t>(std::max<I128>(to, I128{a} - 1));
}
}  // namespace

void TranslationGrid::row(const std::int64_t* x0, const std::int64_t* step, std::int64_t count, Row& out) const {
    out.n = 0;
    out.fits = true;
    out.stop = count;
    for (const Step& s : steps_) {
        std::int64_t a = 0, b = count - 1;
        for (std::uint32_t i = 0; i < arity_; ++i) along(x0[i], step[i], s.lo[i], s.hi[i], a, b);
        if (a > b) continue;
        std::int64_t ia = a, ib = b;
        for (std::uint32_t i = 0; i < arity_; ++i) along(x0[i], step[i], s.in_lo[i], s.in_hi[i], ia, ib);
        if (ia > ib) {
            out.stop = std::min(out.stop, a);
            continue;
        }
        if (ia > a) out.stop = std::min(out.stop, a);
        if (ib < b) out.stop = std::min(out.stop, ib + 1);
        if (out.n == Row::max_steps) {
            out.fits = false;
            continue;
        }
        out.steps[out.n++] = {static_cast<std::uint64_t>(a), static_cast<std::uint64_t>(b - a), s.delta};
    }
}

const TranslationGrid* Instance::translation_grid() {
    if (grid_state_ < 0) {
        grid_state_ = 0;
        const IntGame* g = int_game_;
        if (g && g->grid && g->shape == IntGame::Shape::ints && fast_ready()) {
            const bool one = g->arity == 1;
            grid_ = TranslationGrid::make(*g, fast_, one ? 0 : StateTable::first_direct,
                                          one ? 31 : table_.uniform() ? table_.direct_bits() : 0);
            grid_state_ = grid_ != nullptr;
        }
    }
    return grid_.get();
}

bool Instance::grid_value(solver::StateId s, std::uint32_t& value) {
    const TranslationGrid* grid = translation_grid();
    if (!grid || s < grid->base()) return false;
    const std::uint32_t at = s - grid->base();
    if (at >> (grid->bits() * grid->arity())) return false;  // not its own id
    std::int64_t xs[8];
    grid->coords(at, xs);
    const unsigned c = solver::Solver::id_class(s);
    return grid->value(ctx_.solver.value_arrays(graph_)[c], xs, s - solver::Solver::class_base[c], value);
}

bool Instance::grid_value(const std::int64_t* ints, std::uint32_t& value) {
    const TranslationGrid* grid = translation_grid();
    if (!grid || !grid->inside(ints)) return false;
    const std::uint32_t s = grid->base() + grid->index(ints);
    const unsigned c = solver::Solver::id_class(s);
    return grid->value(ctx_.solver.value_arrays(graph_)[c], ints, s - solver::Solver::class_base[c], value);
}

bool Instance::grid_position(std::span<const std::int64_t> args, std::int64_t* xs) {
    const IntGame* g = int_game_;
    if (!translation_grid() || !g->grid->start_affine) return false;
    if (!game_.has_start) {
        if (args.size() != g->arity || g->named_list) return false;  // G(h) of a list h is not G's ints
        std::copy(args.begin(), args.end(), xs);
        return true;
    }
    if (g->start.empty() || args.size() != g->start_args) return false;
    std::int64_t regs[IntGame::max_registers];
    intpath::copy_ints(args.data(), args.size(), regs + g->start_base);
    for (const auto& [reg, value] : fast_.int_regs) regs[reg] = value;
    intpath::Frame f{regs, &fast_};
    try {
        for (std::uint32_t i = 0; i < g->arity; ++i) xs[i] = g->start[i]->eval(f);
    } catch (const DiagnosticError&) {
        return false;  // the query as written raises it
    } catch (const ValueError&) {
        return false;
    } catch (const intpath::Unfit&) {
        return false;
    }
    return true;
}

}  // namespace grundy
