// `grundy test`: runs every .game file under the given paths, each in a
// fresh interpreter, counting asserts and checks. A file NAME.in beside a
// test is its standard input; a file NAME.out is the output it must print
// (compared to the letter, counted as one check).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/driver/limits.hpp"

namespace grundy {

struct TestOptions {
    std::vector<std::string> paths;
    bool verbose = false;
    std::uint64_t max_states = 0;  // 0: the default
    Limits limits;                 // --max-seconds holds for each file
};

int test_command(const TestOptions& opts);

}  // namespace grundy
