#include "graph_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

namespace grundy {

namespace fs = std::filesystem;

std::string write_graph_file(const std::string& dot, const std::string& path) {
    std::string ext = fs::path(path).extension().string();
    if (ext.size() < 2) return fmt::format("cannot tell the format of '{}': name it .dot, .svg, .png or .pdf", path);
    if (ext == ".dot" || ext == ".gv") {
        std::ofstream out(path, std::ios::binary);
        if (!(out << dot)) return fmt::format("cannot write '{}'", path);
        return "";
    }
    // dot reads the graph from a temporary file: simpler than a pipe, and
    // its own messages still reach our standard error.
    fs::path tmp = fs::temp_directory_path() / "grundy-graph-XXXXXX";
    std::string tmp_name = tmp.string();
    int fd = mkstemp(tmp_name.data());
    if (fd < 0) return fmt::format("cannot create a temporary file: {}", std::strerror(errno));
    bool written = ::write(fd, dot.data(), dot.size()) == static_cast<ssize_t>(dot.size());
    ::close(fd);
    std::string error;
    if (!written) error = "cannot write a temporary file";
    if (error.empty()) {
        std::string format = "-T" + ext.substr(1);
        const char* argv[] = {"dot", format.c_str(), "-o", path.c_str(), tmp_name.c_str(), nullptr};
        pid_t pid;
        int rc = posix_spawnp(&pid, "dot", nullptr, nullptr, const_cast<char* const*>(argv), environ);
        if (rc == ENOENT) {
            error = fmt::format("cannot write '{}': Graphviz's `dot` is not installed (apt-get install graphviz); "
                                "a .dot file needs no Graphviz",
                                path);
        } else if (rc != 0) {
            error = fmt::format("cannot run Graphviz's `dot`: {}", std::strerror(rc));
        } else {
            int status = 0;
            while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
                error = fmt::format("Graphviz's `dot` could not write '{}' (see its message above)", path);
        }
    }
    std::remove(tmp_name.c_str());
    return error;
}

}  // namespace grundy
