#include "test_command.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <poll.h>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

#include "interpreter/driver/interpreter.hpp"
#include "interpreter/driver/json.hpp"

namespace grundy {

namespace fs = std::filesystem;

namespace {

std::vector<std::string> collect(const std::vector<std::string>& paths, bool& missing) {
    std::vector<std::string> files;
    for (const std::string& p : paths) {
        if (fs::is_regular_file(p)) {
            files.push_back(p);
        } else if (fs::is_directory(p)) {
            std::vector<std::string> found;
            for (auto& e : fs::recursive_directory_iterator(p))
                if (e.is_regular_file() && e.path().extension() == ".game") found.push_back(e.path().string());
            std::sort(found.begin(), found.end());
            files.insert(files.end(), found.begin(), found.end());
        } else {
            std::error_code ec;
            const char* why = p.empty()             ? "the name is empty"
                              : fs::exists(p, ec) ? "it is neither a file nor a folder"
                                                  : "no such file or folder";
            std::fprintf(stderr, "grundy: error: cannot test '%s': %s\n", p.c_str(), why);
            missing = true;
        }
    }
    return files;
}

std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

struct Counts {
    std::size_t passed = 0, failed = 0;
};

// Runs one file in this process; its output goes to this process's
// standard output and error.
Counts run_one(const std::string& file, const TestOptions& opts) {
    // In the file's own process: a watchdog's thread does not cross fork().
    Watchdog watchdog(opts.limits);
    watchdog.arm();
    Interpreter in;
    if (opts.max_states) in.ctx.solver.set_max_states(opts.max_states);
    if (opts.limits.max_memory)
        in.ctx.set_stack_budget(std::min<std::uint64_t>(std::uint64_t{512} << 20, opts.limits.max_memory / 4));
    fs::path input = fs::path(file).replace_extension(".in");
    fs::path expected = fs::path(file).replace_extension(".out");
    std::FILE* stdin_file = fs::exists(input) ? std::fopen(input.c_str(), "r") : std::fopen("/dev/null", "r");
    in.set_input(stdin_file);
    bool compare_output = fs::exists(expected);
    in.reporter.quiet = !compare_output;
    std::FILE* captured = std::tmpfile();
    in.set_output(compare_output ? captured : stdout, stderr);
    Status s = in.run_file(file);
    std::fclose(stdin_file);
    Counts c{in.reporter.passed, in.reporter.failed};
    if (s == status_error) ++c.failed;
    if (compare_output) {
        std::fflush(captured);
        std::rewind(captured);
        std::string got;
        char buf[4096];
        std::size_t n;
        while ((n = std::fread(buf, 1, sizeof buf, captured)) > 0) got.append(buf, n);
        if (got == slurp(expected)) {
            ++c.passed;
        } else {
            ++c.failed;
            std::fprintf(stderr, "%s: error: output differs from %s\n--- expected\n%s--- got\n%s", file.c_str(),
                         expected.c_str(), slurp(expected).c_str(), got.c_str());
        }
    }
    std::fclose(captured);
    return c;
}

// Runs one file in a child process, so that a file that runs too long (or
// crashes) is stopped and reported without stopping the others. `trouble`
// says what went wrong, if anything beyond failed checks.
Counts run_in_child(const std::string& file, const TestOptions& opts, std::string& trouble) {
    int fds[2];
    std::fflush(nullptr);  // nothing buffered may be written twice
    if (pipe(fds) != 0) {
        trouble = "cannot start a test process";
        return Counts{0, 1};
    }
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        trouble = "cannot start a test process";
        return Counts{0, 1};
    }
    if (pid == 0) {
        close(fds[0]);
        Counts c = run_one(file, opts);
        std::fflush(nullptr);
        std::string report = fmt::format("{} {}\n", c.passed, c.failed);
        ssize_t ignored = write(fds[1], report.data(), report.size());
        (void)ignored;
        _exit(0);
    }
    close(fds[1]);
    using Clock = std::chrono::steady_clock;
    auto deadline = Clock::now() + std::chrono::seconds(opts.timeout);
    std::string report;
    bool timed_out = false;
    for (;;) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) {
            timed_out = true;
            break;
        }
        pollfd p{fds[0], POLLIN, 0};
        int r = poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) continue;
        char buf[64];
        ssize_t n = read(fds[0], buf, sizeof buf);
        if (n <= 0) break;  // the child closed the pipe: it has ended
        report.append(buf, static_cast<std::size_t>(n));
    }
    close(fds[0]);
    if (timed_out) kill(pid, SIGKILL);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    Counts c;
    if (timed_out) {
        trouble = fmt::format("stopped after {} s (the limit is --timeout {})", opts.timeout, opts.timeout);
        return Counts{0, 1};
    }
    if (std::sscanf(report.c_str(), "%zu %zu", &c.passed, &c.failed) != 2) {
        trouble = WIFSIGNALED(status) ? fmt::format("the test process ended on signal {} ({})", WTERMSIG(status),
                                                    strsignal(WTERMSIG(status)))
                                      : "the test process ended without a report";
        return Counts{c.passed, 1};
    }
    return c;
}

}  // namespace

int test_command(const TestOptions& opts) {
    bool missing = false;
    std::vector<std::string> files = collect(opts.paths, missing);
    std::size_t passed = 0, failed = 0;
    for (const std::string& file : files) {
        std::string trouble;
        Counts c = run_in_child(file, opts, trouble);
        if (!trouble.empty()) std::fprintf(stderr, "%s: error: %s\n", file.c_str(), trouble.c_str());
        passed += c.passed;
        failed += c.failed;
        if (opts.json)
            std::printf("{\"event\": \"file\", \"file\": %s, \"passed\": %zu, \"failed\": %zu%s}\n",
                        json_string(file).c_str(), c.passed, c.failed,
                        trouble.empty() ? "" : (", \"error\": " + json_string(trouble)).c_str());
        else if (c.failed || opts.verbose)
            std::printf("%s %s (%zu passed, %zu failed)\n", c.failed ? "FAIL" : "ok  ", file.c_str(), c.passed,
                        c.failed);
        std::fflush(stdout);
    }
    if (files.empty() && !missing) std::fprintf(stderr, "grundy: warning: no .game files found\n");
    const int status = missing ? 2 : failed ? 1 : 0;  // a path that is not there is an error, as in run
    if (opts.json)
        std::printf("{\"event\": \"summary\", \"passed\": %zu, \"failed\": %zu, \"status\": %d}\n", passed, failed,
                    status);
    else
        std::printf("%zu passed, %zu failed\n", passed, failed);
    return status;
}

}  // namespace grundy
