// A string as a Grundy string literal: in quotes, with the escapes the
// lexer reads back (\" \\ \n \t). Used wherever values or code are printed.
#pragma once

#include <string>

namespace grundy {

inline void append_quoted(const std::string& s, std::string& out) {
    out += '"';
    for (char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            default: out += c;
        }
    }
    out += '"';
}

inline std::string quoted(const std::string& s) {
    std::string out;
    append_quoted(s, out);
    return out;
}

}  // namespace grundy
