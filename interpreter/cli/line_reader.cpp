#include "line_reader.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <unistd.h>

#ifdef GRUNDY_HAVE_LIBEDIT
#include <histedit.h>
#endif
#ifdef GRUNDY_SANITIZE
#include <sanitizer/lsan_interface.h>
#endif

namespace grundy {

std::string history_path() {
    const char* home = std::getenv("HOME");
    if (!home || !*home) return "";
    return std::string(home) + "/.grundy_history";
}

namespace {

// Prompts only for a person at a terminal (a build without libedit).
class PlainReader final : public LineReader {
public:
    explicit PlainReader(bool prompts) : prompts_(prompts) {}
    Result read(const std::string& prompt, std::string& line, bool) override {
        if (prompts_) {
            std::fputs(prompt.c_str(), stdout);
            std::fflush(stdout);
        }
        if (!std::getline(std::cin, line)) return Result::eof;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return Result::line;
    }
    bool interactive() const override { return prompts_; }

private:
    bool prompts_;
};

#ifdef GRUNDY_HAVE_LIBEDIT

std::string common_prefix(const std::vector<std::string>& xs) {
    std::string p = xs.front();
    for (const std::string& x : xs) {
        std::size_t n = 0;
        while (n < p.size() && n < x.size() && p[n] == x[n]) ++n;
        p.resize(n);
    }
    return p;
}

// libedit copies an added function's name and help text and never frees
// them (el_end does not): its leak, which the leak checker is told to
// leave out, not ours.
void add_function(EditLine* el, const char* name, const char* help, unsigned char (*f)(EditLine*, int)) {
#ifdef GRUNDY_SANITIZE
    __lsan_disable();
#endif
    el_set(el, EL_ADDFN, name, help, f);
#ifdef GRUNDY_SANITIZE
    __lsan_enable();
#endif
}

class EditReader final : public LineReader {
public:
    explicit EditReader(Completer complete) : complete_(std::move(complete)) {
        el_ = el_init("grundy", stdin, stdout, stderr);
        hist_ = history_init();
        HistEvent ev;
        history(hist_, &ev, H_SETSIZE, 1000);
        history(hist_, &ev, H_SETUNIQUE, 1);
        path_ = history_path();
        if (!path_.empty()) history(hist_, &ev, H_LOAD, path_.c_str());  // fails quietly when absent
        el_set(el_, EL_CLIENTDATA, this);
        el_set(el_, EL_EDITOR, "emacs");
        el_set(el_, EL_PROMPT, &EditReader::prompt);
        el_set(el_, EL_HIST, history, hist_);
        add_function(el_, "grundy-complete", "complete a name", &EditReader::complete);
        el_set(el_, EL_BIND, "^I", "grundy-complete", nullptr);
        // While a line is edited, Ctrl-C is a key that drops the line (not a
        // signal, which libedit's read would swallow); while an entry runs
        // the terminal is back in its own mode and Ctrl-C is SIGINT again.
        el_set(el_, EL_SETTY, "-d", "-isig", nullptr);
        add_function(el_, "grundy-cancel", "drop the line", &EditReader::cancel);
        el_set(el_, EL_BIND, "^C", "grundy-cancel", nullptr);
        el_source(el_, nullptr);  // the user's ~/.editrc, if any
    }
    ~EditReader() override {
        history_end(hist_);
        el_end(el_);
    }

    Result read(const std::string& prompt, std::string& line, bool remember) override {
        prompt_ = prompt;
        cancelled_ = false;
        int count = 0;
        const char* text = el_gets(el_, &count);
        if (cancelled_) return Result::interrupted;
        if (!text || count <= 0) return Result::eof;
        line.assign(text, static_cast<std::size_t>(count));
        while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
        if (remember && line.find_first_not_of(" \t") != std::string::npos) {
            HistEvent ev;
            history(hist_, &ev, H_ENTER, line.c_str());
            if (!path_.empty()) history(hist_, &ev, H_SAVE, path_.c_str());  // unwritable: skipped
        }
        return Result::line;
    }
    bool interactive() const override { return true; }

private:
    static EditReader* self(EditLine* el) {
        void* p = nullptr;
        el_get(el, EL_CLIENTDATA, &p);
        return static_cast<EditReader*>(p);
    }
    static char* prompt(EditLine* el) { return const_cast<char*>(self(el)->prompt_.c_str()); }
    static unsigned char cancel(EditLine* el, int) {
        self(el)->cancelled_ = true;
        std::fputs("^C\n", stdout);
        return CC_NEWLINE;
    }

    static unsigned char complete(EditLine* el, int) {
        EditReader* r = self(el);
        const LineInfo* li = el_line(el);
        std::string_view before(li->buffer, static_cast<std::size_t>(li->cursor - li->buffer));
        Completion c = r->complete_(before);
        std::string word(before.substr(std::min(c.start, before.size())));
        std::vector<std::string> matches;
        for (const std::string& s : c.candidates)
            if (s.compare(0, word.size(), word) == 0) matches.push_back(s);
        std::sort(matches.begin(), matches.end());
        matches.erase(std::unique(matches.begin(), matches.end()), matches.end());
        if (matches.empty()) return CC_ERROR;
        std::string prefix = common_prefix(matches);
        if (matches.size() == 1 && c.space_after) prefix += ' ';
        if (prefix.size() > word.size()) {
            el_insertstr(el, prefix.c_str() + word.size());
            return CC_REFRESH;
        }
        // Nothing to add: list the choices under the line.
        std::size_t width = 0;
        for (auto& m : matches) width = std::max(width, m.size());
        std::size_t per_line = std::max<std::size_t>(1, 78 / (width + 2));
        std::string out = "\n";
        for (std::size_t i = 0; i < matches.size(); ++i) {
            out += matches[i] + std::string(width + 2 - matches[i].size(), ' ');
            if ((i + 1) % per_line == 0 || i + 1 == matches.size()) {
                while (out.back() == ' ') out.pop_back();
                out += '\n';
            }
        }
        std::fputs(out.c_str(), stdout);
        return CC_REDISPLAY;
    }

    Completer complete_;
    EditLine* el_ = nullptr;
    History* hist_ = nullptr;
    std::string prompt_;
    std::string path_;
    bool cancelled_ = false;
};

#endif

}  // namespace

std::unique_ptr<LineReader> LineReader::make(Completer complete) {
    bool terminal = isatty(STDIN_FILENO) && isatty(STDOUT_FILENO);
#ifdef GRUNDY_HAVE_LIBEDIT
    if (terminal) return std::make_unique<EditReader>(std::move(complete));
#endif
    (void)complete;
    return std::make_unique<PlainReader>(terminal);
}

}  // namespace grundy
