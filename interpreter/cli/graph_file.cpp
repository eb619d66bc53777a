#include "graph_file.hpp"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cleanup.hpp"
#include "interpreter/solver/solver.hpp"
#include "output_file.hpp"

extern char** environ;

namespace grundy {

namespace {

// `dot` on the PATH, or "".
std::string find_dot() {
    const char* path = std::getenv("PATH");
    std::string dirs = path && *path ? path : "/usr/local/bin:/usr/bin:/bin";
    for (std::size_t start = 0; start <= dirs.size();) {
        std::size_t end = dirs.find(':', start);
        if (end == std::string::npos) end = dirs.size();
        std::string dir = dirs.substr(start, end - start);
        std::string candidate = (dir.empty() ? "." : dir) + "/dot";
        struct stat st {};
        if (::stat(candidate.c_str(), &st) == 0 && S_ISREG(st.st_mode) && ::access(candidate.c_str(), X_OK) == 0)
            return candidate;
        start = end + 1;
    }
    return "";
}

// Sends all of `data`; false when the reader has gone (dot failed).
bool send_all(int fd, const std::string& data) {
    std::size_t done = 0;
    while (done < data.size()) {
        ssize_t n = ::send(fd, data.data() + done, data.size() - done, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<std::size_t>(n);
    }
    return true;
}

// Waits for the child; the REPL's Ctrl-C (the solver's flag) kills it.
// Returns its wait status, or -1 when interrupted (by the flag, or a
// Ctrl-C at the terminal, which reaches dot too).
int wait_for(pid_t pid) {
    for (;;) {
        int status = 0;
        pid_t r = ::waitpid(pid, &status, WNOHANG);
        if (r == pid) {
            bool ctrl_c = WIFSIGNALED(status) && WTERMSIG(status) == SIGINT;
            return ctrl_c || solver::Solver::interrupt_flag.load() == solver::Solver::interrupted ? -1 : status;
        }
        if (r < 0 && errno != EINTR) return 0;  // not ours to wait for any more
        if (solver::Solver::interrupt_flag.load() == solver::Solver::interrupted) {
            ::kill(pid, SIGKILL);
            while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {
            }
            return -1;
        }
        struct timespec pause {0, 5'000'000};
        ::nanosleep(&pause, nullptr);
    }
}

// Reads what `fd` holds from its start.
bool read_back(int fd, std::string& out) {
    if (::lseek(fd, 0, SEEK_SET) != 0) return false;
    char buf[65536];
    for (;;) {
        ssize_t n = ::read(fd, buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return false;
        if (n == 0) return true;
        out.append(buf, static_cast<std::size_t>(n));
    }
}

// Renders `dot` with Graphviz in `format` into `rendered`: "" or a message.
// dot writes to a file in memory, not to the output: it does not report
// its own write errors (a full disk), so the output is written here.
std::string render(const std::string& dot, const std::string& format, const std::string& shown,
                   std::string& rendered) {
    std::string program = find_dot();
    if (program.empty())
        return fmt::format("cannot write '{}': Graphviz's `dot` is not installed (apt-get install graphviz); "
                           "a .dot file needs no Graphviz",
                           shown);
    int memory = ::memfd_create("grundy-graph", MFD_CLOEXEC);
    if (memory < 0) return fmt::format("cannot run Graphviz's `dot`: {}", std::strerror(errno));
    int sock[2];
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sock) != 0) {
        int err = errno;
        ::close(memory);
        return fmt::format("cannot run Graphviz's `dot`: {}", std::strerror(err));
    }
    std::string flag = "-T" + format;
    const char* argv[] = {"dot", flag.c_str(), nullptr};
    pid_t parent = ::getpid();
    pid_t pid = ::fork();
    if (pid == 0) {
        // The child: only async-signal-safe calls until exec. It dies with
        // this thread, so no `dot` is left writing after grundy is gone.
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);
        if (::dup2(sock[1], STDIN_FILENO) < 0 || ::dup2(memory, STDOUT_FILENO) < 0) ::_exit(127);
        ::execve(program.c_str(), const_cast<char* const*>(argv), environ);
        ::_exit(127);
    }
    int err = errno;
    ::close(sock[1]);
    if (pid < 0) {
        ::close(sock[0]);
        ::close(memory);
        return fmt::format("cannot run Graphviz's `dot`: {}", std::strerror(err));
    }
    int slot = cleanup::add_child(pid);
    send_all(sock[0], dot);  // a failure shows in dot's status
    ::close(sock[0]);
    int status = wait_for(pid);
    cleanup::remove_child(slot);
    std::string error;
    if (status == -1) error = "interrupted";
    else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        error = fmt::format("Graphviz's `dot` could not render '{}' (see its message above)", shown);
    else if (!read_back(memory, rendered))
        error = fmt::format("cannot read what Graphviz's `dot` rendered: {}", std::strerror(errno));
    ::close(memory);
    return error;
}

}  // namespace

std::string write_graph_file(const std::string& dot, const std::string& path, const std::vector<std::string>& inputs) {
    std::string ext = std::filesystem::path(path).extension().string();
    if (ext.size() < 2) return fmt::format("cannot tell the format of '{}': name it .dot, .svg, .png or .pdf", path);
    OutputFile out;
    std::string error = out.open(path, OutputKind::named, inputs);
    std::string rendered;
    bool as_is = ext == ".dot" || ext == ".gv";
    if (error.empty() && !as_is) error = render(dot, ext.substr(1), out.shown(), rendered);
    if (error.empty()) error = out.write(as_is ? dot : rendered);
    if (error.empty()) error = out.commit();
    return error;
}

}  // namespace grundy
