// Writes a plot (SVG text, driver/plot.hpp) to a file through an
// OutputFile (whole or not at all, never one of `inputs`): `.svg` as is,
// `.png` rendered by librsvg's rsvg-convert (Debian package librsvg2-bin).
#pragma once

#include <string>
#include <vector>

namespace grundy {

// "" on success, else a message saying what went wrong.
std::string write_plot_file(const std::string& svg, const std::string& path, const std::vector<std::string>& inputs);

}  // namespace grundy
