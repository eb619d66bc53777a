// Test fixture: Kayles as a solver::GameGraph. A move takes 1 or 2
// adjacent pins of a row, leaving two rows, so sums grow and options have
// two parts (or fewer, once empty rows drop).
#pragma once

#include <string>

#include "interpreter/solver/solver.hpp"

namespace grundy::testing {

struct KaylesGraph : solver::GameGraph {
    std::uint32_t graph = 0;
    void expand(solver::StateId n, solver::OptionSink& out) override {
        for (solver::StateId t = 1; t <= 2 && t <= n; ++t)
            for (solver::StateId a = 0; a + t <= n; ++a) {
                out.begin_option();
                out.add(solver::make_comp(graph, a));
                out.add(solver::make_comp(graph, n - t - a));
            }
    }
    std::string describe(solver::StateId s) const override { return "Kayles(" + std::to_string(s) + ")"; }
};

}  // namespace grundy::testing
