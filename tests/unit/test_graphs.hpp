// Test fixtures: small games as solver::GameGraphs.
#pragma once

#include <string>

#include "interpreter/solver/solver.hpp"

namespace grundy::testing {

// Kayles: a move takes 1 or 2 adjacent pins of a row, leaving two rows, so
// sums grow and options have two parts (or fewer, once empty rows drop).
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

// Three states that move round in a cycle.
struct LoopGraph : solver::GameGraph {
    std::uint32_t graph = 0;
    void expand(solver::StateId s, solver::OptionSink& out) override {
        out.begin_option();
        out.add(solver::make_comp(graph, (s + 1) % 3));
    }
    std::string describe(solver::StateId s) const override { return "Loop(" + std::to_string(s) + ")"; }
};

// Nim's options of heap s (every smaller heap), for graphs built on Nim.
inline void nim_options(std::uint32_t graph, solver::StateId s, solver::OptionSink& out) {
    for (solver::StateId k = 0; k < s; ++k) {
        out.begin_option();
        out.add(solver::make_comp(graph, k));
    }
}

}  // namespace grundy::testing
