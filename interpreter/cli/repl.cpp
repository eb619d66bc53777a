#include "repl.hpp"

#include <cctype>
#include <chrono>
#include <csignal>
#include <filesystem>

#include "grammar/parser.hpp"
#include "interpreter/runtime/builtins.hpp"
#include "repl_session.hpp"

namespace grundy {

namespace {

void on_sigint(int) { solver::Solver::interrupt_flag = 1; }

// Ctrl-C while an entry runs: the solver and the interpreter's loops poll
// the flag and end the entry with "interrupted". (While a line is edited,
// libedit takes Ctrl-C as a key.)
void catch_sigint() {
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGINT, &sa, nullptr);
}

// True while more lines could complete the entry: an open bracket or body.
bool incomplete(const std::string& text) {
    SourceManager probe;
    std::uint32_t id = probe.add("<repl>", text);
    try {
        parse(probe, id, ParseMode::repl);
    } catch (const DiagnosticError& e) {
        return ends_early(probe, e);
    }
    return false;
}

bool is_blank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

std::string trimmed(const std::string& s) {
    std::size_t b = s.find_first_not_of(" \t\r"), e = s.find_last_not_of(" \t\r");
    return b == std::string::npos ? "" : s.substr(b, e - b + 1);
}

// The language's keywords, for completion (grammar/lexical.hpp has the rules).
const char* const keywords[] = {"and", "assert", "canonical", "check", "else", "false", "fn", "for",
                                "game", "if", "import", "in", "let", "lose", "move", "not", "or",
                                "position", "print", "start", "table", "terminal", "then", "true",
                                "when", "where"};

}  // namespace

ReplSession::ReplSession(Interpreter& in, const ReplOptions& opts) : in_(in), opts_(opts) {
    reader_ = LineReader::make([this](std::string_view before) { return complete(before); });
}

int ReplSession::run(const std::vector<std::string>& files) {
    catch_sigint();
    for (const std::string& f : files) load(f);
    if (reader_->interactive())
        std::printf("Grundy %s: type :help for the commands, Ctrl-D to leave.\n", GRUNDY_VERSION);
    std::string pending;
    for (;;) {
        std::string line;
        LineReader::Result r = reader_->read(pending.empty() ? "grundy> " : "   ...> ", line);
        if (r == LineReader::Result::interrupted) {
            pending.clear();
            continue;
        }
        if (r == LineReader::Result::eof) {
            if (!is_blank(pending)) run_entry(pending);  // a piped entry left open: show its error
            if (reader_->interactive()) std::fputs("\n", stdout);  // after the ^D
            return 0;
        }
        if (pending.empty()) {
            if (is_blank(line)) continue;
            std::size_t first = line.find_first_not_of(" \t");
            if (line[first] == ':') {
                bool go_on = true;
                timed([&] { go_on = command(line.substr(first)); });
                if (!go_on) return 0;
                continue;
            }
            // What other REPLs understand, unless a definition took the name.
            std::string word = trimmed(line);
            if (word.ends_with("()")) word.resize(word.size() - 2);
            if ((word == "help" || word == "quit" || word == "exit") && !in_.globals.names.count(word)) {
                if (word == "help") help();
                else return 0;
                continue;
            }
        }
        pending += line + "\n";
        // A blank line ends an entry early, so a stray bracket cannot trap the user.
        if (!is_blank(line) && incomplete(pending)) continue;
        run_entry(pending);
        pending.clear();
    }
}

void ReplSession::run_entry(const std::string& text) {
    timed([&] {
        solver::Solver::interrupt_flag = 0;  // a Ctrl-C at the prompt must not stop this entry
        in_.run_entry(next_source_name(), text);
    });
}

void ReplSession::timed(const std::function<void()>& f) {
    auto t0 = std::chrono::steady_clock::now();
    // --max-seconds and --max-memory hold for each entry and command.
    struct Armed {
        Watchdog* w;
        explicit Armed(Watchdog* w) : w(w) {
            if (w) w->arm();
        }
        ~Armed() {
            if (w) w->disarm();
        }
    } armed(opts_.watchdog);
    f();
    if (timing_)
        std::printf("time: %.3f s\n", std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    std::fflush(stdout);
}

Completion ReplSession::complete(std::string_view before) const {
    namespace fs = std::filesystem;
    Completion c;
    std::size_t first = before.find_first_not_of(" \t");
    if (first != std::string_view::npos && before[first] == ':') {
        std::size_t space = before.find_first_of(" \t", first);
        if (space == std::string_view::npos) {  // the command's name
            c.start = first;
            c.space_after = true;
            c.candidates = repl_command_names();
            return c;
        }
        if (before.substr(first, space - first) == ":load") {  // a file name
            std::size_t arg = before.find_last_of(" \t") + 1;
            std::string typed(before.substr(arg));
            std::size_t slash = typed.rfind('/');
            std::string dir = slash == std::string::npos ? "" : typed.substr(0, slash + 1);
            c.start = arg;
            std::error_code ec;
            for (auto& e : fs::directory_iterator(dir.empty() ? "." : dir, ec)) {
                std::string name = e.path().filename().string();
                if (e.is_directory(ec)) c.candidates.push_back(dir + name + "/");
                else if (e.path().extension() == ".game") c.candidates.push_back(dir + name);
            }
            return c;
        }
    }
    std::size_t start = before.size();
    while (start > 0 && (std::isalnum(static_cast<unsigned char>(before[start - 1])) || before[start - 1] == '_'))
        --start;
    c.start = start;
    for (const char* k : keywords) c.candidates.push_back(k);
    for (const Builtin& b : all_builtins()) c.candidates.push_back(b.name);
    for (const auto& [name, global] : in_.globals.names) c.candidates.push_back(name);
    return c;
}

int repl(Interpreter& in, const std::vector<std::string>& files, const ReplOptions& opts) {
    ReplSession session(in, opts);
    return session.run(files);
}

}  // namespace grundy
