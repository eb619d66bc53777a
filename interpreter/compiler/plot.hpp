// Plots of nim-sequences: G(n) against n as a scatter, in SVG written here
// (no library), for the plot statement, `grundy plot` and `:plot`. Several
// sequences are drawn side by side, one panel each.
//
// A panel is 600 by 300 pixels of plot. With more heaps than pixel columns,
// the heaps of a column are binned: the column shows a point for every
// value some heap of it has, so a value that occurs once in 10^6 heaps is
// still a point (the eye sees the rare values, not an average). Values
// above 300 are binned alike by rows.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/values/value.hpp"

namespace grundy {

struct PlotSeries {
    std::string label;                 // the panel's title
    std::vector<std::int64_t> values;  // G(first), G(first + 1), ...
    std::int64_t first = 0;
};

// The series in v: a list of ints, or a list of such lists (side by side);
// `label` names them (with " #2", ... for several). Throws ValueError.
std::vector<PlotSeries> plot_series(const Value& v, const std::string& label);

// The SVG document.
std::string plot_svg(const std::vector<PlotSeries>& series);

}  // namespace grundy
