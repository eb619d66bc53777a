// Source texts and locations.
//
// Every source text (file, stdin, REPL line, embedded stdlib file) stays in
// memory for the whole run, so any phase can print the offending line and a
// caret without reading the file again. A Loc is 8 bytes: source id + offset.
#pragma once

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

struct Loc {
    std::uint32_t source = 0;  // index in SourceManager; 0 is "no source"
    std::uint32_t offset = 0;  // byte offset into the text
    bool valid() const { return source != 0; }
};

struct LineCol {
    std::uint32_t line = 0;    // 1-based
    std::uint32_t column = 0;  // 1-based, in code points
};

class Source {
public:
    Source(std::string name, std::string text);

    const std::string& name() const { return name_; }
    const std::string& text() const { return text_; }
    LineCol line_col(std::uint32_t offset) const;
    std::string_view line_text(std::uint32_t line) const;  // without the newline

private:
    std::string name_;
    std::string text_;
    std::vector<std::uint32_t> line_starts_;
};

class SourceManager {
public:
    SourceManager();
    // Returns the new source's id; ids are stable and never reused.
    std::uint32_t add(std::string name, std::string text);
    const Source& get(std::uint32_t id) const { return sources_[id]; }

private:
    std::deque<Source> sources_;  // deque: references stay valid as it grows
};

}  // namespace grundy
