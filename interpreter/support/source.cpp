#include "source.hpp"

#include <algorithm>

namespace grundy {

Source::Source(std::string name, std::string text) : name_(std::move(name)), text_(std::move(text)) {
    line_starts_.push_back(0);
    for (std::uint32_t i = 0; i < text_.size(); ++i)
        if (text_[i] == '\n') line_starts_.push_back(i + 1);
}

LineCol Source::line_col(std::uint32_t offset) const {
    offset = std::min<std::uint32_t>(offset, static_cast<std::uint32_t>(text_.size()));
    auto it = std::upper_bound(line_starts_.begin(), line_starts_.end(), offset);
    auto line = static_cast<std::uint32_t>(it - line_starts_.begin());
    std::uint32_t col = 1;
    for (std::uint32_t i = line_starts_[line - 1]; i < offset; ++i)
        if ((static_cast<unsigned char>(text_[i]) & 0xC0) != 0x80) ++col;  // count code points
    return {line, col};
}

std::string_view Source::line_text(std::uint32_t line) const {
    if (line == 0 || line > line_starts_.size()) return {};
    std::uint32_t begin = line_starts_[line - 1];
    std::uint32_t end = line < line_starts_.size() ? line_starts_[line] : static_cast<std::uint32_t>(text_.size());
    std::string_view s(text_.data() + begin, end - begin);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

SourceManager::SourceManager() { sources_.emplace_back("<none>", ""); }

std::uint32_t SourceManager::add(std::string name, std::string text) {
    sources_.emplace_back(std::move(name), std::move(text));
    return static_cast<std::uint32_t>(sources_.size() - 1);
}

}  // namespace grundy
