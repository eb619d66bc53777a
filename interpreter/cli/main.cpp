// The command line: grundy run | test | eval | repl.
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <string>
#include <vector>

#include "big_stack.hpp"
#include "interpreter/driver/interpreter.hpp"
#include "repl.hpp"
#include "test_command.hpp"

#ifndef GRUNDY_VERSION
#define GRUNDY_VERSION "0.0.0"
#endif

namespace grundy {
namespace {

const char* usage = R"(usage: grundy <command> [options] [arguments]

Solve impartial games described in .game files.

commands:
  run FILE...            run the files' statements; prints what they print
  test [PATH...]         run every .game file under the paths (default:
                         stdlib examples), count asserts and checks, and
                         end with "N passed, N failed"
  eval [FILE...] -e EXPR load the files' definitions, print EXPR's value
  repl [FILE...]         explore interactively (:help lists the commands)

options:
  --max-states N         stop a solve after N states (default 100000000)
  -v, --verbose          test: list every file, not only failures
  -h, --help             show this help
  --version              show the version

exit status: 0 success, 1 an assert or check failed, 2 an error in the program
)";

struct Args {
    std::string command;
    std::vector<std::string> files;
    std::vector<std::string> exprs;
    std::uint64_t max_states = 0;
    bool verbose = false;
};

int bad_usage(const std::string& msg) {
    std::fprintf(stderr, "grundy: error: %s\n(see grundy --help)\n", msg.c_str());
    return status_error;
}

int main_inner(int argc, char** argv) {
    Args a;
    for (int i = 1; i < argc; ++i) {
        std::string s = argv[i];
        if (s == "-h" || s == "--help") {
            std::fputs(usage, stdout);
            return 0;
        }
        if (s == "--version") {
            std::printf("grundy %s\n", GRUNDY_VERSION);
            return 0;
        }
        if (s == "-v" || s == "--verbose") {
            a.verbose = true;
        } else if (s == "--max-states" || s == "-e") {
            if (i + 1 >= argc) return bad_usage(s + " needs a value");
            std::string v = argv[++i];
            if (s == "-e") {
                a.exprs.push_back(v);
                continue;
            }
            char* end = nullptr;
            unsigned long long n = std::strtoull(v.c_str(), &end, 10);
            if (v.empty() || *end || n == 0) return bad_usage("--max-states needs a positive number");
            a.max_states = n;
        } else if (s.size() > 1 && s[0] == '-') {
            return bad_usage("unknown option '" + s + "'");
        } else if (a.command.empty()) {
            a.command = s;
        } else {
            a.files.push_back(s);
        }
    }
    if (a.command.empty()) {
        std::fputs(usage, stderr);
        return status_error;
    }
    if (a.command == "test") {
        TestOptions t;
        t.paths = a.files.empty() ? std::vector<std::string>{"stdlib", "examples"} : a.files;
        t.verbose = a.verbose;
        t.max_states = a.max_states;
        return test_command(t);
    }
    Interpreter in;
    if (a.max_states) in.ctx.solver.set_max_states(a.max_states);
    if (a.command == "run") {
        if (a.files.empty()) return bad_usage("run needs a .game file");
        int worst = 0;
        for (const std::string& f : a.files) {
            int s = in.run_file(f);
            worst = std::max(worst, s);
            if (s == status_error) break;
        }
        return worst;
    }
    if (a.command == "eval") {
        if (a.exprs.empty()) return bad_usage("eval needs an expression: -e EXPR");
        for (const std::string& f : a.files)
            if (in.load_file(f) != status_ok) return status_error;
        for (const std::string& e : a.exprs) {
            Value v;
            if (in.eval(e, v) != status_ok) return status_error;
            std::printf("%s\n", display(v).c_str());
        }
        return 0;
    }
    if (a.command == "repl") return repl(in, a.files);
    return bad_usage("unknown command '" + a.command + "'");
}

}  // namespace
}  // namespace grundy

int main(int argc, char** argv) {
    return grundy::run_with_big_stack([&] { return grundy::main_inner(argc, argv); });
}
