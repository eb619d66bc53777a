// The command line: grundy run | test | eval | graph | plot | repl.
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "big_stack.hpp"
#include "cleanup.hpp"
#include "commands.hpp"
#include "interpreter/driver/interpreter.hpp"
#include "interpreter/support/suggest.hpp"
#include "test_command.hpp"

#ifndef GRUNDY_VERSION
#define GRUNDY_VERSION "0.0.0"
#endif

namespace grundy {
namespace {

const char* usage = R"(usage: grundy <command> [options] [arguments]

Solve impartial games described in .game files.

commands:
  run FILE...              run the files' statements; prints what they print
  test [PATH...]           run every .game file under the paths (default:
                           stdlib examples), count asserts and checks, and
                           end with "N passed, N failed"
  eval [FILE...] -e EXPR   load the files' definitions, print EXPR's value
  graph [FILE...] -e EXPR  the state graph of position EXPR as Graphviz DOT
  plot [FILE...] -e EXPR   a plot of the nim-sequence EXPR (a list of ints
                           G(0), G(1), ..., or a list of them) as SVG; more
                           -e EXPR: side by side
  repl [FILE...]           explore interactively (:help lists the commands)

options:
  --max-states N           stop when the run has counted N states (default 10^8)
  --max-memory SIZE        stop when grundy uses more than SIZE of memory, as 200M
                           or 2G (default: half of the machine's memory)
  --max-stack SIZE         stop a recursion whose nested calls use more than SIZE
                           of stack (default 512M, at most a quarter of
                           --max-memory)
  --max-seconds N          stop when the run has taken N seconds (default: no
                           limit; in the REPL, each entry; in test, each file)
  --json                   run: one JSON object per line for each print, table,
                           assert, check and error, then a summary;
                           eval: each value (or the error) as JSON;
                           test: one JSON object per file, then a summary
  --csv DIR                run, repl: also write each table to DIR as CSV
                           (table1.csv, table2.csv, ... in the order they run)
  --plot DIR               run, repl: write each plot statement to DIR as SVG
                           (plot1.svg, plot2.svg, ...)
  -o FILE                  graph: write FILE (.dot as is; .svg, .png, .pdf
                           rendered by Graphviz's dot) instead of printing DOT;
                           plot: write FILE (.svg, or .png rendered by
                           rsvg-convert); never one of the program's files
  --max-nodes N            graph, :graph: refuse graphs of more nodes (default 500)
  --timeout S              test: stop a file that runs longer than S seconds
                           (default 120)
  -v, --verbose            test: list every file, not only failures
  -h, --help               show this help
  --version                show the version

exit status: 0 success, 1 an assert or check failed, 2 an error in the program
)";

const std::vector<std::string> command_names = {"run", "test", "eval", "graph", "plot", "repl"};
const std::vector<std::string> option_names = {"--max-states", "--max-memory", "--max-stack", "--max-seconds", "--json", "--csv", "--plot",
                                               "-o", "--max-nodes", "--timeout", "--verbose", "--help", "--version",
                                               "-e", "-v", "-h"};

// " (did you mean 'run'?)" when `word` is close to one of `names`.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& names) {
    std::string best = closest(word, names);
    return best.empty() ? "" : " (did you mean '" + best + "'?)";
}

int bad_usage(const std::string& msg) {
    std::fprintf(stderr, "grundy: error: %s\n(see grundy --help)\n", msg.c_str());
    return status_error;
}

bool positive(const std::string& v, std::uint64_t& out) {
    char* end = nullptr;
    unsigned long long n = std::strtoull(v.c_str(), &end, 10);
    if (v.empty() || *end || n == 0 || v[0] == '-') return false;
    out = n;
    return true;
}

bool seconds(const std::string& v, double& out) {
    char* end = nullptr;
    double x = std::strtod(v.c_str(), &end);
    if (v.empty() || *end || !(x > 0) || x > 1e9 || !std::isdigit(static_cast<unsigned char>(v[0]))) return false;
    out = x;
    return true;
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
        } else if (s == "--json") {
            a.json = true;
        } else if (s == "--max-states" || s == "--max-nodes" || s == "-e" || s == "-o" || s == "--csv" || s == "--plot" ||
                   s == "--timeout" || s == "--max-memory" || s == "--max-stack" || s == "--max-seconds") {
            if (i + 1 >= argc) return bad_usage(s + " needs a value");
            std::string v = argv[++i];
            std::uint64_t n = 0;
            if (s == "-e") a.exprs.push_back(v);
            else if (s == "-o") a.output = v;
            else if (s == "--csv") a.csv_dir = v;
            else if (s == "--plot") a.plot_dir = v;
            else if (s == "--max-memory") {
                std::optional<std::uint64_t> bytes = parse_size(v);
                if (!bytes) return bad_usage("--max-memory needs a size with its unit, such as 200M or 2G");
                a.max_memory = *bytes;
            } else if (s == "--max-stack") {
                std::optional<std::uint64_t> bytes = parse_size(v);
                if (!bytes) return bad_usage("--max-stack needs a size with its unit, such as 512M or 4G");
                a.max_stack = *bytes;
            } else if (s == "--max-seconds") {
                if (!seconds(v, a.max_seconds)) return bad_usage("--max-seconds needs a positive number");
            } else if (!positive(v, n)) return bad_usage(s + " needs a positive number");
            else if (s == "--max-states") a.max_states = n;
            else if (s == "--timeout") a.timeout = n;
            else a.max_nodes = n;
        } else if (s.size() > 1 && s[0] == '-') {
            return bad_usage("unknown option '" + s + "'" + did_you_mean(s, option_names));
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
    // A signal that ends the process removes the temporaries of an output
    // being written and kills Graphviz first; the REPL takes Ctrl-C itself.
    cleanup::install(a.command != "repl");
    // A file size limit (ulimit -f) is a write error with a message, not a crash.
    std::signal(SIGXFSZ, SIG_IGN);
    if (a.command == "test") {
        TestOptions t;
        t.paths = a.files.empty() ? std::vector<std::string>{"stdlib", "examples"} : a.files;
        t.verbose = a.verbose;
        t.max_states = a.max_states;
        t.json = a.json;
        if (a.timeout) t.timeout = a.timeout;
        t.limits = limits_of(a);
        return test_command(t);
    }
    if (a.command == "run") {
        if (a.files.empty()) return bad_usage("run needs a .game file");
        return run_command(a);
    }
    if (a.command == "eval") {
        if (a.exprs.empty()) return bad_usage("eval needs an expression: -e EXPR");
        return eval_command(a);
    }
    if (a.command == "graph") {
        if (a.json) return bad_usage("graph writes Graphviz DOT, not JSON: leave out --json");
        if (a.exprs.size() != 1) return bad_usage("graph needs one position: -e EXPR");
        return graph_command(a);
    }
    if (a.command == "plot") {
        if (a.json) return bad_usage("plot writes SVG, not JSON: leave out --json");
        if (a.exprs.empty()) return bad_usage("plot needs a sequence: -e EXPR");
        return plot_command(a);
    }
    if (a.command == "repl") {
        if (a.json) return bad_usage("the REPL shows text; --json is for run, eval and test");
        return repl_command(a);
    }
    if (a.command.ends_with(".game"))
        return bad_usage("unknown command '" + a.command + "' (did you mean 'grundy run " + a.command + "'?)");
    return bad_usage("unknown command '" + a.command + "'" + did_you_mean(a.command, command_names));
}

}  // namespace
}  // namespace grundy

int main(int argc, char** argv) {
    return grundy::run_with_big_stack([&]() -> int {
        // A failure outside the program's own diagnostics (a file system
        // error, memory) ends with a message, not an abort.
        try {
            int status = grundy::main_inner(argc, argv);
            // Output that could not be written (a full disk) is an error, not a success.
            errno = 0;
            if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
                std::fprintf(stderr, "grundy: error: cannot write to standard output%s%s\n", errno ? ": " : "",
                             errno ? std::strerror(errno) : "");
                return static_cast<int>(grundy::status_error);
            }
            return status;
        } catch (const std::bad_alloc& e) {
            std::fprintf(stderr, "grundy: error: %s\n", grundy::out_of_memory_message(e).c_str());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "grundy: error: %s\n", e.what());
        }
        return grundy::status_error;
    });
}
