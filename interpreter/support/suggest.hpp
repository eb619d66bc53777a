// "Did you mean ...?": the closest of some candidates to a misspelled word.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

// The number of single-character insertions, deletions, substitutions and
// swaps of two adjacent characters that turn `a` into `b`.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The candidate closest to `word` (the first of equals), if it is close
// enough to be a likely typo: one edit for words of one or two characters,
// two for longer ones; "" when none is. `word` itself is passed over.
std::string closest(std::string_view word, const std::vector<std::string>& candidates);

}  // namespace grundy
