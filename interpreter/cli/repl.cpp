#include "repl.hpp"

#include <csignal>
#include <iostream>

#include "grammar/parser.hpp"

namespace grundy {

namespace {
void on_sigint(int) { solver::Solver::interrupt_flag = 1; }
}  // namespace

int repl(Interpreter& in, const std::vector<std::string>& files) {
    for (const std::string& f : files) in.load_file(f);
    std::signal(SIGINT, on_sigint);
    std::string pending;
    int entry = 0;
    for (;;) {
        std::fputs(pending.empty() ? "grundy> " : "   ...> ", stdout);
        std::fflush(stdout);
        std::string line;
        if (!std::getline(std::cin, line)) break;
        pending += line + "\n";
        // Ask for more while the entry is incomplete (an open bracket or body).
        {
            SourceManager probe;
            std::uint32_t id = probe.add("<repl>", pending);
            try {
                parse(probe, id, ParseMode::repl);
            } catch (const DiagnosticError& e) {
                if (ends_early(probe, e) && !line.empty()) continue;
            }
        }
        in.run_entry("<repl:" + std::to_string(++entry) + ">", pending);
        pending.clear();
    }
    std::fputs("\n", stdout);
    return 0;
}

}  // namespace grundy
