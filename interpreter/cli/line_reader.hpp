// Reads the REPL's input a line at a time. On a terminal (and when built
// with libedit) lines can be edited, recalled from a history kept across
// runs, and names completed with Tab; otherwise (pipes, tests) plain lines
// are read and no prompt is printed, so transcripts hold only results.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// What Tab may put in place of the text before the cursor from `start` on.
struct Completion {
    std::size_t start = 0;
    std::vector<std::string> candidates;
    bool space_after = false;  // after a unique match (a command's name, not a function's)
};
using Completer = std::function<Completion(std::string_view before_cursor)>;

class LineReader {
public:
    enum class Result { line, interrupted, eof };

    // Line editing when standard input is a terminal; plain lines otherwise.
    static std::unique_ptr<LineReader> make(Completer complete);
    virtual ~LineReader() = default;

    // A line without its newline. `interrupted`: Ctrl-C while typing; the
    // line is dropped. With `remember` false the line stays out of the
    // history (a move typed in :play).
    virtual Result read(const std::string& prompt, std::string& line, bool remember = true) = 0;
    // True when prompts are shown and a person types (so messages meant
    // for a person, like the welcome line, are worth printing).
    virtual bool interactive() const = 0;
};

// ~/.grundy_history, or "" when $HOME is not set.
std::string history_path();

}  // namespace grundy
