// Writes a state graph (DOT text) to a file: as is for `.dot`, otherwise
// rendered by Graphviz's `dot` in the format the extension names (.svg,
// .png, .pdf, ...). Either way through an OutputFile (output_file.hpp): the
// file appears whole or not at all, and never replaces one of `inputs`.
//
// `dot` runs as a child that reads the graph from a socket and writes to
// a file in memory (memfd), which is then written out here, so that write
// errors are reported (dot ignores its own); it is killed if grundy dies
// (PR_SET_PDEATHSIG) and when the REPL's Ctrl-C interrupts the wait for it.
#pragma once

#include <string>
#include <vector>

namespace grundy {

// "" on success, else a message saying what went wrong.
std::string write_graph_file(const std::string& dot, const std::string& path, const std::vector<std::string>& inputs);

}  // namespace grundy
