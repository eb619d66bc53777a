// Reading a program's text from a file: a directory, a device or an empty
// name where a file is expected is an error that says so, not an empty
// program; so is a file too large to be a program.
#pragma once

#include <cstddef>
#include <string>

namespace grundy {

// The most a source file may hold (a location is a 32-bit offset, and no
// program is near this).
constexpr std::size_t max_source_bytes = std::size_t{64} << 20;

// Why `path` cannot be read as a program ("it is a directory, not a
// file", "no such file"), or "" when it looks readable. Checks without
// reading.
std::string source_file_problem(const std::string& path);

// Reads the file into `text`; false with `error` set to the reason (as
// above, or the system's) otherwise. Pipes are read to their end.
bool read_source_file(const std::string& path, std::string& text, std::string& error);

}  // namespace grundy
