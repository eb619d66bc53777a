// The reachable state graph of a position, for pictures (`grundy graph`,
// the REPL's :graph): found breadth-first through the same moves as
// moves(), each node a position (a sum is one node) with its value.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "interpreter/runtime/context.hpp"

namespace grundy {

struct StateGraph {
    struct Node {
        std::string label;       // the position as Grundy prints it
        std::string value;       // "sg 3", or "P" / "N" under misère play
        bool p_position = false; // the player to move loses
        bool draw = false;       // neither player can force a win (a loopy game)
    };
    std::vector<Node> nodes;     // nodes[0] is the start, then breadth-first order
    std::vector<std::pair<std::size_t, std::size_t>> edges;
};

// Throws ValueError when more than max_nodes states are reachable, and
// whatever a move rule or the solver throws.
StateGraph explore(Context& ctx, const Value& position, std::size_t max_nodes);

// Graphviz DOT: P-positions drawn doubled and filled.
std::string to_dot(const StateGraph& g);

}  // namespace grundy
