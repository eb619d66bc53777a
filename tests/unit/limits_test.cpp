// Limits on time and memory (driver/limits.hpp) and reading sources that
// are not files (driver/source_file.hpp).
#include <catch2/catch.hpp>

#include "interpreter/driver/limits.hpp"
#include "interpreter/driver/source_file.hpp"
#include "run_program.hpp"

using namespace grundy;

TEST_CASE("sizes are read with their unit and written back the same way", "[limits]") {
    CHECK(parse_size("200M") == std::uint64_t{200} << 20);
    CHECK(parse_size("2G") == std::uint64_t{2} << 30);
    CHECK(parse_size("2g") == std::uint64_t{2} << 30);
    CHECK(parse_size("512K") == std::uint64_t{512} << 10);
    CHECK(parse_size("1.5G") == std::uint64_t{3} << 29);
    CHECK(parse_size("200MB") == std::uint64_t{200} << 20);
    CHECK(parse_size("2GiB") == std::uint64_t{2} << 30);
    CHECK(parse_size("1T") == std::uint64_t{1} << 40);
    for (const char* bad : {"", "200", "M", "-1G", "0M", "lots", "2X", "1e30T", "G2"})
        CHECK_FALSE(parse_size(bad).has_value());
    CHECK(format_size(std::uint64_t{200} << 20) == "200M");
    CHECK(format_size(std::uint64_t{3} << 29) == "1.5G");
    CHECK(format_size(std::uint64_t{512} << 10) == "512K");
    CHECK(format_size(*parse_size("11.7G")) == "11.7G");
}

TEST_CASE("the default memory limit is half of what the machine has", "[limits]") {
    std::uint64_t half = default_max_memory();
    CHECK(half > (std::uint64_t{16} << 20));
    CHECK(resident_bytes() > 0);
    CHECK(resident_bytes() < 2 * half);
}

TEST_CASE("a time limit stops a doubly recursive function with its message", "[limits]") {
    Limits limits;
    limits.max_seconds = 0.2;
    Watchdog watchdog(limits);
    watchdog.arm();
    auto r = testing::run_program("fn f(n) = if n < 2 then n else f(n - 1) + f(n - 2)\nprint f(90)\n");
    watchdog.disarm();
    CHECK(r.status == status_error);
    CHECK_THAT(r.err, Catch::Contains("time limit reached: this ran for more than 0.2 s; raise it with --max-seconds"));
    // Armed again, the flag left over from before is cleared.
    watchdog.arm();
    CHECK(testing::output_of("print 6 * 7\n") == "42\n");
    watchdog.disarm();
}

TEST_CASE("a memory limit stops a game that only grows, and a large block past it is refused", "[limits]") {
    Limits limits;
    limits.max_memory = resident_bytes() + (std::uint64_t{64} << 20);
    Watchdog watchdog(limits);
    watchdog.arm();
    auto r = testing::run_program("game Up { position n; move => n + 1 }\nprint sg(Up(0))\n");
    CHECK(r.status == status_error);
    CHECK_THAT(r.err, Catch::Contains("memory limit reached: more than"));
    CHECK_THAT(r.err, Catch::Contains("raise it with --max-memory"));
    CHECK_THROWS_AS(check_allocation(limits.max_memory), MemoryLimitError);
    watchdog.disarm();
    check_allocation(limits.max_memory);  // disarmed: not checked
}

TEST_CASE("what is not a file is refused with its reason", "[limits]") {
    std::string text, error;
    CHECK_FALSE(read_source_file("", text, error));
    CHECK(error == "the file name is empty");
    CHECK_FALSE(read_source_file("/", text, error));
    CHECK(error == "it is a directory, not a file");
    CHECK_FALSE(read_source_file("/dev/zero", text, error));
    CHECK(error == "it is a device, not a file");
    CHECK_FALSE(read_source_file("/no/such/file.game", text, error));
    CHECK(error == "no such file");
    CHECK(source_file_problem("/dev/null") == "it is a device, not a file");
}

TEST_CASE("a limit reached before the first statement runs is that statement's error", "[limits]") {
    // Found by the program fuzzer: the flag set while a file (or an import)
    // compiled made pushing its frame throw past every handler.
    struct Reset {
        ~Reset() { solver::Solver::interrupt_flag = 0; }
    } reset;
    solver::Solver::set_stop_message(solver::Solver::time_limit, "time limit reached: in the test");
    solver::Solver::interrupt_flag = solver::Solver::time_limit;
    auto r = testing::run_program("let a = 1\nprint a\n");
    CHECK(r.status == status_error);
    CHECK(r.err == "test.game:1:1: error: time limit reached: in the test\nlet a = 1\n^~~\n");
    Interpreter in;
    std::FILE* err = std::tmpfile();
    in.set_output(err, err);
    Value v;
    CHECK(in.eval("1 + 1", v) == status_error);
    std::fclose(err);
}
