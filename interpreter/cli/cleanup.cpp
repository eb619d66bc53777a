#include "cleanup.hpp"

#include <atomic>
#include <climits>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace grundy::cleanup {

namespace {

// Fixed slots, so that the handler reads them without locks or allocation.
// A slot's `used` is set after its contents are written, and cleared first.
constexpr int slots = 8;
struct Temporary {
    std::atomic<bool> used{false};
    char path[PATH_MAX];
};
Temporary temporaries[slots];
std::atomic<pid_t> children[slots];

void on_fatal_signal(int sig) {
    for (Temporary& t : temporaries)
        if (t.used.load()) ::unlink(t.path);
    for (auto& c : children)
        if (pid_t pid = c.load(); pid > 0) ::kill(pid, SIGKILL);
    // Die of the signal, as without this handler (the shell sees it so).
    std::signal(sig, SIG_DFL);
    std::raise(sig);
}

}  // namespace

void install(bool sigint) {
    struct sigaction sa {};
    sa.sa_handler = on_fatal_signal;
    sigemptyset(&sa.sa_mask);
    for (int sig : {SIGTERM, SIGHUP, SIGQUIT, SIGINT}) {
        if (sig == SIGINT && !sigint) continue;
        struct sigaction old {};
        // A signal ignored when we started (nohup, a background job) stays ignored.
        if (sigaction(sig, nullptr, &old) == 0 && old.sa_handler == SIG_IGN) continue;
        sigaction(sig, &sa, nullptr);
    }
}

int add_temporary(const std::string& path) {
    if (path.size() >= PATH_MAX) return -1;
    for (int i = 0; i < slots; ++i) {
        Temporary& t = temporaries[i];
        if (t.used.load()) continue;
        std::memcpy(t.path, path.c_str(), path.size() + 1);
        t.used.store(true);
        return i;
    }
    return -1;
}

void remove_temporary(int slot) {
    if (slot >= 0) temporaries[slot].used.store(false);
}

int add_child(pid_t pid) {
    for (int i = 0; i < slots; ++i) {
        pid_t none = 0;
        if (children[i].compare_exchange_strong(none, pid)) return i;
    }
    return -1;
}

void remove_child(int slot) {
    if (slot >= 0) children[slot].store(0);
}

}  // namespace grundy::cleanup
