// What must not outlive the grundy process: temporary files (an output
// being written) and children (Graphviz's dot). Each is registered while it
// exists; a signal that ends the process (SIGINT outside the REPL, SIGTERM,
// SIGHUP, SIGQUIT) removes the temporaries and kills the children, then
// ends the process as the signal would have. Normal exits remove them
// through their owners (OutputFile, the graph renderer).
#pragma once

#include <string>
#include <sys/types.h>

namespace grundy::cleanup {

// Installs the handlers; `sigint` too unless the REPL handles Ctrl-C itself.
void install(bool sigint);

// A slot number for remove_*, or -1 when every slot is taken (the caller
// goes on; only a signal's cleanup would miss it).
int add_temporary(const std::string& path);
void remove_temporary(int slot);
int add_child(pid_t pid);
void remove_child(int slot);

}  // namespace grundy::cleanup
