// Limits on a run's time and memory, for the work no state count bounds
// (`sum(0..10^18)`, a doubly recursive function, a game that only grows).
//
// A watchdog thread compares the time since `arm()` and the process's
// resident memory with the limits every few milliseconds and, past one,
// sets the solver's interrupt flag (Solver::time_limit or memory_limit).
// The solver and the evaluator already poll that flag (each call, each
// binding of a generator, every few thousand states, every 2^16 items of
// a range in a builtin), so the statement that runs ends with the limit's
// message, which names the figure and the option that raises it; the hot
// paths pay nothing more.
//
// A block of memory allocated at once (a vector that doubles) would pass
// the limit by its whole size before the watchdog looks, so the command
// line's operator new calls check_allocation for large blocks, which
// refuses one that would take the process past the limit.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <new>
#include <optional>
#include <string>
#include <thread>

#include "interpreter/solver/solver.hpp"

namespace grundy {

struct Limits {
    double max_seconds = 0;          // 0: none
    std::uint64_t max_memory = 0;    // bytes of resident memory; 0: none
    bool memory_is_default = false;  // said in the message
};

// The process's resident memory now, in bytes (0 if it cannot be read).
std::uint64_t resident_bytes();
// Half the memory the process may use: the machine's, or its control
// group's limit when that is lower.
std::uint64_t default_max_memory();
// "200M", "2G", "1.5G", "512K" (powers of 1024; "MB", "GiB" too): bytes.
std::optional<std::uint64_t> parse_size(const std::string& text);
// Bytes as parse_size reads them: "200M", "11.7G".
std::string format_size(std::uint64_t bytes);

// Thrown by check_allocation: a std::bad_alloc, as operator new must
// throw, and a SolveError, so that it is reported where the watchdog's
// memory limit is (at the expression that was running), with its message.
struct MemoryLimitError : std::bad_alloc, solver::SolveError {
    MemoryLimitError();
    const char* what() const noexcept override { return SolveError::what(); }
};
// The message for a failed allocation: the limit's, or "out of memory".
std::string out_of_memory_message(const std::bad_alloc& e);

// Blocks of this size and more are checked before they are allocated.
constexpr std::size_t large_block = std::size_t{1} << 20;
// Throws MemoryLimitError (and sets the solver's flag to memory_limit) if
// `bytes` more would take the resident memory past the armed limit.
void check_allocation(std::size_t bytes);

class Watchdog {
public:
    explicit Watchdog(const Limits& limits);  // starts disarmed
    ~Watchdog();
    Watchdog(const Watchdog&) = delete;
    Watchdog& operator=(const Watchdog&) = delete;

    // The time limit counts from now; a limit's flag left from before is
    // cleared. Disarmed, neither limit is checked (the REPL's prompt), and
    // a limit's flag is cleared.
    void arm();
    void disarm();

private:
    void watch();

    Limits limits_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool armed_ = false;
    bool quit_ = false;
    std::chrono::steady_clock::time_point deadline_;
    std::thread thread_;
};

}  // namespace grundy
