#include "state_graph.hpp"

#include <algorithm>
#include <deque>
#include <fmt/format.h>
#include <map>

#include "interpreter/runtime/queries.hpp"

namespace grundy {

namespace {

// Positions that are the same sum in another order are one node.
std::pair<std::vector<solver::Comp>, bool> key_of(const PosObj& p) {
    std::vector<solver::Comp> comps = comps_of(p);
    std::sort(comps.begin(), comps.end());
    return {std::move(comps), p.misere};
}

std::string dot_escape(const std::string& s) {
    std::string out;
    for (char c : s) {
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out;
}

}  // namespace

StateGraph explore(Context& ctx, const Value& position, std::size_t max_nodes) {
    expect_position(position, "a state graph");
    StateGraph g;
    std::map<std::pair<std::vector<solver::Comp>, bool>, std::size_t> index;
    std::vector<Value> positions;
    auto node = [&](const Value& v) {
        auto [it, fresh] = index.try_emplace(key_of(v.pos()), positions.size());
        if (fresh) {
            if (positions.size() == max_nodes)
                throw ValueError(fmt::format("the state graph of {} has more than {} nodes, too many to draw; "
                                             "raise the limit with --max-nodes, or draw a smaller position",
                                             repr(position), max_nodes));
            positions.push_back(v);
        }
        return it->second;
    };
    // A part with no moves left is the zero game under either convention:
    // dropping it from a sum changes nothing and keeps the labels short.
    std::map<solver::Comp, bool> dead;
    auto simplify = [&](const Value& v) {
        const PosObj& p = v.pos();
        if (p.parts.size() < 2) return v;
        Components kept;
        for (const Component& c : p.parts) {
            solver::Comp comp = solver::make_comp(c.game->index(), c.state);
            auto it = dead.find(comp);
            if (it == dead.end()) it = dead.emplace(comp, ctx.solver.options(comp).empty()).first;
            if (!it->second) kept.push_back(c);
        }
        if (kept.empty()) kept.push_back(p.parts.front());
        return kept.size() == p.parts.size() ? v : make_position(std::move(kept), p.misere);
    };
    node(simplify(position));
    for (std::size_t i = 0; i < positions.size(); ++i) {
        Value from = positions[i];  // a copy: node() may grow `positions`
        std::size_t first_edge = g.edges.size();
        for (const Value& m : moves_of(ctx, from.pos())) {
            std::pair<std::size_t, std::size_t> e{i, node(simplify(m))};
            if (std::find(g.edges.begin() + first_edge, g.edges.end(), e) == g.edges.end()) g.edges.push_back(e);
        }
    }
    for (const Value& v : positions) {
        const PosObj& p = v.pos();
        StateGraph::Node n;
        n.label = repr(v);
        const auto o = outcome_of(ctx, p);
        n.p_position = o == solver::Solver::Outcome::p;
        n.draw = o == solver::Solver::Outcome::draw;
        n.value = p.misere ? (n.p_position ? "P" : "N") : sg_text(ctx.solver, ctx.solver.grundy(comps_of(p)));
        if (n.draw) n.value += ", draw";
        g.nodes.push_back(std::move(n));
    }
    return g;
}

std::string to_dot(const StateGraph& g) {
    std::string out = "// The states reachable from " + (g.nodes.empty() ? "" : g.nodes[0].label) +
                      "\n// with their values. P-positions (the player to move loses) are doubled\n"
                      "// and filled; parts of a sum with no moves left are left out.\n" +
                      (std::any_of(g.nodes.begin(), g.nodes.end(), [](const StateGraph::Node& n) { return n.draw; })
                           ? "// Drawn positions (neither player can force a win) are dashed.\n"
                           : "") +
                      "digraph grundy {\n"
                      "  node [shape=ellipse, fontname=\"Helvetica\"];\n";
    for (std::size_t i = 0; i < g.nodes.size(); ++i) {
        const StateGraph::Node& n = g.nodes[i];
        out += fmt::format("  n{} [label=\"{}\\n{}\"", i, dot_escape(n.label), dot_escape(n.value));
        if (n.p_position) out += ", peripheries=2, style=filled, fillcolor=\"#d9d9d9\"";
        if (n.draw) out += ", style=dashed";
        out += "];\n";
    }
    for (auto [a, b] : g.edges) out += fmt::format("  n{} -> n{};\n", a, b);
    return out + "}\n";
}

}  // namespace grundy
