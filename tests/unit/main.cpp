// The command line runs programs on a thread with a big stack
// (run_with_big_stack), and recursion goes as deep as that stack allows;
// the tests run on one too.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <pthread.h>
#include <sys/mman.h>

namespace {
struct Run {
    int argc;
    char** argv;
    int result = 0;
};
void* run(void* p) {
    auto* r = static_cast<Run*>(p);
    r->result = Catch::Session().run(r->argc, r->argv);
    return nullptr;
}
}  // namespace

int main(int argc, char** argv) {
    Run r{argc, argv};
    // 8 GB of address space, as the command line has: a million nested
    // calls fit even with the sanitizers' larger frames.
    const std::size_t size = std::size_t{8} << 30;
    void* stack = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK,
                       -1, 0);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    if (stack != MAP_FAILED) pthread_attr_setstack(&attr, stack, size);
    else pthread_attr_setstacksize(&attr, std::size_t{1} << 30);
    pthread_t thread;
    if (pthread_create(&thread, &attr, run, &r) != 0) return Catch::Session().run(argc, argv);
    pthread_attr_destroy(&attr);
    pthread_join(thread, nullptr);
    return r.result;
}
