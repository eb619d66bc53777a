#include "test_command.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <sstream>

#include "interpreter/driver/interpreter.hpp"

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

}  // namespace

int test_command(const TestOptions& opts) {
    bool missing = false;
    std::vector<std::string> files = collect(opts.paths, missing);
    std::size_t passed = 0, failed = 0;
    Watchdog watchdog(opts.limits);
    for (const std::string& file : files) {
        watchdog.arm();
        Interpreter in;
        if (opts.max_states) in.ctx.solver.set_max_states(opts.max_states);
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
        std::size_t file_passed = in.reporter.passed, file_failed = in.reporter.failed;
        if (s == status_error) ++file_failed;
        if (compare_output) {
            std::fflush(captured);
            std::rewind(captured);
            std::string got;
            char buf[4096];
            std::size_t n;
            while ((n = std::fread(buf, 1, sizeof buf, captured)) > 0) got.append(buf, n);
            if (got == slurp(expected)) {
                ++file_passed;
            } else {
                ++file_failed;
                std::fprintf(stderr, "%s: error: output differs from %s\n--- expected\n%s--- got\n%s", file.c_str(),
                             expected.c_str(), slurp(expected).c_str(), got.c_str());
            }
        }
        std::fclose(captured);
        passed += file_passed;
        failed += file_failed;
        if (file_failed || opts.verbose)
            std::printf("%s %s (%zu passed, %zu failed)\n", file_failed ? "FAIL" : "ok  ", file.c_str(), file_passed,
                        file_failed);
    }
    if (files.empty() && !missing) std::fprintf(stderr, "grundy: warning: no .game files found\n");
    std::printf("%zu passed, %zu failed\n", passed, failed);
    return missing ? 2 : failed ? 1 : 0;  // a path that is not there is an error, as in run
}

}  // namespace grundy
