// The commands that run programs: run, eval, graph, plot (and the options they share).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/driver/limits.hpp"

namespace grundy {

struct Args {
    std::string command;
    std::vector<std::string> files;
    std::vector<std::string> exprs;   // -e
    std::uint64_t max_states = 0;     // 0: the default
    std::uint64_t max_memory = 0;     // bytes; 0: the default (default_max_memory)
    std::uint64_t max_stack = 0;      // bytes; 0: the default (stack_budget)
    double max_seconds = 0;           // 0: none
    std::size_t max_nodes = 500;      // graph, :graph
    bool verbose = false;             // test
    bool json = false;                // run, eval, test
    std::uint64_t timeout = 0;        // test: seconds per file (0: the default)
    std::optional<std::string> csv_dir;  // run, repl: write each table there as CSV
    std::optional<std::string> plot_dir;  // run, repl: write each plot statement there as SVG
    std::optional<std::string> output;   // graph: -o FILE
};

// The limits on time and memory the options ask for.
Limits limits_of(const Args& a);
// The stack recursion may use: --max-stack, else 512M, at most a quarter of the memory limit.
std::uint64_t stack_budget(const Args& a);

int run_command(const Args& a);
int eval_command(const Args& a);
int graph_command(const Args& a);
int plot_command(const Args& a);
int repl_command(const Args& a);

}  // namespace grundy
