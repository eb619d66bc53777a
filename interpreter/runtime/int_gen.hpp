// Running the int path's generators, shared by expansion (int_expand.cpp)
// and the one-pass solve (int_mex.cpp).
#pragma once

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

// The new position of a game on int lists, in order.
inline void build_list(const ListResult& lr, std::size_t gen, const Frame& f, ListBuffer& out) {
    if (gen == lr.gens.size()) {
        if (!lr.where || lr.where->test(f)) out.push_back(lr.element->eval(f));
        return;
    }
    for_each_value(lr.gens[gen], f, [&] {
        build_list(lr, gen + 1, f, out);
        return true;
    });
}
inline void build_list(const ListResult& lr, const Frame& f, ListBuffer& out) {
    out.clear();
    if (!lr.element) {
        for (const IntPtr& item : lr.items) out.push_back(item->eval(f));
        return;
    }
    build_list(lr, 0, f, out);
}

}  // namespace grundy::intpath
