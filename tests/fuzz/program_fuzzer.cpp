// libFuzzer target: whole programs, run as `grundy run` runs them, with
// small limits (2,000 states, 2 seconds and 1 GB of memory a program), on
// the command line's large stack. A program may fail in any way a user's
// may, but a failure must be reported: exit status 2 with an error printed,
// never a crash, a sanitizer report or a silent error.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "interpreter/cli/big_stack.hpp"
#include "interpreter/driver/interpreter.hpp"
#include "interpreter/driver/limits.hpp"

using namespace grundy;

namespace {

Watchdog* watchdog = nullptr;
std::FILE* nowhere = nullptr;  // /dev/null: standard output and input

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    Limits limits;
    limits.max_seconds = 2;
    limits.max_memory = std::uint64_t{1} << 30;
    watchdog = new Watchdog(limits);  // lives as long as the process
    nowhere = std::fopen("/dev/null", "r+");
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string text(reinterpret_cast<const char*>(data), size);
    run_with_big_stack([&] {
        watchdog->arm();
        char* err_text = nullptr;
        std::size_t err_size = 0;
        std::FILE* err = open_memstream(&err_text, &err_size);
        Status status;
        {
            Interpreter in;
            in.ctx.solver.set_max_states(2000);
            in.set_output(nowhere, err);
            in.set_input(nowhere);
            status = in.run_text("fuzz.game", text);
        }
        watchdog->disarm();
        std::fclose(err);
        std::string errors(err_text, err_size);
        std::free(err_text);
        if (status == status_error && errors.find("error: ") == std::string::npos) {
            std::fprintf(stderr, "status 2 without an error message\n");
            std::abort();
        }
        return 0;
    });
    return 0;
}
