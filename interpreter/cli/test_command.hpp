// `grundy test`: runs every .game file under the given paths, each in a
// child process of its own with a time limit, counting asserts and checks.
// A file NAME.in beside a test is its standard input; a file NAME.out is
// the output it must print (compared to the letter, counted as one check).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/driver/limits.hpp"

namespace grundy {

struct TestOptions {
    std::vector<std::string> paths;
    bool verbose = false;
    bool json = false;             // one JSON object per file, then a summary
    std::uint64_t max_states = 0;  // 0: the default
    std::uint64_t timeout = 120;   // seconds a file may run
    Limits limits;                 // --max-seconds holds for each file
};

int test_command(const TestOptions& opts);

}  // namespace grundy
