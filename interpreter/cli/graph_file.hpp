// Writes a state graph (DOT text) to a file: as is for `.dot`, otherwise
// rendered by Graphviz's `dot` in the format the extension names (.svg,
// .png, .pdf, ...).
#pragma once

#include <string>

namespace grundy {

// "" on success, else a message saying what went wrong.
std::string write_graph_file(const std::string& dot, const std::string& path);

}  // namespace grundy
