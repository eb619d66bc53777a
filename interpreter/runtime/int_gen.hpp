// Running the int path's generators, shared by expansion (int_expand.cpp)
// and the one-pass solve (int_mex.cpp).
#pragma once

#include <algorithm>
#include <iterator>

#include <boost/container/small_vector.hpp>

#include "context.hpp"
#include "int_game.hpp"

namespace grundy::intpath {

// Binds g's variable to each of its values in turn; stops early, returning
// false, when `body` does.
template <typename Body> bool for_each_value(const Gen& g, const Frame& f, Body&& body) {
    if (g.over_position) {
        for (std::uint32_t i = 0; i < f.pos_len; ++i) {
            f.r[g.reg] = f.pos[i];
            if (!body()) return false;
        }
        return true;
    }
    if (g.list >= 0) {
        for (std::int64_t x : f.data->lists[g.list]) {
            f.r[g.reg] = x;
            if (!body()) return false;
        }
        return true;
    }
    std::int64_t lo = g.lo->eval(f), hi = g.hi->eval(f);
    for (std::int64_t x = lo; x <= hi; ++x) {
        if (((x - lo) & 0xFFFF) == 0xFFFF) poll_interrupt();  // a state with very many moves
        f.r[g.reg] = x;
        if (!body()) return false;
        if (x == hi) break;
    }
    return true;
}

using ListBuffer = boost::container::small_vector<std::int64_t, 16>;

// The new position of a game on int lists (in order) or sets (sorted,
// without repeats).
inline void build_items(const ListResult& lr, std::size_t gen, const Frame& f, ListBuffer& out) {
    auto emit = [&] {
        if (!lr.where || lr.where->test(f)) out.push_back(lr.element->eval(f));
        return true;
    };
    if (gen == lr.gens.size()) {  // no generators: a condition and one element
        emit();
        return;
    }
    if (gen + 1 == lr.gens.size()) {  // the innermost generator, the common case: no recursion per element
        for_each_value(lr.gens[gen], f, emit);
        return;
    }
    for_each_value(lr.gens[gen], f, [&] {
        build_items(lr, gen + 1, f, out);
        return true;
    });
}
// `s - {d for d in s where c}` as a mask, with c's mask for this state's
// key computed once per instance (ListResult::filter); false when that
// does not apply, or when c raises an error for some d in s (the element
// loop then raises it where the rules do).
inline bool filtered_mask(const ListResult& lr, const Frame& f, std::uint64_t& out) {
    using K = ListResult::Kind;
    if (lr.kind != K::minus || lr.a->kind != K::position || lr.b->filter == ListResult::no_filter || !f.has_mask)
        return false;
    const ListResult& b = *lr.b;
    const std::int64_t key = b.filter == ListResult::constant_filter ? 0 : f.r[b.filter];
    if (key < 0 || key > 63) return false;
    IntInstanceData::Filter& c = f.data->filters[b.filter_slot][static_cast<std::size_t>(key)];
    if (!c.known) {
        std::int64_t& d = f.r[b.gens[0].reg];
        const std::int64_t saved = d;
        for (d = 0; d < 64; ++d) {
            try {
                if (b.where->test(f)) c.holds |= std::uint64_t{1} << d;
            } catch (const DiagnosticError&) {
                c.fails |= std::uint64_t{1} << d;
            }
        }
        d = saved;
        c.known = true;
    }
    if (f.pos_mask & c.fails) return false;
    out = f.pos_mask & ~c.holds;
    return true;
}

inline void build_list(const ListResult& lr, const Frame& f, ListBuffer& out, bool set) {
    using K = ListResult::Kind;
    out.clear();
    switch (lr.kind) {
        case K::items:
            for (const IntPtr& item : lr.items) out.push_back(item->eval(f));
            break;
        case K::comprehension: build_items(lr, 0, f, out); break;
        case K::position: out.assign(f.pos, f.pos + f.pos_len); return;  // a set position is sorted already
        default: {
            const ListResult& b = *lr.b;
            if (lr.kind == K::minus && lr.a->kind == K::position && b.kind == K::comprehension && b.ascending &&
                b.gens[0].over_position) {
                // s - {d for d in s where c}: the elements of s for which c fails,
                // tested in the same order as the comprehension would.
                for (std::uint32_t i = 0; i < f.pos_len; ++i) {
                    f.r[b.gens[0].reg] = f.pos[i];
                    if (b.where && !b.where->test(f)) out.push_back(f.pos[i]);
                }
                return;
            }
            ListBuffer x, y;
            build_list(*lr.a, f, x, true);
            build_list(*lr.b, f, y, true);
            if (lr.kind == K::minus) std::set_difference(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
            else if (lr.kind == K::union_) std::set_union(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
            else std::set_intersection(x.begin(), x.end(), y.begin(), y.end(), std::back_inserter(out));
            return;
        }
    }
    if (set && !lr.ascending) {
        std::sort(out.begin(), out.end());
        out.erase(std::unique(out.begin(), out.end()), out.end());
    }
}

}  // namespace grundy::intpath
