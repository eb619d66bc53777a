#include "limits.hpp"

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fcntl.h>
#include <fmt/format.h>
#include <unistd.h>

#include "interpreter/solver/solver.hpp"

namespace grundy {

namespace {

using Solver = solver::Solver;

// How often the watchdog looks: a game that grows at 50 MB/s (an endless
// one on the int path) passes a limit by half a megabyte at most.
constexpr auto period = std::chrono::milliseconds(10);

std::uint64_t read_number(const char* path) {
    std::FILE* f = std::fopen(path, "r");
    if (!f) return 0;
    unsigned long long n = 0;
    bool ok = std::fscanf(f, "%llu", &n) == 1;
    std::fclose(f);
    return ok ? n : 0;
}

// /proc/self/statm, kept open: each look is one pread.
class Statm {
public:
    Statm() : fd_(::open("/proc/self/statm", O_RDONLY | O_CLOEXEC)) {}
    ~Statm() {
        if (fd_ >= 0) ::close(fd_);
    }
    std::uint64_t resident() const {
        char buf[128];
        if (fd_ < 0) return 0;
        ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
        if (n <= 0) return 0;
        buf[n] = 0;
        unsigned long long size = 0, pages = 0;
        if (std::sscanf(buf, "%llu %llu", &size, &pages) != 2) return 0;
        return pages * static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    }

private:
    int fd_;
};

std::string limit_message(const Limits& l, Solver::StopReason reason) {
    if (reason == Solver::time_limit)
        return fmt::format("time limit reached: this ran for more than {} s; raise it with --max-seconds",
                           l.max_seconds);
    return fmt::format("memory limit reached: more than {} in use{}; raise it with --max-memory",
                       format_size(l.max_memory),
                       l.memory_is_default ? " (the default: half of this machine's memory)" : "");
}

// The memory limit while a Watchdog is armed (0: none), for check_allocation.
std::atomic<std::uint64_t> armed_memory{0};
std::string memory_message = "memory limit reached";

const Statm& statm() {
    static const Statm s;
    return s;
}

}  // namespace

std::uint64_t resident_bytes() { return statm().resident(); }

MemoryLimitError::MemoryLimitError() : SolveError(memory_message) {}

std::string out_of_memory_message(const std::bad_alloc& e) {
    if (dynamic_cast<const MemoryLimitError*>(&e)) return e.what();
    return "out of memory: this needs more memory than the machine has (--max-memory, --max-states bound a run)";
}

void check_allocation(std::size_t bytes) {
    std::uint64_t limit = armed_memory.load(std::memory_order_relaxed);
    if (!limit || statm().resident() + bytes <= limit) return;
    int none = 0;
    Solver::interrupt_flag.compare_exchange_strong(none, Solver::memory_limit);
    throw MemoryLimitError();
}

std::uint64_t default_max_memory() {
    std::uint64_t machine = static_cast<std::uint64_t>(::sysconf(_SC_PHYS_PAGES)) *
                            static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
    // cgroup v2 says "max" when there is no limit, which reads as 0 here.
    std::uint64_t group = read_number("/sys/fs/cgroup/memory.max");
    if (group && group < machine) machine = group;
    return machine / 2;
}

std::optional<std::uint64_t> parse_size(const std::string& text) {
    char* end = nullptr;
    double n = std::strtod(text.c_str(), &end);
    if (text.empty() || end == text.c_str() || !std::isdigit(static_cast<unsigned char>(text[0])) || !(n > 0))
        return std::nullopt;
    std::string unit(end);
    for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (unit.size() > 1 && (unit.ends_with("IB") || unit.ends_with("B"))) unit.erase(1);
    double scale;
    if (unit == "K") scale = 1024.0;
    else if (unit == "M") scale = 1024.0 * 1024;
    else if (unit == "G") scale = 1024.0 * 1024 * 1024;
    else if (unit == "T") scale = 1024.0 * 1024 * 1024 * 1024;
    else return std::nullopt;  // a bare number of bytes is too easy to get wrong
    double bytes = n * scale;
    if (bytes >= 9.0e18 || bytes < 1) return std::nullopt;
    return static_cast<std::uint64_t>(bytes);
}

std::string format_size(std::uint64_t bytes) {
    const char* units[] = {"K", "M", "G", "T"};
    double n = static_cast<double>(bytes) / 1024;
    int u = 0;
    while (n >= 1024 && u < 3) {
        n /= 1024;
        ++u;
    }
    // Whole numbers as given (200M); others to one decimal (11.7G).
    if (std::fabs(n - std::round(n)) < 0.05) return fmt::format("{}{}", static_cast<long long>(std::round(n)), units[u]);
    return fmt::format("{:.1f}{}", n, units[u]);
}

Watchdog::Watchdog(const Limits& limits) : limits_(limits) {
    Solver::set_stop_message(Solver::time_limit, limit_message(limits_, Solver::time_limit));
    Solver::set_stop_message(Solver::memory_limit, limit_message(limits_, Solver::memory_limit));
    memory_message = limit_message(limits_, Solver::memory_limit);
    if (limits_.max_seconds > 0 || limits_.max_memory > 0) thread_ = std::thread([this] { watch(); });
}

Watchdog::~Watchdog() {
    armed_memory = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        quit_ = true;
    }
    wake_.notify_all();
    if (thread_.joinable()) thread_.join();
}

void Watchdog::arm() {
    std::lock_guard<std::mutex> lock(mutex_);
    int flag = Solver::interrupt_flag.load();
    if (flag > Solver::interrupted) Solver::interrupt_flag.compare_exchange_strong(flag, 0);
    deadline_ = std::chrono::steady_clock::now() +
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double>(limits_.max_seconds));
    armed_ = true;
    armed_memory = limits_.max_memory;
}

void Watchdog::disarm() {
    std::lock_guard<std::mutex> lock(mutex_);
    armed_ = false;
    armed_memory = 0;
    int flag = Solver::interrupt_flag.load();  // a limit no longer holds; a Ctrl-C still does
    if (flag > Solver::interrupted) Solver::interrupt_flag.compare_exchange_strong(flag, 0);
}

void Watchdog::watch() {
    Statm statm;
    std::unique_lock<std::mutex> lock(mutex_);
    while (!quit_) {
        wake_.wait_for(lock, period);
        if (quit_ || !armed_) continue;
        int reason = 0;
        if (limits_.max_seconds > 0 && std::chrono::steady_clock::now() >= deadline_) reason = Solver::time_limit;
        else if (limits_.max_memory > 0 && statm.resident() > limits_.max_memory) reason = Solver::memory_limit;
        int none = 0;
        if (reason) Solver::interrupt_flag.compare_exchange_strong(none, reason);
    }
}

}  // namespace grundy
